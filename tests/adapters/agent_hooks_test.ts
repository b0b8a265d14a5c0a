import assert from "node:assert/strict";
import { join } from "node:path";
import { writeHeartbeat } from "../../src/config/heartbeat.ts";
import { ROUTING_BLOCK_MARKER } from "../../src/routing/routing_block.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { AGENTS, type AgentUnderTest } from "./_agents.ts";
import { run, sessionGuide, sessionIds } from "./_hook_runs.ts";
import { goldens } from "./_goldens.ts";

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

async function project(root: string, name: string): Promise<string> {
  const path = join(root, name);
  await Deno.mkdir(path, { recursive: true });
  return path;
}

function hook(
  agent: AgentUnderTest,
  event: string,
  payload: Record<string, unknown>,
  home: string,
  served?: string,
) {
  return run(["hook", agent.name, event], payload, {
    home,
    ownParent: agent.sessionless ?? false,
    // The heartbeat is written as the process starts: runs wait for a slot.
    ...(served ? { before: () => serverRunsFor(home, served) } : {}),
  });
}

/** Every behaviour the issue asks of each agent, on real hook processes. */
async function behaves(agent: AgentUnderTest, root: string): Promise<void> {
  const home = join(root, "home");
  await Deno.mkdir(home);
  const served = await project(root, "served");
  const unserved = await project(root, "unserved");
  const pre = (
    dir: string,
    session: string,
    call: [string, Record<string, unknown>],
  ) =>
    hook(
      agent,
      agent.pre,
      agent.payload(dir, agent.sessionless ? undefined : session, call),
      home,
      dir === served ? served : undefined,
    );
  const big = join(served, "big.log");
  await Deno.writeTextFile(big, "line\n".repeat(40_000));

  const [home_, secret, curlServed, curlUnserved, askRun] = await Promise.all([
    pre(served, "s1", agent.shell("rm -rf ~")),
    pre(served, "s1", agent.read(join(served, ".env"))),
    pre(served, "s1", agent.shell("curl https://example.com/api/items")),
    pre(unserved, "s1", agent.shell("curl https://example.com/api/items")),
    pre(served, "s1", agent.shell("cp tasks.json .vscode/tasks.json")),
  ]);
  const says = (what: string, r: typeof home_) =>
    `${agent.name} ${what}: code ${r.code}, stdout ${r.stdout}, stderr ${r.stderr}`;
  assert.match(
    agent.answer(home_).deny ?? "",
    /rm\.home/,
    says("rm -rf ~", home_),
  );
  assert.match(
    agent.answer(secret).deny ?? "",
    /secret/,
    says("secret read", secret),
  );
  const redirect = agent.answer(curlServed).deny ?? "";
  assert.ok(
    redirect.includes(agent.fetchTool),
    says("curl, server up", curlServed),
  );
  assert.equal(
    agent.answer(curlUnserved).deny,
    undefined,
    says("curl, no server", curlUnserved),
  );
  const asked = agent.answer(askRun);
  if (agent.ask) {
    assert.match(asked.ask ?? "", /policy\.write/, says("ask", askRun));
  } else {
    assert.equal(asked.ask, undefined);
    assert.match(
      asked.deny ?? "",
      /by hand.*cp tasks\.json \.vscode\/tasks\.json/s,
      says("ask→deny", askRun),
    );
  }

  if (agent.subagent) {
    // A subagent's prompt gets the routing block where the agent can rewrite; elsewhere it runs as it is.
    const spawn = await pre(
      served,
      "s1",
      agent.subagent("Find the flaky test"),
    );
    const answer = agent.answer(spawn);
    assert.equal(answer.deny, undefined, says("subagent", spawn));
    assert.equal(
      JSON.stringify(answer.rewritten ?? {}).includes(ROUTING_BLOCK_MARKER),
      agent.rewrite,
      says("subagent", spawn),
    );
    if (agent.rewrite) {
      // The block names ctx-mode's tools as this agent's model sees them.
      assert.ok(
        JSON.stringify(answer.rewritten).includes(agent.fetchTool),
        says("subagent", spawn),
      );
    }
  }

  // One large-read note per session, where a pre-tool answer can carry one.
  const first = await pre(served, "notes", agent.read(big));
  const second = await pre(served, "notes", agent.read(big));
  assert.equal(
    agent.answer(second).note,
    undefined,
    says("second large read", second),
  );
  assert.equal(
    agent.answer(first).note !== undefined,
    agent.preContext,
    says("first large read", first),
  );

  if (!agent.post) return;
  // Edits reported after the tool ran reach the session, and sessions stay apart.
  const post = (dir: string, session: string, file: string) =>
    hook(
      agent,
      agent.post as string,
      agent.payload(
        dir,
        agent.sessionless ? undefined : session,
        agent.edit(join(dir, file)),
        "done",
      ),
      home,
    );
  const apart = await project(root, "apart");
  const edits = await Promise.all([
    post(apart, "session-a", "alpha.ts"),
    post(apart, "session-b", "beta.ts"),
  ]);
  for (const edit of edits) assert.equal(edit.code, 0, says("post-tool", edit));
  const ids = await sessionIds(home, apart);
  assert.equal(
    ids.length,
    2,
    `${agent.name}: two sessions, got ${ids.join(", ")}`,
  );
  const guides = await Promise.all(
    ids.map((id) => sessionGuide(home, apart, id)),
  );
  const files = guides.map((guide) =>
    ["alpha.ts", "beta.ts"].filter((file) => guide.includes(file))
  );
  assert.deepEqual(
    files.map((f) => f.length),
    [1, 1],
    `${agent.name}: ${guides.join("\n---\n")}`,
  );
  assert.notDeepEqual(files[0], files[1]);
}

