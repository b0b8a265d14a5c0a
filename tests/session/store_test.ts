import assert from "node:assert/strict";
import { join } from "node:path";
import { retryBusy } from "../../src/session/_retry.ts";
import { captureToolCall } from "../../src/session/capture_tool.ts";
import { SessionStore, withSessionStore } from "../../src/session/store.ts";
import { takeSnapshot } from "../../src/session/take_snapshot.ts";
import { HookLog } from "../../src/store/hook_log.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { decision, edit, env, mcp, prompt } from "./_events.ts";

const SESSION = { platform: "test", sessionId: "s1" };

Deno.test("the same event recorded twice is stored once, with its count and latest time", async () => {
  await using dir = await tempDir();
  const store = SessionStore.open(join(dir.path, "p.db"));
  try {
    store.record(SESSION, { events: [edit("/p/a.ts")] }, 100);
    store.record(SESSION, { events: [edit("/p/a.ts")] }, 200);
    store.record(
      SESSION,
      { events: [mcp("mcp__x__y"), mcp("mcp__x__y")] },
      300,
    );
    const events = store.events(SESSION);
    assert.deepEqual(
      events.map((e) => [e.subject, e.count, e.firstAt, e.at]),
      [["/p/a.ts", 2, 100, 200], ["mcp__x__y", 2, 300, 300]],
    );
    assert.equal(
      store.events({ platform: "test", sessionId: "other" }).length,
      0,
    );
  } finally {
    store.close();
  }
});

Deno.test("an error is resolved by a later success of the same subject, and reopened by a new failure", async () => {
  await using dir = await tempDir();
  const store = SessionStore.open(join(dir.path, "p.db"));
  try {
    const bash = (command: string, error?: string) =>
      captureToolCall({
        toolName: "Bash",
        toolKind: "shell",
        input: { command },
        projectDir: "/p",
        ...(error ? { error } : {}),
      });
    store.record(SESSION, bash("npm test", "Exit code 1"), 1);
    store.record(SESSION, bash("cargo build", "Exit code 101"), 2);
    const errors = () =>
      store.events(SESSION).filter((e) => e.category === "error").map((e) =>
        `${e.data.command}:${e.resolved}`
      );
    assert.deepEqual(errors(), ["npm test:false", "cargo build:false"]);
    store.record(SESSION, bash("npm test -- --watch=false"), 3);
    assert.deepEqual(errors(), ["npm test:true", "cargo build:false"]);
    store.record(SESSION, bash("npm test", "Exit code 1"), 4);
    assert.deepEqual(errors(), ["cargo build:false", "npm test:false"]);
  } finally {
    store.close();
  }
});

Deno.test("a full session evicts the lowest priority first, then the oldest, never the newest prompt", async () => {
  await using dir = await tempDir();
  const store = SessionStore.open(join(dir.path, "p.db"), { maxEvents: 5 });
  try {
    store.record(SESSION, { events: [prompt("the request")] }, 1);
    store.record(SESSION, {
      events: [
        decision("Use tabs."),
        env("npm install a"),
        {
          category: "file",
          type: "read",
          subject: "/p/r1",
          data: { path: "/p/r1" },
        },
        { category: "tool", type: "call", subject: "X", data: { tool: "X" } },
      ],
    }, 2);
    store.record(SESSION, {
      events: [
        {
          category: "file",
          type: "read",
          subject: "/p/r2",
          data: { path: "/p/r2" },
        },
      ],
    }, 3);
    // Over the cap by one: the generic tool event (priority 1) goes.
    assert.deepEqual(
      store.events(SESSION).map((e) => e.subject),
      ["prompt", "Use tabs.", "env:install:npm install a", "/p/r1", "/p/r2"],
    );
    store.record(SESSION, { events: [edit("/p/e1"), edit("/p/e2")] }, 4);
    // Two more: both reads (priority 2) go, the older first.
    assert.deepEqual(
      store.events(SESSION).map((e) => e.subject),
      ["prompt", "Use tabs.", "env:install:npm install a", "/p/e1", "/p/e2"],
    );
    store.record(SESSION, {
      events: [edit("/p/e3"), edit("/p/e4"), edit("/p/e5"), edit("/p/e6")],
    }, 5);
    // All at priority 5 now: the oldest go, but never the newest prompt.
    const left = store.events(SESSION).map((e) => e.subject);
    assert.equal(left.length, 5);
    assert.ok(left.includes("prompt"), left.join(", "));
    assert.deepEqual(left.filter((s) => s !== "prompt"), [
      "/p/e3",
      "/p/e4",
      "/p/e5",
      "/p/e6",
    ]);
  } finally {
    store.close();
  }
});

