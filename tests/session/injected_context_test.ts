import assert from "node:assert/strict";
import { ROUTING_BLOCK } from "../../src/routing/routing_block.ts";
import { withoutInjectedContext } from "../../src/session/injected_context.ts";
import { runHook } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** As Gemini CLI escapes hook output before it prepends it to the prompt. */
function escaped(text: string): string {
  return text.replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

const GUIDE =
  "<session_guide>\n## Last Request\nearlier work\n</session_guide>";

Deno.test("ctx-mode's own context, wrapped and escaped by the agent, is not the user's prompt", () => {
  const prompt = `<hook_context>${
    escaped(`${ROUTING_BLOCK}\n\n${GUIDE}`)
  }</hook_context>\n\nWhat is the state now?`;
  assert.equal(withoutInjectedContext(prompt), "What is the state now?");
  // Unwrapped and unescaped, as another agent could echo it.
  assert.equal(
    withoutInjectedContext(`${ROUTING_BLOCK}\n${GUIDE}\nFix the build`),
    "Fix the build",
  );
});

Deno.test("prompts that only look alike are kept as they are", () => {
  for (
    const prompt of [
      "Explain what <hook_context> does in Gemini CLI",
      "<hook_context>another tool's note</hook_context>\n\nRun the tests",
      "Why does ctx_mode_routing appear in my logs?",
      "Print a <session_guide> tag without closing it",
    ]
  ) {
    assert.equal(withoutInjectedContext(prompt), prompt);
  }
});

Deno.test("a Gemini prompt carrying the restored guide records only the user's words (real hook processes)", async () => {
  await using dir = await tempDir();
  const project = `${dir.path}/project`;
  await Deno.mkdir(project);
  const base = {
    "session_id": "5d1c7a2e-0b9f-4c3a-8e6d-1f2a3b4c5d6e",
    cwd: project,
    timestamp: "2026-08-20T09:14:58.120Z",
  };
  const prompt = (text: string) =>
    runHook(["gemini-cli", "BeforeAgent"], {
      ...base,
      "hook_event_name": "BeforeAgent",
      prompt: text,
    }, { home: dir.path });
  const resume = async () => {
    const run = await runHook(["gemini-cli", "SessionStart"], {
      ...base,
      "hook_event_name": "SessionStart",
      source: "resume",
    }, { home: dir.path });
    assert.equal(run.code, 0, run.stderr);
    return JSON.parse(run.stdout).hookSpecificOutput
      .additionalContext as string;
  };

  assert.equal((await prompt("Switch config.txt to turbo mode")).code, 0);
  const first = await resume();
  assert.match(first, /Switch config\.txt to turbo mode/);
  // Gemini sends the next prompt with that context in front of it.
  const echoed = `<hook_context>${
    escaped(first)
  }</hook_context>\n\nWhat is the state now?`;
  assert.equal((await prompt(echoed)).code, 0);

  const second = await resume();
  const guide = second.slice(second.indexOf("<session_guide>"));
  assert.match(guide, /## Last Request\nWhat is the state now\?\n/);
  assert.equal(
    guide.match(/<session_guide>|&lt;session_guide&gt;/g)?.length,
    1,
  );
  assert.doesNotMatch(guide, /ctx_mode_routing|pasted data/);
});
