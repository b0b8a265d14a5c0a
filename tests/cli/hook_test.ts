import assert from "node:assert/strict";
import { join } from "node:path";
import { writeHeartbeat } from "../../src/config/heartbeat.ts";
import { HookLog } from "../../src/store/hook_log.ts";
import { ROUTING_BLOCK } from "../../src/routing/routing_block.ts";
import { configFiles } from "../../scripts/write_configs.ts";
import { HOOK_SERVE_MODULE } from "../../src/cli/hook.ts";
import { HOOK_EVENT_MODULES } from "../../hooks/engine/run_hook.ts";
import { ENGINE_MODULES } from "../../hooks/engine/_where.ts";
import { childDatabase, childEnv, MAIN, runHook } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const FIXTURES = new URL("../fixtures/hooks/claude-code/", import.meta.url);

async function fixture(event: string): Promise<Record<string, unknown>> {
  const text = await Deno.readTextFile(new URL(`${event}.json`, FIXTURES));
  return JSON.parse(text).stdin;
}

/** A fresh heartbeat: the MCP server runs for this project. */
async function serverRunsFor(home: string, project: string): Promise<void> {
  writeHeartbeat(home, {
    pid: 1,
    version: "test",
    projectDir: await Deno.realPath(project),
    startedAt: Date.now(),
    updatedAt: Date.now(),
  });
}

function withProject(
  payload: Record<string, unknown>,
  project: string,
): string {
  return JSON.stringify({ ...payload, cwd: project });
}

Deno.test("every Claude Code fixture gets the documented answer from the real hook process", async (t) => {
  await using home = await tempDir();
  await using project = await tempDir();
  const real = await Deno.realPath(project.path);
  const env = { CLAUDE_PROJECT_DIR: project.path };

  await t.step(
    "PreToolUse: raw curl is denied toward ctx-mode's tools while the server runs",
    async () => {
      await serverRunsFor(home.path, real);
      const run = await runHook(
        ["claude-code", "PreToolUse"],
        withProject(await fixture("PreToolUse"), project.path),
        { home: home.path, env },
      );
      assert.equal(run.code, 0, run.stderr);
      const answer = JSON.parse(run.stdout).hookSpecificOutput;
      assert.equal(answer.hookEventName, "PreToolUse");
      assert.equal(answer.permissionDecision, "deny");
      assert.match(
        answer.permissionDecisionReason,
        /ctx_(fetch_and_index|execute)/,
      );
    },
  );

  await t.step(
    "PreToolUse: without a running server the call passes with a note naming no ctx tool",
    async () => {
      await Deno.remove(join(home.path, "heartbeats"), { recursive: true });
      const run = await runHook(
        ["claude-code", "pretooluse"],
        withProject(await fixture("PreToolUse"), project.path),
        { home: home.path, env },
      );
      assert.equal(run.code, 0);
      if (run.stdout) {
        const answer = JSON.parse(run.stdout).hookSpecificOutput;
        assert.equal(answer.permissionDecision, undefined);
        assert.doesNotMatch(answer.additionalContext, /ctx_/);
      }
    },
  );

  await t.step(
    "PostToolUse: nothing printed, the call recorded for the session",
    async () => {
      const payload = await fixture("PostToolUse");
      const run = await runHook(
        ["claude-code", "PostToolUse"],
        withProject(payload, project.path),
        { home: home.path, env },
      );
      assert.deepEqual([run.code, run.stdout], [0, ""], run.stderr);
      const log = HookLog.open(childDatabase(home.path, real));
      try {
        const transcript = String(payload.transcript_path ?? "");
        const sessionId = transcript.match(/[0-9a-f-]{36}/)?.[0] ??
          String(payload.session_id);
        const counts = log.toolCounts({ platform: "claude-code", sessionId });
        assert.equal(counts[0]?.tool, payload.tool_name);
        assert.ok((counts[0]?.outputBytes ?? 0) > 0);
      } finally {
        log.close();
      }
    },
  );

  await t.step(
    "SessionStart: the routing block becomes additional context",
    async () => {
      const run = await runHook(
        ["claude-code", "SessionStart"],
        withProject(await fixture("SessionStart"), project.path),
        { home: home.path, env },
      );
      const answer = JSON.parse(run.stdout).hookSpecificOutput;
      assert.equal(answer.hookEventName, "SessionStart");
      assert.equal(answer.additionalContext, ROUTING_BLOCK);
    },
  );

  for (const event of ["PreCompact", "UserPromptSubmit"]) {
    await t.step(`${event}: the event passes with no output`, async () => {
      const run = await runHook(
        ["claude-code", event],
        withProject(await fixture(event), project.path),
        { home: home.path, env },
      );
      assert.deepEqual([run.code, run.stdout], [0, ""], run.stderr);
    });
  }
});