Deno.test("snapshots are stored per session and replaced by the next one", async () => {
  await using dir = await tempDir();
  const store = SessionStore.open(join(dir.path, "p.db"));
  try {
    assert.equal(
      takeSnapshot(store, SESSION, { at: 5 }),
      undefined,
      "nothing recorded yet",
    );
    store.record(SESSION, { events: [prompt("first")] }, 1);
    takeSnapshot(store, SESSION, { at: 10, trigger: "manual" });
    store.record(SESSION, { events: [prompt("second")] }, 11);
    const taken = takeSnapshot(store, SESSION, { at: 20 });
    const stored = store.snapshot(SESSION);
    assert.deepEqual(stored, taken);
    assert.equal(stored?.trigger, "auto");
    assert.deepEqual(stored?.snapshot.sections[0]?.lines, ["second"]);
    assert.deepEqual(
      store.sessions().map((s) => [s.sessionId, s.events, s.snapshotAt]),
      [["s1", 2, 20]],
    );
  } finally {
    store.close();
  }
});

Deno.test("cleanup() removes idle sessions with their snapshots and indexed sources, and keeps the rest", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "p.db");
  const old = { platform: "test", sessionId: "old" };
  const store = SessionStore.open(path);
  try {
    store.record(old, { events: [prompt("long ago")] }, 1_000);
    takeSnapshot(store, old, { at: 1_001 });
    store.record(SESSION, { events: [prompt("recent")] }, 9_000);
    {
      using kb = KnowledgeBase.open(path);
      kb.index({ label: "session:old/events", content: "# old\n\nlong ago" });
      kb.index({ label: "session:old/paste-1", content: "pasted" });
      kb.index({ label: "session:older", content: "another session" });
      kb.index({ label: "docs", content: "kept" });
    }
    {
      using log = HookLog.open(path);
      log.note(old, "http", 1_000);
      log.note(SESSION, "http", 9_000);
      log.recordToolCall(old, {
        tool: "Bash",
        kind: "shell",
        at: 1_000,
        outputBytes: 3,
      });
      log.recordToolCall(SESSION, {
        tool: "Read",
        kind: "read",
        at: 9_000,
        outputBytes: 5,
      });
    }
    assert.deepEqual(store.cleanup(5_000), { sessions: 1, events: 1 });
    {
      using log = HookLog.open(path);
      assert.equal(log.noted(old, "http"), false);
      assert.equal(log.noted(SESSION, "http"), true);
      assert.deepEqual(log.toolCounts(old), []);
      assert.equal(log.toolCounts(SESSION).length, 1);
    }
    assert.deepEqual(store.sessions().map((s) => s.sessionId), ["s1"]);
    assert.equal(store.snapshot(old), undefined);
    using kb = KnowledgeBase.open(path);
    assert.deepEqual(kb.sources().map((s) => s.label), [
      "docs",
      "session:older",
    ]);
    assert.deepEqual(kb.search(["long ago"])[0]?.hits, []);
  } finally {
    store.close();
  }
});

Deno.test("a database that is not SQLite is moved aside with a note and a new one started", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "p.db");
  const garbage = new TextEncoder().encode(
    "this is not a database ".repeat(300),
  );
  await Deno.writeFile(path, garbage);
  const notes: string[] = [];
  withSessionStore(
    path,
    (store) => store.record(SESSION, { events: [prompt("after")] }, 1),
    {
      onNote: (line) => notes.push(line),
      now: () => Date.UTC(2026, 0, 2, 3, 4, 5),
    },
  );
  const aside = `${path}.corrupt-20260102T030405Z`;
  assert.deepEqual(
    await Deno.readFile(aside),
    garbage,
    "the old file is kept byte for byte",
  );
  assert.equal(notes.length, 1);
  assert.match(
    notes[0]!,
    /was damaged \(the file is not an SQLite database\); moved it aside to ".*corrupt-20260102T030405Z" and started a new one/,
  );
  const store = SessionStore.open(path);
  try {
    assert.deepEqual(store.events(SESSION).map((e) => e.data.text), ["after"]);
  } finally {
    store.close();
  }
});

