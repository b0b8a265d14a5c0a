import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { MIGRATIONS } from "../../src/store/_schema.ts";
import type { FetchCacheRecord } from "../../src/store/fetch_cache.ts";
import { KnowledgeBase } from "../../src/store/mod.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const RECORD: FetchCacheRecord = {
  url: "https://example.com/guide",
  finalUrl: "https://example.com/guide/",
  source: "example.com/guide",
  fetchedAt: 1_000,
  status: 200,
  contentType: "text/html",
  kind: "markdown",
  bytes: 2048,
  truncated: false,
  outline: "- Guide",
};

Deno.test("FetchCache keeps an entry only while its source holds what was fetched", async (t) => {
  using kb = KnowledgeBase.open(":memory:");
  const cache = kb.fetchCache();

  await t.step("nothing is recorded for a source that does not exist", () => {
    assert.equal(cache.put(RECORD), false);
    assert.equal(cache.get(RECORD.url), undefined);
  });

  await t.step("an entry comes back with the source's chunk count", () => {
    kb.index({ label: RECORD.source, content: "# Guide\n\nText." });
    assert.equal(cache.put(RECORD), true);
    assert.deepEqual(cache.get(RECORD.url), { ...RECORD, chunks: 1 });
  });

  await t.step("re-indexing the same content keeps the entry", () => {
    kb.index({ label: RECORD.source, content: "# Guide\n\nText." });
    assert.ok(cache.get(RECORD.url));
  });

  await t.step("new content under the label makes the entry stale", () => {
    kb.index({ label: RECORD.source, content: "# Guide\n\nOther text." });
    assert.equal(cache.get(RECORD.url), undefined);
  });

  await t.step("clear() forgets every entry", () => {
    kb.index({ label: RECORD.source, content: "# Guide\n\nText." });
    cache.put({ ...RECORD, truncated: true });
    assert.equal(cache.get(RECORD.url)?.truncated, true);
    assert.equal(cache.clear(), 1);
    assert.equal(cache.get(RECORD.url), undefined);
  });

  await t.step("a purge empties the cache with the sources", () => {
    cache.put({ ...RECORD, truncated: true });
    assert.equal(cache.get(RECORD.url)?.truncated, true);
    kb.purge();
    assert.equal(cache.get(RECORD.url), undefined);
    assert.equal(cache.clear(), 0, "nothing was left behind");
  });
});

Deno.test("Opening a version-1 database adds the fetch cache table and keeps the sources", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "old.db");
  const old = new DatabaseSync(path);
  old.exec(MIGRATIONS[0] ?? "");
  old.exec(
    "INSERT INTO sources (label, origin, kind, content_hash, bytes, chunk_count, indexed_at) VALUES ('kept', '', 'text', 'h', 1, 0, 0)",
  );
  old.exec("PRAGMA user_version = 1");
  old.close();

  using kb = KnowledgeBase.open(path);
  assert.deepEqual(kb.sources().map((source) => source.label), ["kept"]);
  assert.equal(kb.fetchCache().clear(), 0);
  const check = new DatabaseSync(path, { readOnly: true });
  try {
    assert.equal(
      check.prepare("PRAGMA user_version").get()?.user_version,
      MIGRATIONS.length,
    );
  } finally {
    check.close();
  }
});