Deno.test("a subagent's prompt gets the routing block, other fields kept", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  await serverRunsFor(home.path, project.path);
  const payload = {
    "session_id": "s1",
    cwd: project.path,
    "hook_event_name": "PreToolUse",
    "tool_name": "Agent",
    "tool_input": {
      description: "Look around",
      prompt: "Find where the parser lives",
      "subagent_type": "Explore",
    },
  };
  const run = await runHook(
    ["claude-code", "PreToolUse"],
    JSON.stringify(payload),
    { home: home.path },
  );
  const answer = JSON.parse(run.stdout).hookSpecificOutput;
  assert.equal(answer.permissionDecision, "allow");
  assert.equal(answer.updatedInput.subagent_type, "Explore");
  assert.equal(answer.updatedInput.agentType, undefined);
  assert.equal(answer.updatedInput.description, "Look around");
  assert.match(
    answer.updatedInput.prompt,
    /^Find where the parser lives[\s\S]*<ctx_mode_routing>/,
  );
});

Deno.test("subagents without ctx-mode's tools are never sent to them", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  await serverRunsFor(home.path, project.path);
  await Deno.mkdir(join(project.path, ".claude", "agents"), {
    recursive: true,
  });
  await Deno.writeTextFile(
    join(project.path, ".claude", "agents", "shell-only.md"),
    "---\nname: shell-only\ntools: Bash, Read\n---\nRun things.\n",
  );
  const curl = (agent: Record<string, string>) =>
    JSON.stringify({
      "session_id": `s-${agent["agent_type"] ?? "main"}`,
      cwd: project.path,
      "hook_event_name": "PreToolUse",
      "tool_name": "Bash",
      "tool_input": { command: "curl https://example.com/items.json" },
      ...agent,
    });
  const answer = async (payload: string) => {
    const run = await runHook(["claude-code", "PreToolUse"], payload, {
      home: home.path,
    });
    assert.equal(run.code, 0, run.stderr);
    return JSON.parse(run.stdout).hookSpecificOutput;
  };

  const main = await answer(curl({}));
  assert.equal(main.permissionDecision, "deny");
  const inheriting = await answer(
    curl({ "agent_id": "a1", "agent_type": "general-purpose" }),
  );
  assert.equal(inheriting.permissionDecision, "deny");
  const restricted = await answer(
    curl({ "agent_id": "a2", "agent_type": "shell-only" }),
  );
  assert.equal(restricted.permissionDecision, undefined);
  assert.match(restricted.additionalContext, /fetched body/);
  assert.doesNotMatch(restricted.additionalContext, /ctx_fetch_and_index/);

  const spawn = await runHook(
    ["claude-code", "PreToolUse"],
    JSON.stringify({
      "session_id": "spawner",
      cwd: project.path,
      "hook_event_name": "PreToolUse",
      "tool_name": "Agent",
      "tool_input": {
        description: "Run the suite",
        prompt: "Run the tests",
        "subagent_type": "shell-only",
      },
    }),
    { home: home.path },
  );
  assert.deepEqual([spawn.code, spawn.stdout], [0, ""], spawn.stderr);
});