Deno.test("a database whose pages are damaged is moved aside when the damage shows, and the work runs again", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "p.db");
  withSessionStore(
    path,
    (store) =>
      store.record(SESSION, {
        events: Array.from({ length: 300 }, (_, i) => edit(`/p/file-${i}.ts`)),
      }, 1),
  );
  const bytes = await Deno.readFile(path);
  const pageSize = new DataView(bytes.buffer).getUint16(16);
  // Keep page 1 (header and schema) so the file still opens; wreck every other page.
  for (let i = pageSize; i < bytes.length; i++) bytes[i] = 0xa5;
  await Deno.writeFile(path, bytes);
  const notes: string[] = [];
  const events = withSessionStore(path, (store) => {
    store.record(SESSION, { events: [prompt("fresh start")] }, 2);
    return store.events(SESSION);
  }, { onNote: (line) => notes.push(line) });
  assert.deepEqual(events.map((e) => e.data.text), ["fresh start"]);
  assert.equal(notes.length, 1, notes.join("\n"));
  assert.match(notes[0]!, /malformed|corrupt/);
  const aside: string[] = [];
  for await (const entry of Deno.readDir(dir.path)) {
    if (/\.corrupt-[^-]+$/.test(entry.name)) aside.push(entry.name);
  }
  assert.equal(aside.length, 1, aside.join(", "));
});

Deno.test("the session command opens without moving anything: a corrupt file is an error", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "p.db");
  await Deno.writeTextFile(path, "garbage ".repeat(200));
  assert.throws(
    () => SessionStore.open(path, { moveCorruptAside: false }),
    /Cannot open database ".*p\.db": the file is not an SQLite database/,
  );
  assert.equal(await Deno.readTextFile(path), "garbage ".repeat(200));
});

Deno.test("secrets never reach the database file", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "p.db");
  const secrets = [
    "sk-live-0123456789abcdefghij",
    "hunter2-password",
    "ghp_0123456789abcdefghijklmnop",
  ];
  withSessionStore(path, (store) => {
    store.record(
      SESSION,
      captureToolCall({
        toolName: "Bash",
        toolKind: "shell",
        input: {
          command: `curl -H "Authorization: Bearer ${
            secrets[0]
          }" https://api.test`,
        },
        projectDir: "/p",
      }),
      1,
    );
    store.record(
      SESSION,
      captureToolCall({
        toolName: "mcp__db__connect",
        toolKind: "other",
        input: { password: secrets[1], host: "db" },
        projectDir: "/p",
      }),
      2,
    );
    store.record(
      SESSION,
      captureToolCall({
        toolName: "Bash",
        toolKind: "shell",
        input: { command: `GH_TOKEN=${secrets[2]} gh pr list` },
        projectDir: "/p",
        error: `Exit code 1\nbad credentials for token ${secrets[2]}`,
      }),
      3,
    );
  });
  let text = "";
  for (const file of [path, `${path}-wal`]) {
    const bytes = await Deno.readFile(file).catch(() => new Uint8Array());
    text += new TextDecoder("latin1").decode(bytes);
  }
  for (const secret of secrets) assert.ok(!text.includes(secret), secret);
  assert.ok(text.includes("[REDACTED]"));
});

Deno.test("retryBusy() waits out a lock and gives up on other errors", () => {
  let calls = 0;
  assert.equal(
    retryBusy(() => {
      calls++;
      if (calls < 3) throw new Error("database is locked");
      return "done";
    }),
    "done",
  );
  assert.equal(calls, 3);
  calls = 0;
  assert.throws(() =>
    retryBusy(() => {
      calls++;
      throw new Error("no such table: x");
    }), /no such table/);
  assert.equal(calls, 1);
});
