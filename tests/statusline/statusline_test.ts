import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { writeHeartbeat } from "../../src/config/heartbeat.ts";
import { appendAudit, type AuditEntry } from "../../src/safety/audit_log.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { startServer } from "../_helpers/mcp_client.ts";
import { childDatabase, runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const FIXTURE = JSON.parse(
  await Deno.readTextFile(
    new URL("../fixtures/statusline/claude-code.json", import.meta.url),
  ),
);
const SESSION = FIXTURE.session_id as string;

/** The fixture payload, pointed at `project`. */
function payload(project: string, sessionId = SESSION): string {
  return JSON.stringify({
    ...FIXTURE,
    session_id: sessionId,
    cwd: project,
    workspace: { current_dir: project, project_dir: project },
  });
}

function deny(cwd: string, at: number, rule = "git.reset-hard"): AuditEntry {
  return {
    at: new Date(at).toISOString(),
    platform: "claude-code",
    source: "hook",
    tool: "Bash",
    command: "git reset --hard",
    verdict: "deny",
    rule,
    reason: "destroys work",
    cwd,
  };
}

/** A data home and a project whose database recorded two sessions' tool calls. */
async function recordedProject(home: string) {
  const project = await Deno.realPath(await Deno.makeTempDir({ dir: home }));
  const kb = KnowledgeBase.open(childDatabase(home, project));
  const now = Date.now();
  for (
    const [sessionId, bytesIn, bytesOut] of [
      [SESSION, 150_000, 2_000],
      [SESSION, 50_000, 2_000],
      [SESSION, 100, 400], // returned more than it handled: counts as nothing kept
      ["another-session", 9_000_000, 10],
    ] as const
  ) {
    kb.toolCalls().record({
      sessionId,
      tool: "ctx_execute",
      at: now,
      bytesIn,
      bytesOut,
      error: false,
    });
  }
  kb.close();
  return project;
}

Deno.test("statusline prints this session's savings, share and index size for the fixture payload", async (t) => {
  await using home = await tempDir();
  const project = await recordedProject(home.path);
  const database = childDatabase(home.path, project);
  const size = (await Deno.stat(database)).size +
    (await Deno.stat(`${database}-wal`).then((s) => s.size, () => 0));
  const indexSize = size < 1024 * 1024
    ? `${(size / 1024).toFixed(1)} KB`
    : `${(size / 1024 / 1024).toFixed(1)} MB`;
  const run = (sessionId = SESSION) =>
    runCli(["statusline"], {
      home: home.path,
      stdin: payload(project, sessionId),
    });

  await t.step("a live server, no denies: the figures only", async () => {
    writeHeartbeat(home.path, {
      pid: 1,
      version: "0.0.0",
      projectDir: project,
      startedAt: Date.now(),
      updatedAt: Date.now(),
    });
    const result = await run();
    assert.equal(result.code, 0);
    assert.equal(result.stderr, "");
    // (150000 - 2000) + (50000 - 2000) = 196000 bytes kept of 200100 handled: 97%.
    assert.equal(
      result.stdout,
      `ctx-mode 191.4 KB kept out · 97% · index ${indexSize}\n`,
    );
  });

  await t.step("another session's calls are not this one's", async () => {
    const result = await run("a-session-with-no-calls");
    assert.equal(
      result.stdout,
      `ctx-mode nothing kept out yet · index ${indexSize}\n`,
    );
  });

  await t.step(
    "a guard deny in this project within the last minute warns",
    async () => {
      appendAudit(home.path, deny("/elsewhere", Date.now(), "other.rule"));
      appendAudit(
        home.path,
        deny(`${project}/sub`, Date.now() - 120_000, "old.rule"),
      );
      appendAudit(home.path, deny(`${project}/sub`, Date.now()));
      appendAudit(home.path, deny("/elsewhere", Date.now(), "other.rule"));
      const result = await run();
      assert.match(result.stdout, / · ⚠ denied git\.reset-hard\n$/);
    },
  );

  await t.step(
    "a deny older than a minute or in another project does not",
    async () => {
      await Deno.remove(`${home.path}/audit.log`);
      appendAudit(home.path, deny(project, Date.now() - 61_000));
      appendAudit(home.path, deny(`${project}-sibling`, Date.now()));
      const result = await run();
      assert.doesNotMatch(result.stdout, /⚠/);
    },
  );

  await t.step("a stale heartbeat warns, a missing one too", async () => {
    writeHeartbeat(home.path, {
      pid: 1,
      version: "0.0.0",
      projectDir: project,
      startedAt: 0,
      updatedAt: Date.now() - 5 * 60_000,
    });
    assert.match((await run()).stdout, / · ⚠ server stale\n$/);
    await Deno.remove(`${home.path}/heartbeats`, { recursive: true });
    assert.match((await run()).stdout, / · ⚠ server off\n$/);
  });
});

Deno.test("statusline prints nothing and exits 0 on bad input, and creates nothing", async () => {
  await using home = await tempDir();
  const project = await Deno.realPath(
    await Deno.makeTempDir({ dir: home.path }),
  );
  const inputs = [
    "",
    "not json",
    "[1,2]",
    "null",
    '"text"',
    JSON.stringify({ ...FIXTURE, session_id: undefined }),
    JSON.stringify({ ...FIXTURE, session_id: 42 }),
    JSON.stringify({
      session_id: "s",
      workspace: { project_dir: "relative/dir" },
    }),
    JSON.stringify({ session_id: "s", workspace: { project_dir: "/a\nb" } }),
    JSON.stringify({ session_id: "s\u0000", cwd: project }),
    "x".repeat(2 * 1024 * 1024),
    new Uint8Array([0xff, 0xfe, 0x00, 0x7b]),
  ];
  for (const stdin of inputs) {
    const result = await runCli(["statusline"], { home: home.path, stdin });
    assert.deepEqual(
      { code: result.code, stdout: result.stdout, stderr: result.stderr },
      { code: 0, stdout: "", stderr: "" },
      `input ${String(stdin).slice(0, 40)}`,
    );
  }
  // A good payload for a project without a database: a line, and still no database.
  const result = await runCli(["statusline"], {
    home: home.path,
    stdin: payload(project),
  });
  assert.equal(result.stdout, "ctx-mode nothing kept out yet · ⚠ server off\n");
  await assert.rejects(Deno.stat(`${home.path}/projects`));
});

Deno.test("the server records its tool calls under the agent's session, which the status line reads", async () => {
  await using home = await tempDir();
  const project = await Deno.realPath(
    await Deno.makeTempDir({ dir: home.path }),
  );
  {
    await using server = await startServer({
      project,
      home: home.path,
      env: { CLAUDE_CODE_SESSION_ID: SESSION },
    });
    const text = await server.callText("ctx_execute", {
      language: "shell",
      code: "head -c 60000 /dev/zero | tr '\\0' 'a'; echo; echo done",
      intent: "done",
    });
    assert.match(text, /done/);
    const result = await runCli(["statusline"], {
      home: home.path,
      stdin: payload(project),
    });
    assert.match(
      result.stdout,
      /^ctx-mode \d+\.\d KB kept out · \d+% · index [\d.]+ [KM]B\n$/,
    );
    const kept = Number(result.stdout.match(/^ctx-mode ([\d.]+) KB/)![1]);
    assert.ok(kept > 50, result.stdout);
  }
});

Deno.test("the statusline command's module graph holds neither the MCP SDK, zod nor the store", async () => {
  const entry = fileURLToPath(
    new URL("../../src/cli/statusline.ts", import.meta.url),
  );
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const graph = JSON.parse(new TextDecoder().decode(output.stdout));
  const specifiers: string[] = graph.modules.map((m: { specifier: string }) =>
    m.specifier
  );
  assert.ok(specifiers.some((s) => s.endsWith("/src/statusline/figures.ts")));
  for (const specifier of specifiers) {
    assert.doesNotMatch(specifier, /modelcontextprotocol|zod|^npm:/);
    assert.doesNotMatch(
      specifier,
      /\/src\/(server|store\/knowledge_base|sandbox)\//,
    );
  }
});
