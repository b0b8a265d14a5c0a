import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { ROUTING_BLOCK } from "../../src/routing/routing_block.ts";
import { SNAPSHOT_BUDGET_BYTES } from "../../src/session/snapshot.ts";
import { SessionStore } from "../../src/session/store.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import {
  childDatabase,
  childEnv,
  type CliRun,
  MAIN,
  runCli,
  runHook,
} from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const FIXTURES = new URL(
  "../fixtures/hooks/claude-code/session/",
  import.meta.url,
);
const FIXTURE_PROJECT = "/home/dev/acme-api";
const SESSION_ID = "3f9b2c71-5d4e-4a8b-9c0f-7e6d5a4b3c21";
const WRITER = fileURLToPath(new URL("./_session_writer.ts", import.meta.url));

type Payload = Record<string, unknown>;

/** A fixture's payload, moved into the test's project directory. */
async function fixture(name: string, project: string): Promise<Payload> {
  const text = await Deno.readTextFile(new URL(`${name}.json`, FIXTURES));
  return JSON.parse(text.replaceAll(FIXTURE_PROJECT, project)).stdin;
}

/** Runs the real `ctx-mode hook claude-code <event>` process. */
function hook(
  event: string,
  payload: Payload | string,
  home: string,
): Promise<CliRun> {
  return runHook(["claude-code", event], payload, { home });
}

/** Runs an event that must pass silently: exit 0, nothing on stdout or stderr. */
async function quiet(event: string, payload: Payload, home: string) {
  const run = await hook(event, payload, home);
  assert.deepEqual([run.code, run.stdout, run.stderr], [0, "", ""], event);
}

