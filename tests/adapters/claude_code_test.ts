import assert from "node:assert/strict";
import { claudeCode } from "../../adapters/claude_code/adapter.ts";
import { claudeCodeSetup } from "../../adapters/claude_code/setup.ts";

const WHERE = { env: {}, parentPid: 4242 };

Deno.test("claudeCode.parse() maps tools to neutral kinds and finds the session and project", async (t) => {
  const cases: Array<{ tool: string; kind: string }> = [
    { tool: "Bash", kind: "shell" },
    { tool: "Read", kind: "read" },
    { tool: "Grep", kind: "grep" },
    { tool: "WebFetch", kind: "fetch" },
    { tool: "WebSearch", kind: "other" },
    { tool: "Agent", kind: "task" },
    { tool: "Edit", kind: "edit" },
    { tool: "mcp__github__list_issues", kind: "mcp" },
    { tool: "SomethingNew", kind: "other" },
  ];
  for (const c of cases) {
    await t.step(c.tool, () => {
      const input = claudeCode.parse("pre_tool_use", {
        "session_id": "plain-id",
        "transcript_path":
          "/home/a/.claude/projects/x/0b6f2c1e-8d4a-4c55-b1f3-6e9a2d7c4b80.jsonl",
        "cwd": "/srv/app",
        "tool_name": c.tool,
        "tool_input": { "file_path": "/srv/app/a.txt" },
      }, WHERE);
      assert.ok(input.event === "pre_tool_use");
      assert.equal(input.call.toolKind, c.kind);
      assert.equal(
        input.call.sessionId,
        "0b6f2c1e-8d4a-4c55-b1f3-6e9a2d7c4b80",
        "the transcript UUID wins",
      );
      assert.equal(input.call.projectDir, "/srv/app");
      const pathKinds = ["read", "edit"];
      assert.equal(
        input.call.input.path,
        pathKinds.includes(c.kind) ? "/srv/app/a.txt" : undefined,
        "file tools carry the neutral path",
      );
    });
  }
  await t.step(
    "session id falls back to session_id, then the parent pid",
    () => {
      const withId = claudeCode.parse("session_start", {
        "session_id": "abc",
        "cwd": "/srv/app",
      }, WHERE);
      assert.ok(withId.event === "session_start" && withId.sessionId === "abc");
      const bare = claudeCode.parse(
        "session_start",
        { "cwd": "/srv/app" },
        WHERE,
      );
      assert.ok(
        bare.event === "session_start" && bare.sessionId === "pid-4242",
      );
    },
  );
  await t.step("CLAUDE_PROJECT_DIR beats the payload's cwd", () => {
    const input = claudeCode.parse("pre_compact", { "cwd": "/srv/app/sub" }, {
      env: { CLAUDE_PROJECT_DIR: "/srv/app" },
      parentPid: 1,
    });
    assert.ok(input.event === "pre_compact" && input.projectDir === "/srv/app");
  });
  await t.step("a payload of the wrong shape is a one-line TypeError", () => {
    assert.throws(
      () => claudeCode.parse("pre_tool_use", [1], WHERE),
      TypeError,
    );
    assert.throws(
      () => claudeCode.parse("pre_tool_use", { "cwd": "/" }, WHERE),
      /tool_name is missing/,
    );
  });
});

Deno.test("claudeCodeSetup.doctor() finds the hooks in settings.json and the server only where Claude Code reads it", async () => {
  const settings = JSON.stringify({
    ...(claudeCodeSetup.config("ctx-mode") as Record<string, unknown>),
    // An old snippet's server in settings.json: Claude Code never reads it.
    mcpServers: { "ctx-mode": { command: "ctx-mode", args: ["serve"] } },
  });
  const server = JSON.stringify({
    mcpServers: { "ctx-mode": { command: "ctx-mode", args: ["serve"] } },
  });
  const onlySettings = await claudeCodeSetup.doctor({
    home: "/home/a",
    env: {},
    projectDir: "/srv/app",
    readText: (path) =>
      path === "/home/a/.claude/settings.json" ? settings : undefined,
  });
  assert.deepEqual(onlySettings.map((check) => check.status), ["ok", "warn"]);
  assert.match(
    onlySettings[1]?.detail ?? "",
    /not registered in \.mcp\.json or ~\/\.claude\.json; run: .* install claude-code$/,
  );
  const configured = await claudeCodeSetup.doctor({
    home: "/home/a",
    env: {},
    projectDir: "/srv/app",
    readText: (path) =>
      path === "/home/a/.claude/settings.json"
        ? settings
        : path === "/home/a/.claude.json"
        ? server
        : undefined,
  });
  assert.deepEqual(configured.map((check) => check.status), ["ok", "ok"]);
  const bare = await claudeCodeSetup.doctor({
    home: "/home/a",
    env: {},
    projectDir: "/srv/app",
    readText: () => undefined,
  });
  assert.deepEqual(bare.map((check) => check.status), ["warn", "warn"]);
  assert.match(
    bare[0]?.detail ?? "",
    /not registered: PreToolUse, PostToolUse, PostToolUseFailure, PreCompact, SessionStart, UserPromptSubmit; run: .* install claude-code$/,
  );
  // CLAUDE_CONFIG_DIR moves the user's settings and .claude.json.
  const relocated = await claudeCodeSetup.doctor({
    home: "/home/a",
    env: { CLAUDE_CONFIG_DIR: "/cfg/claude" },
    projectDir: "/srv/app",
    readText: (path) =>
      path === "/cfg/claude/settings.json"
        ? settings
        : path === "/cfg/claude/.claude.json"
        ? server
        : undefined,
  });
  assert.deepEqual(relocated.map((check) => check.status), ["ok", "ok"]);
});