/**
 * Every agent's work starts at once, when the first test needs it, so the
 * processes of all agents share the machine; each test then waits for its own.
 */
let started: Map<string, Promise<Error | undefined>> | undefined;

function outcome(agent: AgentUnderTest): Promise<Error | undefined> {
  started ??= new Map(
    AGENTS.map((each) => [
      each.name,
      (async () => {
        await using root = await tempDir();
        await Promise.all([
          behaves(each, root.path),
          goldens(each.name, root.path),
        ]);
      })().then(() => undefined, (error: Error) => error),
    ]),
  );
  return started.get(agent.name) as Promise<Error | undefined>;
}

for (const agent of AGENTS) {
  Deno.test({
    name:
      `${agent.name}: answers its fixtures as the golden files say, blocks rm -rf ~ and a secret read, redirects curl only while the server runs, notes a large read once, keeps sessions apart`,
    // The work of all agents runs across these tests; each waits for its own.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const error = await outcome(agent);
      if (error) throw error;
    },
  });
}

Deno.test("every agent passes the call through, with one stderr line, on empty, invalid, foreign and 20 MB payloads", async () => {
  await using root = await tempDir();
  const foreign = {
    toolCall: { name: "run_command", args: { CommandLine: "rm -rf ~" } },
    conversationId: "c1",
    workspacePaths: [root.path],
  };
  const huge = JSON.stringify("a".repeat(20 * 1024 * 1024));
  const cases: Array<
    [string, (agent: AgentUnderTest) => string | Record<string, unknown>]
  > = [
    ["empty stdin", () => ""],
    ["invalid JSON", () => "{not json"],
    [
      "another agent's payload",
      (agent) =>
        agent.name === "antigravity-cli"
          ? {
            "session_id": "s",
            cwd: root.path,
            "tool_name": "Bash",
            "tool_input": { command: "rm -rf ~" },
          }
          : foreign,
    ],
    ["a 20 MB payload", () => huge],
  ];
  const runs = await Promise.all(
    AGENTS.flatMap((agent) =>
      cases.map(async ([name, stdin]) => ({
        agent,
        name,
        result: await run(["hook", agent.name, agent.pre], stdin(agent), {
          home: root.path,
        }),
      }))
    ),
  );
  for (const { agent, name, result } of runs) {
    const what = `${agent.name}, ${name}: ${JSON.stringify(result)}`;
    assert.equal(result.code, 0, what);
    assert.equal(result.stdout, agent.passThrough, what);
    assert.match(
      result.stderr,
      /^ctx-mode hook: [^\n]*letting the call proceed\n$/,
      what,
    );
  }
});