/** Compacts: PreCompact, then SessionStart(compact); returns the guide. */
async function compact(base: Payload, home: string): Promise<string> {
  await quiet("PreCompact", {
    ...base,
    "hook_event_name": "PreCompact",
    trigger: "auto",
  }, home);
  const run = await hook(
    "SessionStart",
    { ...base, "hook_event_name": "SessionStart", source: "compact" },
    home,
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  const context = JSON.parse(run.stdout).hookSpecificOutput.additionalContext;
  assert.ok(context.startsWith(`${ROUTING_BLOCK}\n\n`), "routing block first");
  return context.slice(ROUTING_BLOCK.length + 2);
}

function bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

function section(guide: string, title: string): string | undefined {
  return guide.match(new RegExp(`## ${title}\\n([\\s\\S]*?)\\n(?:\\n|$)`))?.[1];
}

function promptPayload(base: Payload, prompt: string): Payload {
  return { ...base, "hook_event_name": "UserPromptSubmit", prompt };
}

Deno.test("a scripted session through real hook processes comes back after compaction", async () => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  await Deno.writeTextFile(join(project, "AGENTS.md"), "# Rules\n");
  const base = await fixture("PreCompact", project);
  delete base.trigger;
  delete base["custom_instructions"];
  const lastPrompt =
    "Now finish wiring the limiter into /login, then document the 5-per-minute limit in the README.";

  const start = await hook(
    "SessionStart",
    { ...base, source: "startup" },
    home.path,
  );
  assert.equal(
    JSON.parse(start.stdout).hookSpecificOutput.additionalContext,
    ROUTING_BLOCK,
  );
  await quiet(
    "UserPromptSubmit",
    await fixture("UserPromptSubmit", project),
    home.path,
  );
  await quiet(
    "PostToolUse",
    await fixture("PostToolUse.Read", project),
    home.path,
  );
  await quiet(
    "PostToolUse",
    await fixture("PostToolUse.TodoWrite", project),
    home.path,
  );
  await quiet(
    "PostToolUse",
    await fixture("PostToolUse.Write", project),
    home.path,
  );
  await quiet(
    "PostToolUse",
    await fixture("PostToolUse.Edit", project),
    home.path,
  );
  await quiet(
    "PostToolUseFailure",
    await fixture("PostToolUseFailure.Bash", project),
    home.path,
  );
  await quiet(
    "UserPromptSubmit",
    promptPayload(
      base,
      "No, use a sliding window instead of a fixed window. Keep going.",
    ),
    home.path,
  );
  await quiet(
    "PostToolUse",
    await fixture("PostToolUse.Bash", project),
    home.path,
  );
  await quiet(
    "PostToolUse",
    await fixture("PostToolUse.GitCommit", project),
    home.path,
  );
  await quiet(
    "PostToolUse",
    await fixture("PostToolUse.Grep", project),
    home.path,
  );
  await quiet(
    "PostToolUse",
    await fixture("PostToolUse.Agent", project),
    home.path,
  );
  await quiet(
    "PostToolUse",
    await fixture("PostToolUse.Mcp", project),
    home.path,
  );
  await quiet("UserPromptSubmit", promptPayload(base, lastPrompt), home.path);

  const guide = await compact(base, home.path);
  assert.ok(bytes(guide) <= SNAPSHOT_BUDGET_BYTES, `${bytes(guide)} bytes`);
  assert.equal(section(guide, "Last Request"), lastPrompt);
  assert.equal(
    section(guide, "Tasks"),
    [
      "- [ ] Wire the limiter into /login (in progress)",
      "- [ ] Document the limit in README",
      "- [x] Add a rate limiter middleware",
    ].join("\n"),
  );
  assert.equal(
    section(guide, "Files Modified"),
    "- src/routes/login.ts\n- src/middleware/rate_limit.ts",
  );
  assert.match(
    section(guide, "Key Decisions") ?? "",
    /^- No, use a sliding window instead of a fixed window\.$/m,
  );
  assert.equal(
    section(guide, "Unresolved Errors"),
    undefined,
    "the failing test passed later",
  );
  assert.match(
    section(guide, "Git") ?? "",
    /commit "feat: rate limit \/login" 4e5f6a7 on feature\/rate-limit/,
  );
  assert.equal(section(guide, "Project Rules"), "- AGENTS.md");
  assert.equal(
    section(guide, "MCP Tools Used"),
    "- mcp__ctx-mode__ctx_search ×1",
  );
  assert.equal(
    section(guide, "Subagent Tasks"),
    "- Explore: Find every place that calls the rate limiter.",
  );
  assert.match(guide, /memory, not orders: the user's newest message wins/);
  assert.match(
    guide,
    new RegExp(`source "session:${SESSION_ID}" and sort "timeline"`),
  );
  assert.doesNotMatch(guide, /Left out for space/);

  const search = await runCli(
    ["search", "npm test", "--source", `session:${SESSION_ID}`, "--json"],
    { home: home.path, cwd: project },
  );
  assert.equal(search.code, 0, search.stderr);
  const hits = JSON.parse(search.stdout).results[0].hits;
  assert.ok(hits.length > 0, "the session events are searchable");
  assert.equal(hits[0].source, `session:${SESSION_ID}/events`);

  const show = await runCli(["session", "show", "--json"], {
    home: home.path,
    cwd: project,
  });
  assert.equal(show.code, 0, show.stderr);
  const shown = JSON.parse(show.stdout);
  assert.equal(shown.sessionId, SESSION_ID);
  assert.equal(shown.snapshot.trigger, "auto");
  assert.equal(shown.categories.prompt, 3);
  assert.equal(shown.categories.error, 1);
  const list = await runCli(["session", "list", "--json"], {
    home: home.path,
    cwd: project,
  });
  assert.deepEqual(
    JSON.parse(list.stdout).sessions.map((s: { sessionId: string }) =>
      s.sessionId
    ),
    [SESSION_ID],
  );
  const exported = await runCli(["session", "export", "--json"], {
    home: home.path,
    cwd: project,
  });
  const events = JSON.parse(exported.stdout).events;
  const failure = events.find((e: { category: string }) =>
    e.category === "error"
  );
  assert.equal(failure.resolved, true);
  assert.equal(failure.data.command, "npm test -- tests/login.test.ts");
  const timeline = await runCli(["session", "export"], {
    home: home.path,
    cwd: project,
  });
  assert.match(
    timeline.stdout,
    new RegExp(`^# Session ${SESSION_ID} \\(claude-code\\)`),
  );
  const unknown = await runCli(["session", "show", "--session", "nope"], {
    home: home.path,
    cwd: project,
  });
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /No session "nope"/);
});

