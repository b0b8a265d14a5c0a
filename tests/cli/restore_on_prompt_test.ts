import assert from "node:assert/strict";
import { runHook } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** Runs one hook event of `agent` as a real process in a private home. */
async function hook(
  agent: string,
  event: string,
  payload: Record<string, unknown>,
  home: string,
): Promise<string> {
  const run = await runHook([agent, event], payload, { home });
  assert.equal(run.code, 0, run.stderr);
  return run.stdout;
}

/** The context a prompt hook answered with, or undefined for none. */
function context(stdout: string): string | undefined {
  return stdout.trim() === ""
    ? undefined
    : JSON.parse(stdout).hookSpecificOutput?.additionalContext;
}

/** A prompt, a compaction, then two more prompts; the two answers. */
async function promptsAroundCompaction(agent: string): Promise<
  [string | undefined, string | undefined]
> {
  await using dir = await tempDir();
  const project = `${dir.path}/project`;
  await Deno.mkdir(project);
  const base = { "session_id": `${agent}-s1`, cwd: project };
  const prompt = (text: string) =>
    hook(agent, "UserPromptSubmit", {
      ...base,
      "hook_event_name": "UserPromptSubmit",
      prompt: text,
    }, dir.path);
  await prompt("Switch config.txt to turbo mode");
  await hook(agent, "PreCompact", {
    ...base,
    "hook_event_name": "PreCompact",
    trigger: "manual",
  }, dir.path);
  const first = context(await prompt("What is the state now?"));
  const second = context(await prompt("And now?"));
  return [first, second];
}

Deno.test("Qwen Code, which drops session-start context, gets the guide with the first prompt after a compaction (real hook processes)", async () => {
  const [first, second] = await promptsAroundCompaction("qwen-code");
  assert.match(first ?? "", /<session_guide>/);
  assert.match(first ?? "", /Switch config\.txt to turbo mode/);
  // Once per compaction: the next prompt carries nothing.
  assert.equal(second, undefined);
});

Deno.test("an agent whose session start restores the guide gets no second copy with its prompt", async () => {
  const [first, second] = await promptsAroundCompaction("claude-code");
  assert.deepEqual([first, second], [undefined, undefined]);
});

Deno.test("a compaction before the session's first prompt restores nothing with that prompt", async () => {
  await using dir = await tempDir();
  const base = { "session_id": "qwen-early", cwd: dir.path };
  await hook("qwen-code", "PreCompact", {
    ...base,
    "hook_event_name": "PreCompact",
    trigger: "auto",
  }, dir.path);
  const answer = await hook("qwen-code", "UserPromptSubmit", {
    ...base,
    "hook_event_name": "UserPromptSubmit",
    prompt: "Start here",
  }, dir.path);
  assert.equal(context(answer), undefined);
});
