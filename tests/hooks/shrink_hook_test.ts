import assert from "node:assert/strict";
import { join } from "node:path";
import { adapterFor } from "../../adapters/registry.ts";
import type { Adapter } from "../../adapters/types.ts";
import { runHook as runHookInProcess } from "../../hooks/engine/run_hook.ts";
import { writeHeartbeat } from "../../src/config/heartbeat.ts";
import { projectDatabasePath } from "../../src/config/paths.ts";
import { socketPath } from "../../src/hook_channel/socket_path.ts";
import { SessionStore } from "../../src/session/store.ts";
import { renderGuide } from "../../src/session/guide.ts";
import { buildSnapshot } from "../../src/session/snapshot.ts";
import { sessionState } from "../../src/session/session_state.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import {
  readSessionTotals,
  sessionTotalsPath,
} from "../../src/statusline/session_totals.ts";
import { childDatabase, runHook } from "../_helpers/run_cli.ts";
import { startServer } from "../_helpers/mcp_client.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { waitFor } from "../_helpers/wait_for.ts";
import { tapTestRun } from "../_helpers/tap_test_run.ts";

const onUnix = Deno.build.os === "linux" || Deno.build.os === "darwin";

const testRun = tapTestRun;

function postToolUse(project: string, session: string, stdout: string) {
  return {
    "session_id": session,
    cwd: project,
    "hook_event_name": "PostToolUse",
    "tool_name": "Bash",
    "tool_input": { command: "npm test" },
    "tool_response": { stdout, stderr: "", interrupted: false, isImage: false },
  };
}

Deno.test({
  name:
    "a PostToolUse that shrinks through the server's socket is searchable by the next call, recorded and counted apart",
  ignore: !onUnix,
  async fn() {
    await using dir = await tempDir();
    const project = join(dir.path, "project");
    await Deno.mkdir(project);
    const real = await Deno.realPath(project);
    const session = "shrink-e2e";
    await using server = await startServer({ project: real, home: dir.path });
    await waitFor(() => Deno.lstatSync(socketPath(dir.path, real)!).isSocket);
    const env = { CLAUDE_PROJECT_DIR: real };
    const post = await runHook(
      ["claude-code", "PostToolUse"],
      postToolUse(real, session, testRun()),
      { home: dir.path, cwd: real, env },
    );
    assert.equal(post.code, 0, post.stderr);
    // Claude Code gets the view in Bash's own shape.
    const replaced = JSON.parse(post.stdout).hookSpecificOutput
      .updatedToolOutput;
    assert.match(replaced.stdout, /^\$ npm test/);
    assert.match(replaced.stdout, /not ok 1500 - rejects login attempt 1500/);
    // The next call passes its PreToolUse hook (the socket takes it after the indexing), then runs.
    const pre = await runHook(["claude-code", "PreToolUse"], {
      "session_id": session,
      cwd: real,
      "hook_event_name": "PreToolUse",
      "tool_name": "mcp__ctx-mode__ctx_search",
      "tool_input": { queries: ["rejects login attempt 1500"] },
    }, { home: dir.path, cwd: real, env });
    assert.equal(pre.code, 0, pre.stderr);
    const found = await server.callText("ctx_search", {
      queries: ["rejects login attempt 1500"],
      source: "shrunk/shell",
    });
    assert.match(found, /not ok 1500 - rejects login attempt 1500/);

    const store = SessionStore.open(childDatabase(dir.path, real));
    const events = store.events({
      platform: "claude-code",
      sessionId: session,
    });
    store.close();
    const shrink = events.find((event) => event.type === "shrink");
    assert.ok(shrink, JSON.stringify(events.map((e) => e.type)));
    assert.match(String(shrink.data.ref), /^shrunk\/shell\/npm test #/);
    assert.match(String(shrink.data.preview), /3 failed/);
    const guide = renderGuide(
      buildSnapshot(sessionState(events)),
      {},
    );
    assert.match(guide, /shrunk\/shell\/npm test #.*3 failed/);

    using kb = KnowledgeBase.open(childDatabase(dir.path, real));
    const calls = kb.toolCalls().session(session).filter((call) =>
      call.tool === "shrink/Bash"
    );
    assert.equal(calls.length, 1);
    // Delivered: the model got the view, and the rest counts as kept out.
    assert.equal(
      calls[0]!.bytesOut,
      new TextEncoder().encode(replaced.stdout).length,
    );
    const totals = readSessionTotals(
      sessionTotalsPath(dir.path, real, session),
    );
    assert.equal(
      totals?.shrunk?.keptOut,
      calls[0]!.bytesIn - calls[0]!.bytesOut,
    );
    assert.ok((totals?.shrunk?.handled ?? 0) > 90_000);
  },
});

/** Claude Code's adapter with a replacement formatter the test can read. */
async function replacingAdapter(): Promise<Adapter> {
  const base = (await adapterFor("claude-code"))!;
  return {
    ...base,
    formatReplacement: (_input, decision) => ({
      stdout: JSON.stringify({ replaced: decision.output }),
      exitCode: 0,
    }),
  };
}

async function inProcess(
  adapter: Adapter,
  home: string,
  project: string,
  extraEnv: Record<string, string> = {},
) {
  const now = Date.now();
  writeHeartbeat(home, {
    pid: Deno.pid,
    version: "test",
    projectDir: project,
    startedAt: now,
    updatedAt: now,
  });
  return await runHookInProcess(
    adapter,
    "PostToolUse",
    JSON.stringify(postToolUse(project, "in-process", testRun())),
    {
      env: { HOME: home, CTX_MODE_HOME: home, ...extraEnv },
      parentPid: 1,
      now,
    },
  );
}

Deno.test("the engine hands a shrunk result's view to an adapter that formats replacements, indexed first and counted as kept out", async () => {
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  const output = await inProcess(await replacingAdapter(), project, project);
  const view = JSON.parse(output.stdout).replaced as string;
  assert.match(view, /^\$ npm test/);
  assert.match(view, /not ok 700 - rejects login attempt 700/);
  assert.match(view, /not ok 2900 - rejects login attempt 2900/);
  const source = /indexed as "([^"]+)"/.exec(view)?.[1];
  assert.ok(source, view);
  // In-process, the indexing is done before the answer.
  using kb = KnowledgeBase.open(projectDatabasePath(project, project));
  const [result] = kb.search(["handles request number 1234"], { source });
  assert.match(result?.hits[0]?.snippet ?? "", /request number 1234/);
  const [call] = kb.toolCalls().session("in-process");
  assert.equal(call?.tool, "shrink/Bash");
  assert.equal(call?.bytesOut, new TextEncoder().encode(view).length);
  const totals = kb.toolCalls().totals("in-process");
  assert.equal(totals.handled, 0);
  assert.equal(totals.shrunk.keptOut, call!.bytesIn - call!.bytesOut);
});