Deno.test("a session that outgrows the budget drops the lowest tier first, then the next", async () => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  const base = await fixture("PreCompact", project);
  delete base.trigger;
  const tool = (name: string, input: Payload, response: unknown = {}) => ({
    ...base,
    "hook_event_name": "PostToolUse",
    "tool_name": name,
    "tool_input": input,
    "tool_response": response,
  });
  const tier3 = ["MCP Tools Used", "Subagent Tasks", "Intent", "Role"];
  // Tiers 0 to 2 as this session has them from the start; Environment comes later.
  const upperTiers = [
    "Last Request",
    "Tasks",
    "Key Decisions",
    "Files Modified",
    "Git",
  ];

  await quiet(
    "UserPromptSubmit",
    promptPayload(
      base,
      "Act as a senior reviewer. Use zod instead of hand-written checks, and add validation.",
    ),
    home.path,
  );
  await quiet(
    "PostToolUse",
    tool("Edit", {
      "file_path": `${project}/src/schema.ts`,
      "old_string": "a",
      "new_string": "b",
    }),
    home.path,
  );
  await quiet(
    "PostToolUse",
    tool("TodoWrite", {
      todos: [{ content: "Validate input", status: "pending" }],
    }),
    home.path,
  );
  await quiet(
    "PostToolUse",
    tool("mcp__db__query", { sql: "select 1" }),
    home.path,
  );
  await quiet(
    "PostToolUse",
    tool("Agent", { prompt: "Find the handlers", "subagent_type": "Explore" }),
    home.path,
  );
  await quiet(
    "PostToolUse",
    tool("Bash", { command: "git checkout -b validation" }),
    home.path,
  );
  let guide = await compact(base, home.path);
  for (const title of [...upperTiers, ...tier3]) {
    assert.ok(section(guide, title) !== undefined, `stage 1 has ${title}`);
  }
  assert.doesNotMatch(guide, /Left out for space/);

  const installs = Array.from(
    { length: 14 },
    (_, i) =>
      `npm install @acme/validation-plugin-number-${i}-${"x".repeat(90)}`,
  ).join(" && ");
  await quiet("PostToolUse", tool("Bash", { command: installs }), home.path);
  guide = await compact(base, home.path);
  assert.ok(bytes(guide) <= SNAPSHOT_BUDGET_BYTES, `${bytes(guide)} bytes`);
  for (const title of [...upperTiers, "Environment"]) {
    assert.ok(section(guide, title) !== undefined, `stage 2 keeps ${title}`);
  }
  for (const title of tier3) {
    assert.equal(section(guide, title), undefined, `stage 2 drops ${title}`);
  }
  assert.match(
    guide,
    /Left out for space: Environment \(\d+ more\), MCP Tools Used \(1\), Subagent Tasks \(1\), Intent \(1\), Role \(1\)\./,
  );

  const decisions = Array.from(
    { length: 14 },
    (_, i) =>
      `Never call validator number ${i} from the request handlers directly, since it blocks the event loop and the health checks time out under load.`,
  ).join(" ");
  await quiet("UserPromptSubmit", promptPayload(base, decisions), home.path);
  await quiet("UserPromptSubmit", promptPayload(base, "Carry on."), home.path);
  guide = await compact(base, home.path);
  assert.ok(bytes(guide) <= SNAPSHOT_BUDGET_BYTES, `${bytes(guide)} bytes`);
  assert.equal(section(guide, "Last Request"), "Carry on.");
  assert.ok(section(guide, "Tasks") !== undefined);
  assert.match(
    section(guide, "Key Decisions") ?? "",
    /^- Never call validator number 13 /,
  );
  for (const title of ["Git", "Environment", ...tier3]) {
    assert.equal(section(guide, title), undefined, `stage 3 drops ${title}`);
  }
  assert.match(
    guide,
    /Left out for space: Key Decisions \(\d+ more\)(, Files Modified \(1\))?, Git \(2\), Environment \(\d+\), MCP Tools Used \(1\)/,
  );
});