Deno.test("a guidance note is shown once per session", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  const payload = JSON.stringify({
    "session_id": "once",
    cwd: project.path,
    "hook_event_name": "PreToolUse",
    "tool_name": "Bash",
    "tool_input": { command: "git log" },
  });
  const first = await runHook(["claude-code", "PreToolUse"], payload, {
    home: home.path,
  });
  const second = await runHook(["claude-code", "PreToolUse"], payload, {
    home: home.path,
  });
  assert.match(
    JSON.parse(first.stdout).hookSpecificOutput.additionalContext,
    /git log/,
  );
  assert.equal(second.stdout, "", "the same note is not repeated");
});

Deno.test("bad input lets the call proceed: exit 0, no output, one line on stderr", async (t) => {
  await using home = await tempDir();
  const big = new TextEncoder().encode(
    JSON.stringify({
      "session_id": "x",
      cwd: home.path,
      "tool_name": "Bash",
      "tool_input": { command: `echo ${"y".repeat(50 * 1024 * 1024)}` },
    }),
  );
  const cases: Array<
    { name: string; args: string[]; stdin: string | Uint8Array }
  > = [
    { name: "empty stdin", args: ["claude-code", "PreToolUse"], stdin: "" },
    {
      name: "invalid JSON",
      args: ["claude-code", "PreToolUse"],
      stdin: "{not json",
    },
    {
      name: "a payload of the wrong shape",
      args: ["claude-code", "PreToolUse"],
      stdin: "[1, 2, 3]",
    },
    {
      name: "a missing tool name",
      args: ["claude-code", "PreToolUse"],
      stdin: JSON.stringify({ cwd: "/" }),
    },
    {
      name: "an unknown event",
      args: ["claude-code", "Notification"],
      stdin: "{}",
    },
    { name: "an unknown platform", args: ["emacs", "PreToolUse"], stdin: "{}" },
    { name: "no arguments", args: [], stdin: "{}" },
  ];
  for (const c of cases) {
    await t.step(c.name, async () => {
      const run = await runHook(c.args, c.stdin, { home: home.path });
      assert.equal(run.code, 0);
      assert.equal(run.stdout, "");
      assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
      assert.match(run.stderr, /^ctx-mode hook: .*letting the call proceed\n$/);
    });
  }
  await t.step("a 50 MB payload is read and answered", async () => {
    const run = await runHook(["claude-code", "PreToolUse"], big, {
      home: home.path,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, "");
  });
});

Deno.test("a hook whose stdin stays open answers after the stdin timeout and exits while stdin is still open", async () => {
  await using home = await tempDir();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "hook", "claude-code", "PreToolUse"],
    cwd: home.path,
    clearEnv: true,
    env: childEnv(home.path),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // Half a payload, then silence: the agent's end stays open for the whole test.
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode('{"tool_name": "Bash", '));
  const bound = Promise.withResolvers<"still running">();
  const timer = setTimeout(() => bound.resolve("still running"), 30_000);
  try {
    const outcome = await Promise.race([child.output(), bound.promise]);
    assert.notEqual(outcome, "still running", "the hook outlived its answer");
    const output = outcome as Deno.CommandOutput;
    assert.equal(output.code, 0);
    assert.equal(new TextDecoder().decode(output.stdout), "");
    assert.match(
      new TextDecoder().decode(output.stderr),
      /^ctx-mode hook: Cannot read the payload: the input stayed quiet for 5 s; letting the call proceed\n$/,
    );
  } finally {
    clearTimeout(timer);
    await writer.close().catch(() => {});
    await child.status;
  }
});

Deno.test("configs/claude-code holds exactly what the adapter generates", async () => {
  for (const [name, text] of Object.entries(await configFiles("claude-code"))) {
    const stored = await Deno.readTextFile(
      new URL(`../../configs/claude-code/${name}`, import.meta.url),
    );
    assert.equal(
      stored,
      text,
      `configs/claude-code/${name} is out of date: run deno task configs`,
    );
  }
});

