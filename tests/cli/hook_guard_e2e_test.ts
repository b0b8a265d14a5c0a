import assert from "node:assert/strict";
import { join } from "node:path";
import { type CliRun, runHook } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/**
 * PreToolUse payloads of agents whose hook format is Claude Code's (Bash tool,
 * `tool_input.command`, `cwd`), so the claude-code adapter reads them as is.
 */
const SHELL_FIXTURES = ["claude-code", "codex", "kimi"];

/** Destructive substitutions with the rule that must deny them, and near misses that must pass. */
const COMMANDS: [string, string | null][] = [
  ["rm -rf ~", "rm.home"],
  ["git reset --hard", "git.reset-hard"],
  ["cat .env", "secret.env"],
  ["find . -delete", "find.delete"],
  ["find . -name '*.log' -delete", null],
  ["x".repeat(120_000), "guard.too-complex"],
  ["rm -rf node_modules", null],
  ["git reset --soft HEAD~1", null],
  ["cat .env.example", null],
  ["echo 'never run rm -rf /'", null],
];

async function fixture(agent: string): Promise<Record<string, unknown>> {
  const url = new URL(
    `../fixtures/hooks/${agent}/PreToolUse.json`,
    import.meta.url,
  );
  return JSON.parse(await Deno.readTextFile(url)).stdin;
}

function preToolUse(
  payload: Record<string, unknown>,
  home: string,
  project: string,
): Promise<CliRun> {
  return runHook(["claude-code", "pretooluse"], payload, {
    home,
    env: { CLAUDE_PROJECT_DIR: project },
  });
}

function assertDenied(run: CliRun, rule: string): void {
  assert.equal(run.code, 0, run.stderr);
  const answer = JSON.parse(run.stdout).hookSpecificOutput;
  assert.equal(answer.hookEventName, "PreToolUse");
  assert.equal(answer.permissionDecision, "deny");
  assert.ok(answer.permissionDecisionReason.length > 40);
  assert.ok(
    answer.permissionDecisionReason.includes(`[ctx-mode rule ${rule}]`),
    answer.permissionDecisionReason,
  );
}

function assertPassed(run: CliRun): void {
  assert.equal(run.code, 0, run.stderr);
  if (run.stdout.trim() === "") return;
  const answer = JSON.parse(run.stdout).hookSpecificOutput;
  assert.notEqual(answer?.permissionDecision, "deny", run.stdout);
}

for (const agent of SHELL_FIXTURES) {
  Deno.test(`the real pre-tool hook guards the ${agent} fixture's shell command`, async (t) => {
    await using home = await tempDir();
    await using project = await tempDir();
    const payload = await fixture(agent);
    await t.step("the fixture's own command passes", async () => {
      assertPassed(
        await preToolUse(
          { ...payload, cwd: project.path },
          home.path,
          project.path,
        ),
      );
    });
    for (const [command, rule] of COMMANDS) {
      const label = command.length > 40 ? `${command.slice(0, 20)}…` : command;
      await t.step(`${rule ?? "passes"}: ${label}`, async () => {
        const input = payload.tool_input as Record<string, unknown>;
        const run = await preToolUse(
          {
            ...payload,
            cwd: project.path,
            "tool_input": { ...input, command },
          },
          home.path,
          project.path,
        );
        if (rule === null) assertPassed(run);
        else assertDenied(run, rule);
      });
    }
  });
}

Deno.test("the real pre-tool hook denies the Read tool on a dotenv file and passes its template", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  const payload = await fixture("claude-code");
  const read = (path: string) => ({
    ...payload,
    cwd: project.path,
    "tool_name": "Read",
    "tool_input": { "file_path": join(project.path, path) },
  });
  assertDenied(
    await preToolUse(read(".env.local"), home.path, project.path),
    "secret.env",
  );
  assertPassed(
    await preToolUse(read(".env.example"), home.path, project.path),
  );
});