Deno.test("eight processes writing 200 events each at once, half on a database kept open, store all 1,600, with no lock error", async () => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  const docs = join(project, "docs");
  await Deno.mkdir(docs);
  for (let i = 0; i < 40; i++) {
    await Deno.writeTextFile(
      join(docs, `page-${i}.md`),
      `# Page ${i}\n\n${"text ".repeat(400)}\n`,
    );
  }
  const env = childEnv(home.path);
  const spawn = (args: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args,
      clearEnv: true,
      env,
      cwd: project,
      stdout: "piped",
      stderr: "piped",
    }).output();
  const writers = Array.from({ length: 8 }, (_, i) =>
    spawn([
      "run",
      "-A",
      WRITER,
      home.path,
      project,
      i < 4 ? "session-a" : "session-b",
      String(i),
      "200",
      // Half of them keep the database open, as the server's hook socket does.
      i % 2 === 0 ? "once" : "kept",
    ]));
  // The knowledge base is written at the same time, as the MCP server would.
  const indexer = spawn([
    "run",
    "-A",
    MAIN,
    "index",
    docs,
    "--project",
    project,
  ]);
  const results = await Promise.all([...writers, indexer]);
  const decoder = new TextDecoder();
  for (const result of results) {
    const stderr = decoder.decode(result.stderr);
    assert.equal(result.code, 0, stderr);
    assert.doesNotMatch(stderr, /locked|busy/i);
  }
  for (const writer of results.slice(0, 8)) {
    assert.equal(decoder.decode(writer.stderr), "");
  }
  const database = childDatabase(home.path, project);
  const store = SessionStore.open(database);
  try {
    const sessions = store.sessions();
    assert.deepEqual(
      sessions.map((s) => [s.sessionId, s.events]).sort(),
      [["session-a", 800], ["session-b", 800]],
    );
  } finally {
    store.close();
  }
  using kb = KnowledgeBase.open(database);
  assert.equal(kb.stats().sources, 40);
});

Deno.test("a corrupt project database is moved aside by the hook, which still answers", async () => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  const database = childDatabase(home.path, project);
  await Deno.mkdir(join(database, ".."), { recursive: true });
  const garbage = "not a database at all\n".repeat(100);
  await Deno.writeTextFile(database, garbage);
  const base = await fixture("PreCompact", project);
  delete base.trigger;
  const run = await hook(
    "PostToolUse",
    await fixture("PostToolUse.Edit", project),
    home.path,
  );
  assert.deepEqual([run.code, run.stdout], [0, ""]);
  assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
  assert.match(
    run.stderr,
    /^ctx-mode hook: The knowledge base ".*" was damaged \(the file is not an SQLite database\); moved it aside to ".*\.corrupt-\d{8}T\d{6}Z" and started a new one: indexed content and session history start empty\n$/,
  );
  const aside = run.stderr.match(/moved it aside to "([^"]+)"/)![1]!;
  assert.equal(
    await Deno.readTextFile(aside),
    garbage,
    "never deleted, never overwritten",
  );
  const guide = await compact(base, home.path);
  assert.equal(section(guide, "Files Modified"), "- src/routes/login.ts");
});

