import assert from "node:assert/strict";
import { join } from "node:path";
import { SessionStore } from "../../src/session/store.ts";
import { SessionStoreCache } from "../../src/session/store_cache.ts";
import { HookLog } from "../../src/store/hook_log.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { prompt } from "./_events.ts";

const SESSION = { platform: "claude-code", sessionId: "s" };

function texts(path: string): string[] {
  const store = SessionStore.open(path);
  try {
    return store.events(SESSION).map((event) => String(event.data.text));
  } finally {
    store.close();
  }
}

Deno.test("a kept store is used again while its file stays, and what it writes is seen by other connections at once", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "p.db");
  const cache = new SessionStoreCache();
  try {
    const first = cache.with(path, (store) => {
      store.record(SESSION, { events: [prompt("one")] }, 1);
      return store;
    });
    const second = cache.with(path, (store) => {
      store.record(SESSION, { events: [prompt("two")] }, 2);
      return store;
    });
    assert.equal(second, first, "the same open store");
    assert.deepEqual(texts(path).sort(), ["one", "two"]);
  } finally {
    cache.close();
  }
});

Deno.test("a database deleted or replaced under a kept store is opened afresh, nothing written to the old file", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "p.db");
  const cache = new SessionStoreCache();
  try {
    cache.with(
      path,
      (store) => store.record(SESSION, { events: [prompt("old")] }, 1),
    );
    // As `purge` or another process moving the file aside would.
    for (const suffix of ["", "-wal", "-shm"]) {
      await Deno.rename(`${path}${suffix}`, `${path}.aside${suffix}`).catch(
        () => {},
      );
    }
    cache.with(
      path,
      (store) => store.record(SESSION, { events: [prompt("new")] }, 2),
    );
    assert.deepEqual(texts(path), ["new"]);
    assert.deepEqual(texts(`${path}.aside`), ["old"]);
  } finally {
    cache.close();
  }
});

Deno.test("a kept store whose file turned into garbage moves it aside and runs the work again on a new one", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "p.db");
  const cache = new SessionStoreCache();
  const notes: string[] = [];
  try {
    cache.with(
      path,
      (store) => store.record(SESSION, { events: [prompt("old")] }, 1),
    );
    // Another process replaced the file (and its WAL) with something that is not a database.
    for (const suffix of ["", "-wal", "-shm"]) {
      await Deno.remove(`${path}${suffix}`).catch(() => {});
    }
    await Deno.writeTextFile(path, "this is not a database ".repeat(300));
    const events = cache.with(path, (store) => {
      store.record(SESSION, { events: [prompt("after")] }, 2);
      return store.events(SESSION).map((event) => String(event.data.text));
    }, { onNote: (line) => notes.push(line) });
    assert.deepEqual(events, ["after"]);
    assert.equal(notes.length, 1, notes.join("\n"));
    assert.match(notes[0]!, /moved it aside/);
  } finally {
    cache.close();
  }
});

Deno.test("work that fails closes the kept store and the failure reaches the caller", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "p.db");
  const cache = new SessionStoreCache();
  try {
    const first = cache.with(path, (store) => store);
    assert.throws(
      () =>
        cache.with(path, () => {
          throw new RangeError("the work failed");
        }),
      /the work failed/,
    );
    const next = cache.with(path, (store) => store);
    assert.notEqual(next, first, "a failed store is not used again");
    assert.deepEqual(next.events(SESSION), []);
  } finally {
    cache.close();
  }
});

Deno.test("noteOnce() says a note is new once per session and kind, as the hook log records it", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "p.db");
  const cache = new SessionStoreCache();
  try {
    const once = () =>
      cache.with(path, (store) => store.noteOnce(SESSION, "redirect", 1));
    assert.deepEqual([once(), once()], [true, false]);
    const other = { ...SESSION, sessionId: "t" };
    assert.equal(
      cache.with(path, (store) => store.noteOnce(other, "redirect", 2)),
      true,
    );
    const log = HookLog.open(path);
    try {
      assert.equal(log.noted(SESSION, "redirect"), true);
      assert.equal(log.noted(SESSION, "other"), false);
    } finally {
      log.close();
    }
  } finally {
    cache.close();
  }
});