Deno.test("the hook path loads neither the MCP SDK nor zod", async () => {
  // The hook command and each module it, the hook engine and its event
  // modules load by computed specifier.
  const hookUrl = new URL("../../src/cli/hook.ts", import.meta.url);
  const engineUrl = new URL("../../hooks/engine/run_hook.ts", import.meta.url);
  const whereUrl = new URL("../../hooks/engine/_where.ts", import.meta.url);
  const roots = [
    hookUrl,
    new URL(HOOK_SERVE_MODULE, hookUrl),
    ...Object.values(HOOK_EVENT_MODULES).map((m) => new URL(m, engineUrl)),
    ...Object.values(ENGINE_MODULES).map((m) => new URL(m, whereUrl)),
  ];
  const byName = new Map<string, {
    dependencies?: Array<{ code?: { specifier?: string } }>;
  }>();
  for (const root of roots) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", root.href],
      stdout: "piped",
    }).output();
    const graph = JSON.parse(new TextDecoder().decode(output.stdout));
    for (const module of graph.modules) byName.set(module.specifier, module);
  }
  const seen = new Set<string>();
  const stack = roots.map((root) => root.href);
  while (stack.length > 0) {
    const specifier = stack.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dependency of byName.get(specifier)?.dependencies ?? []) {
      // Every module any event may load, its lazy imports included.
      if (dependency.code?.specifier) stack.push(dependency.code.specifier);
    }
  }
  assert.ok(
    [...seen].some((specifier) => specifier.endsWith("/session/store.ts")),
    "the walk reaches the lazily loaded event modules",
  );
  assert.ok(
    [...seen].some((specifier) => specifier.endsWith("/safety/guard.ts")),
    "the walk reaches the guard",
  );
  const heavy = [...seen].filter((specifier) =>
    /modelcontextprotocol|zod|turndown|domino/.test(specifier)
  );
  assert.deepEqual(heavy, []);
});

Deno.test("the safety guard denies destructive commands and secret reads before routing", async (t) => {
  await using home = await tempDir();
  await using project = await tempDir();
  const cases: Array<
    { tool: string; input: Record<string, unknown>; rule?: string }
  > = [
    { tool: "Bash", input: { command: "rm -rf /" }, rule: "rm.root" },
    {
      tool: "Bash",
      input: { command: "sudo git push --force origin main" },
      rule: "git.push-force",
    },
    {
      tool: "Bash",
      input: { command: "cat .env | base64" },
      rule: "secret.env",
    },
    {
      tool: "Read",
      input: { "file_path": `${project.path}/.env` },
      rule: "secret.env",
    },
    { tool: "Bash", input: { command: "rm -rf node_modules dist" } },
    { tool: "Bash", input: { command: "git push --force-with-lease" } },
    { tool: "Read", input: { "file_path": `${project.path}/.env.example` } },
    {
      tool: "PowerShell",
      input: { command: "Remove-Item -Recurse -Force $HOME" },
      rule: "rm.home",
    },
    {
      tool: "PowerShell",
      input: { command: "Remove-Item -Recurse -Force .\\build" },
    },
  ];
  for (const c of cases) {
    await t.step(`${c.tool} ${JSON.stringify(c.input)}`, async () => {
      const payload = JSON.stringify({
        "session_id": "guard",
        "cwd": project.path,
        "tool_name": c.tool,
        "tool_input": c.input,
      });
      const run = await runHook(["claude-code", "PreToolUse"], payload, {
        home: home.path,
      });
      assert.equal(run.code, 0, run.stderr);
      const answer = run.stdout
        ? JSON.parse(run.stdout).hookSpecificOutput
        : {};
      if (c.rule) {
        assert.equal(answer.permissionDecision, "deny");
        assert.match(
          answer.permissionDecisionReason,
          new RegExp(`\\[ctx-mode rule ${c.rule.replace(".", "\\.")}\\]$`),
        );
      } else {
        assert.notEqual(answer.permissionDecision, "deny", run.stdout);
      }
    });
  }
});