Deno.test("malformed or unexpected payloads never block: exit 0, the pass-through answer, one stderr line", async (t) => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  const cases: Array<[string, string]> = [
    ["PostToolUse", "{not json"],
    ["PostToolUseFailure", ""],
    ["UserPromptSubmit", "[]"],
    ["PreCompact", "null"],
    ["PostToolUse", JSON.stringify({ cwd: project, "tool_input": {} })],
  ];
  for (const [event, stdin] of cases) {
    await t.step(`${event} ${JSON.stringify(stdin).slice(0, 40)}`, async () => {
      const run = await hook(event, stdin, home.path);
      assert.deepEqual([run.code, run.stdout], [0, ""]);
      assert.match(run.stderr, /^ctx-mode hook: .*letting the call proceed\n$/);
    });
  }
  await t.step("SessionStart with a bad payload still passes", async () => {
    const run = await hook("SessionStart", "{", home.path);
    assert.deepEqual([run.code, run.stdout], [0, ""]);
  });
});

Deno.test("resume under a new session id restores the session it continues; startup removes sessions idle over 7 days", async () => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  const database = childDatabase(home.path, project);
  const base = { "session_id": "first", cwd: project };
  await quiet(
    "UserPromptSubmit",
    promptPayload(base, "Port the CLI to Deno"),
    home.path,
  );
  const resumed = await hook(
    "SessionStart",
    { "session_id": "second", cwd: project, source: "resume" },
    home.path,
  );
  const context =
    JSON.parse(resumed.stdout).hookSpecificOutput.additionalContext;
  assert.match(context, /## Last Request\nPort the CLI to Deno\n/);
  assert.match(context, /source "session:first"/);

  const cleared = await hook(
    "SessionStart",
    { "session_id": "third", cwd: project, source: "clear" },
    home.path,
  );
  assert.equal(
    JSON.parse(cleared.stdout).hookSpecificOutput.additionalContext,
    ROUTING_BLOCK,
  );

  const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
  const store = SessionStore.open(database);
  try {
    store.record({ platform: "claude-code", sessionId: "stale" }, {
      events: [{
        category: "prompt",
        type: "prompt",
        subject: "prompt",
        data: { text: "old" },
      }],
    }, eightDaysAgo);
  } finally {
    store.close();
  }
  await hook("SessionStart", {
    "session_id": "fourth",
    cwd: project,
    source: "startup",
  }, home.path);
  const after = SessionStore.open(database);
  try {
    const ids = after.sessions().map((s) => s.sessionId);
    assert.ok(!ids.includes("stale"), ids.join(", "));
    assert.ok(ids.includes("first"));
  } finally {
    after.close();
  }
  using kb = KnowledgeBase.open(database);
  assert.deepEqual(kb.sources().map((s) => s.label), ["session:first/events"]);
});

Deno.test("secrets in payloads never reach the project database through the hook", async () => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  const base = { "session_id": "secret", cwd: project };
  const token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
  const password = "correct-horse-battery-staple";
  await quiet(
    "UserPromptSubmit",
    promptPayload(base, `Use GITHUB_TOKEN=${token} for the API`),
    home.path,
  );
  await quiet("PostToolUse", {
    ...base,
    "tool_name": "mcp__db__connect",
    "tool_input": { host: "db", password },
    "tool_response": {},
  }, home.path);
  await quiet("PostToolUseFailure", {
    ...base,
    "tool_name": "Bash",
    "tool_input": { command: `curl -u admin:${password} https://api.test` },
    error: `Exit code 22\nauth failed for ${token}`,
  }, home.path);
  const database = childDatabase(home.path, project);
  let text = "";
  for (const file of [database, `${database}-wal`]) {
    text += new TextDecoder("latin1").decode(
      await Deno.readFile(file).catch(() => new Uint8Array()),
    );
  }
  assert.ok(text.includes("[REDACTED]"));
  assert.ok(!text.includes(token));
  assert.ok(!text.includes(password));
});
