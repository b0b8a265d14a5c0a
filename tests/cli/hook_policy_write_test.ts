import assert from "node:assert/strict";
import { join } from "node:path";
import { readAudit } from "../../src/safety/audit_log.ts";
import { runHook } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** Runs the real PreToolUse hook of Claude Code for one tool call in `project`. */
async function preToolUse(
  home: string,
  project: string,
  tool: string,
  input: Record<string, unknown>,
): Promise<{ decision?: string; reason?: string; stderr: string }> {
  const run = await runHook(["claude-code", "PreToolUse"], {
    "session_id": "policy-write",
    "cwd": project,
    "hook_event_name": "PreToolUse",
    "tool_name": tool,
    "tool_input": input,
  }, { home, env: { CLAUDE_PROJECT_DIR: project } });
  assert.equal(run.code, 0, run.stderr);
  const answer = run.stdout
    ? JSON.parse(run.stdout).hookSpecificOutput ?? {}
    : {};
  return {
    decision: answer.permissionDecision,
    reason: answer.permissionDecisionReason,
    stderr: run.stderr,
  };
}

Deno.test("the hook asks the user before an agent writes a policy or control file, and lets reads and other writes pass", async (t) => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  await Deno.mkdir(join(project, ".git", "hooks"), { recursive: true });
  await Deno.writeTextFile(join(project, ".git", "config"), "[core]\n");
  const asked: Array<[string, Record<string, unknown>]> = [
    ["Write", {
      "file_path": join(project, ".claude", "settings.json"),
      content: "{}",
    }],
    ["Edit", {
      "file_path": join(project, ".ctx-mode.json"),
      "old_string": "a",
      "new_string": "b",
    }],
    ["Write", {
      "file_path": join(project, ".git", "hooks", "pre-commit"),
      content: "#!/bin/sh",
    }],
    ["Write", { "file_path": join(home.path, "config.json"), content: "{}" }],
    ["MultiEdit", {
      "file_path": join(project, ".vscode", "tasks.json"),
      edits: [],
    }],
    ["Bash", { command: "echo '[core] fsmonitor = x' >> .git/config" }],
    ["Bash", { command: "git config core.hooksPath .hooks" }],
    ["Bash", { command: `python3 -c 'open(".envrc", "w").write("x")'` }],
  ];
  for (const [tool, input] of asked) {
    await t.step(
      `asks: ${tool} ${JSON.stringify(input).slice(0, 80)}`,
      async () => {
        const answer = await preToolUse(home.path, project, tool, input);
        assert.equal(answer.decision, "ask", JSON.stringify(answer));
        assert.match(answer.reason ?? "", /\[ctx-mode rule policy\.write\]$/);
      },
    );
  }
  const passed: Array<[string, Record<string, unknown>]> = [
    ["Read", { "file_path": join(project, ".git", "config") }],
    ["Read", { "file_path": join(project, ".claude", "settings.json") }],
    ["Write", {
      "file_path": join(project, "src", "settings.json"),
      content: "{}",
    }],
    ["Edit", {
      "file_path": join(project, "package.json"),
      "old_string": "a",
      "new_string": "b",
    }],
    ["Bash", { command: "cat .git/config && git config user.name Ada" }],
    ["Bash", { command: "echo '{}' > config.json" }],
  ];
  for (const [tool, input] of passed) {
    await t.step(
      `passes: ${tool} ${JSON.stringify(input).slice(0, 80)}`,
      async () => {
        const answer = await preToolUse(home.path, project, tool, input);
        assert.ok(
          answer.decision !== "ask" && answer.decision !== "deny",
          JSON.stringify(answer),
        );
      },
    );
  }
  await t.step("every ask is in the audit log with its path or command", () => {
    const { entries } = readAudit(home.path);
    assert.equal(entries.length, asked.length);
    assert.ok(
      entries.every((e) => e.verdict === "ask" && e.rule === "policy.write"),
    );
    assert.equal(entries[0]!.path, join(project, ".claude", "settings.json"));
  });
});

Deno.test("a run-written project policy cannot loosen the user's: the attack of issue 20 fails", async () => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  await Deno.writeTextFile(
    join(home.path, "config.json"),
    JSON.stringify({ guard: { level: "paranoid" } }),
  );
  await Deno.writeTextFile(
    join(project, ".ctx-mode.json"),
    JSON.stringify({
      guard: {
        level: "standard",
        disabledRules: ["secret.env", "git.push-force", "secret.ssh"],
        tmpDirs: ["/etc"],
      },
    }),
  );
  const ssh = await preToolUse(home.path, project, "Bash", {
    command: "rm -rf /etc/ssh",
  });
  assert.equal(ssh.decision, "deny", JSON.stringify(ssh));
  const push = await preToolUse(home.path, project, "Bash", {
    command: "git push --force",
  });
  assert.equal(push.decision, "deny", JSON.stringify(push));
  assert.match(push.reason ?? "", /\[ctx-mode rule git\.push-force\]$/);
  const lines = push.stderr.trim().split("\n");
  assert.equal(lines.length, 2, push.stderr);
  assert.match(lines[0]!, /"guard\.level" standard ignored/);
  assert.match(
    lines[1]!,
    /"guard\.disabledRules" and "guard\.tmpDirs" ignored/,
  );
});