Deno.test("the engine leaves a result alone when shrinking is off or the agent cannot replace results", async (t) => {
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  const database = projectDatabasePath(project, project);
  await t.step("CTX_MODE_SHRINK=off", async () => {
    const output = await inProcess(await replacingAdapter(), project, project, {
      CTX_MODE_SHRINK: "off",
    });
    assert.equal(output.stdout, "");
  });
  await t.step("a threshold above the result", async () => {
    const output = await inProcess(await replacingAdapter(), project, project, {
      CTX_MODE_SHRINK_BYTES: String(10 * 1024 * 1024),
    });
    assert.equal(output.stdout, "");
  });
  await t.step("modifyOutput false", async () => {
    const adapter = await replacingAdapter();
    const output = await inProcess(
      {
        ...adapter,
        capabilities: { ...adapter.capabilities, modifyOutput: false },
      },
      project,
      project,
    );
    assert.equal(output.stdout, "");
  });
  await t.step("no replacement formatter", async () => {
    const { formatReplacement: _, ...adapter } = await replacingAdapter();
    const output = await inProcess(adapter, project, project);
    assert.equal(output.stdout, "");
  });
  await t.step("a call the adapter cannot replace", async () => {
    const adapter = await replacingAdapter();
    const output = await inProcess(
      { ...adapter, canReplaceOutput: () => false },
      project,
      project,
    );
    assert.equal(output.stdout, "");
  });
  // Nothing the reply could not deliver is indexed or counted.
  using kb = KnowledgeBase.open(database);
  assert.deepEqual(
    kb.sources().filter((source) => source.label.startsWith("shrunk/")),
    [],
  );
  assert.deepEqual(kb.toolCalls().session("in-process"), []);
});
