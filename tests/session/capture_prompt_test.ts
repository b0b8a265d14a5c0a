import assert from "node:assert/strict";
import {
  capturePrompt,
  intentOf,
  PASTE_THRESHOLD_BYTES,
  roleOf,
} from "../../src/session/capture_prompt.ts";

function decisions(prompt: string): string[] {
  return capturePrompt(prompt).events.filter((e) => e.category === "decision")
    .map((e) => String(e.data.text));
}

Deno.test("capturePrompt() keeps the prompt word for word", () => {
  const prompt = "Rename `getUser` to `fetchUser`\n\nacross   the API module.";
  const [event] = capturePrompt(prompt).events;
  assert.deepEqual(event, {
    category: "prompt",
    type: "prompt",
    subject: "prompt",
    data: { text: prompt },
  });
});

Deno.test("capturePrompt() finds decisions and corrections, not questions or statements", async (t) => {
  const cases: Array<[string, string[]]> = [
    ["Use pnpm instead of npm.", ["Use pnpm instead of npm."]],
    ["Instead of a class, write plain functions.", [
      "Instead of a class, write plain functions.",
    ]],
    ["Don't touch the migrations. Fix the test.", [
      "Don't touch the migrations.",
    ]],
    ["Never commit directly to main", ["Never commit directly to main"]],
    ["Always run deno fmt before committing.", [
      "Always run deno fmt before committing.",
    ]],
    ["No, the limit is per user, not per IP.", [
      "No, the limit is per user, not per IP.",
    ]],
    ["Let's go with the sliding window.", [
      "Let's go with the sliding window.",
    ]],
    ["From now on write the tests first.", [
      "From now on write the tests first.",
    ]],
    ["Why don't we use Redis instead?", []],
    ["The build always fails on CI.", []],
    ["Add a --json flag to list.", []],
  ];
  for (const [prompt, expected] of cases) {
    await t.step(prompt, () => assert.deepEqual(decisions(prompt), expected));
  }
});

Deno.test("roleOf() finds role directives and ignores look-alikes", () => {
  assert.equal(
    roleOf("Please act as a senior reviewer and go through the diff."),
    "act as a senior reviewer and go through the diff",
  );
  assert.equal(
    roleOf("You are an experienced security auditor. Check auth."),
    "You are an experienced security auditor",
  );
  assert.equal(roleOf("You are a bit slow today."), undefined);
  assert.equal(
    roleOf("Take the role of the product owner"),
    "Take the role of the product owner",
  );
});

Deno.test("intentOf() tells investigate, implement, debug, review and discuss apart", () => {
  assert.equal(
    intentOf("Why does the cache miss after a restart?"),
    "investigate",
  );
  assert.equal(intentOf("Implement an LRU cache for the lookups"), "implement");
  assert.equal(
    intentOf("The upload test is failing with a TypeError"),
    "debug",
  );
  assert.equal(intentOf("Review my last commit for security issues"), "review");
  assert.equal(
    intentOf("What do you think: should we split the module?"),
    "discuss",
  );
  assert.equal(intentOf("ok"), undefined);
});

Deno.test("capturePrompt() stores large pasted data by reference and size, not inline", () => {
  const log = Array.from(
    { length: 80 },
    (_, i) =>
      `2026-01-01T00:00:${String(i).padStart(2, "0")} ERROR worker ${i} died`,
  ).join("\n");
  const prompt =
    `Why does the worker die?\n\n\`\`\`\n${log}\n\`\`\`\n\nUse the retry logic.`;
  const capture = capturePrompt(prompt);
  assert.equal(capture.pastes.length, 1);
  const [paste] = capture.pastes;
  assert.ok(paste!.bytes > PASTE_THRESHOLD_BYTES);
  assert.match(paste!.ref, /^paste-[0-9a-f]{10}$/);
  assert.equal(paste!.preview, "2026-01-01T00:00:00 ERROR worker 0 died");
  assert.match(paste!.content, /worker 79 died/);
  const text = String(capture.events[0]?.data.text);
  assert.doesNotMatch(text, /worker 12 died/);
  assert.match(
    text,
    new RegExp(`\\[pasted data: \\d+\\.\\d KB, ref ${paste!.ref}\\]`),
  );
  assert.match(text, /^Why does the worker die\?/);
  assert.deepEqual(
    capture.events.filter((e) => e.category === "data").map((e) => e.data),
    [{ ref: paste!.ref, bytes: paste!.bytes, preview: paste!.preview }],
  );

  const small = "Check this:\n```\nconst a = 1;\n```";
  assert.deepEqual(capturePrompt(small).pastes, []);
  const csv = Array.from({ length: 150 }, (_, i) => `${i},user${i},${i * 3.5}`)
    .join("\n");
  assert.equal(capturePrompt(`Summarise this\n\n${csv}`).pastes.length, 1);
  const prose = `Please keep in mind. ${
    "We want the importer to be calm. ".repeat(60)
  }`;
  assert.deepEqual(capturePrompt(prose).pastes, [], "long prose is not data");
});

Deno.test("capturePrompt() records slash commands and masks secrets", () => {
  const capture = capturePrompt(
    "/deploy staging with DEPLOY_TOKEN=tok_live_abcdef123456",
  );
  assert.equal(
    capture.events[0]?.data.text,
    "/deploy staging with DEPLOY_TOKEN=[REDACTED]",
  );
  assert.deepEqual(
    capture.events.filter((e) => e.category === "skill").map((e) => e.data),
    [{ name: "/deploy" }],
  );
});
