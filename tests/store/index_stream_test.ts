import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const encoder = new TextEncoder();
/** Small segments, so a few hundred KB go through the staged, segment-by-segment path. */
const SMALL = { segmentChars: 16_384 };

/** About `megabytes` MB of log lines, with a marker section at line `markerLine` (1-based). */
function logText(megabytes: number, markerLine: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < megabytes * 1_000_000; n++) {
    const line = n === markerLine
      ? "ERROR quasarflux overload in module zebracore"
      : `INFO request ${n} served in ${n % 97} ms by worker ${n % 13}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n") + "\n";
}

/** The text as byte pieces of `size`, like a pipe or a file read. */
async function* pieces(
  text: string,
  size = 65_536,
  afterEach?: (index: number) => void,
): AsyncGenerator<Uint8Array> {
  const bytes = encoder.encode(text);
  for (let at = 0, index = 0; at < bytes.length; at += size, index++) {
    yield bytes.subarray(at, at + size);
    afterEach?.(index);
  }
}

/** Every row of `sources`, hidden ones included, read with a separate connection. */
function rawSources(path: string): { label: string; hash: string }[] {
  const db = new DatabaseSync(path);
  try {
    return db.prepare("SELECT label, content_hash FROM sources").all().map((
      row,
    ) => ({ label: String(row.label), hash: String(row.content_hash) }));
  } finally {
    db.close();
  }
}

Deno.test("indexStream() indexes small content exactly as index() does", async () => {
  using streamed = KnowledgeBase.open(":memory:");
  using whole = KnowledgeBase.open(":memory:");
  const text = "# Setup\n\nInstall it.\n\n# Usage\n\nRun `tool --fast`.\n";
  const a = await streamed.indexStream({ label: "doc" }, pieces(text, 7));
  const b = whole.index({ label: "doc", content: text });
  assert.deepEqual(a, b);
  assert.deepEqual(
    streamed.search(["fast"])[0]?.hits,
    whole.search(["fast"])[0]?.hits,
  );
});

Deno.test("indexStream() indexes megabytes segment by segment: a line in the middle is found with its real line number", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  using kb = KnowledgeBase.open(path);
  // Past four segments of the default size: the staged path.
  const text = logText(4.5, 60_000);
  const receipt = await kb.indexStream(
    { label: "log", origin: "test" },
    pieces(text),
  );
  assert.equal(receipt.status, "indexed");
  assert.equal(receipt.kind, "text");
  assert.equal(receipt.bytes, encoder.encode(text).length);
  assert.ok(receipt.chunks > 1000, `${receipt.chunks} chunks`);

  const hit = kb.search(["quasarflux zebracore"], { source: "log" })[0]
    ?.hits[0];
  assert.ok(hit, "the marker is found");
  assert.match(hit.snippet, /quasarflux overload/);
  const range = /^lines (\d+)–(\d+)$/.exec(hit.title);
  assert.ok(range, hit.title);
  assert.ok(
    Number(range[1]) <= 60_000 && 60_000 <= Number(range[2]),
    hit.title,
  );

  assert.deepEqual(
    kb.sources().map(({ label, bytes, chunks }) => ({ label, bytes, chunks })),
    [{ label: "log", bytes: receipt.bytes, chunks: receipt.chunks }],
  );
  assert.equal(kb.stats().chunks, receipt.chunks);
  assert.deepEqual(rawSources(path).map((row) => row.label), ["log"]);

  // The same content again changes nothing and leaves nothing behind.
  const again = await kb.indexStream({ label: "log" }, pieces(text));
  assert.equal(again.status, "unchanged");
  assert.equal(again.chunks, receipt.chunks);
  assert.equal(kb.stats().chunks, receipt.chunks);
  assert.deepEqual(rawSources(path).map((row) => row.label), ["log"]);
});

Deno.test("indexStream() replaces a label's old content only once the new one is complete, and leaves no hidden rows", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  using kb = KnowledgeBase.open(path);
  await kb.indexStream({ label: "log" }, pieces(logText(0.4, 10)), SMALL);
  const fresh = logText(0.4, 5_000).replace("quasarflux", "nebulawhirl");
  let seenDuring: number | undefined;
  const receipt = await kb.indexStream(
    { label: "log" },
    pieces(fresh, 4096, (index) => {
      // Half-way, another connection sees only the old content, and can write.
      if (index !== 60) return;
      using other = KnowledgeBase.open(path);
      const hidden = rawSources(path).filter((row) => row.hash === "");
      assert.equal(hidden.length, 1, "the new content is being staged");
      seenDuring = other.search(["nebulawhirl"])[0]?.hits.length;
      assert.equal(
        other.search(["quasarflux"], { source: "log" })[0]?.hits.length,
        1,
      );
      other.index({ label: "hook note", content: "written meanwhile" });
    }),
    SMALL,
  );
  assert.equal(seenDuring, 0);
  assert.equal(receipt.status, "replaced");
  assert.equal(kb.search(["quasarflux"], { source: "log" })[0]?.hits.length, 0);
  assert.equal(
    kb.search(["nebulawhirl"], { source: "log" })[0]?.hits.length,
    1,
  );
  assert.equal(kb.stats().chunks, receipt.chunks + 1);
  assert.deepEqual(rawSources(path).map((row) => row.label).sort(), [
    "hook note",
    "log",
  ]);
});

Deno.test("indexStream() that fails or is aborted midway keeps the label's old content and removes what it wrote", async (t) => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  using kb = KnowledgeBase.open(path);
  const old = await kb.indexStream(
    { label: "log" },
    pieces(logText(0.4, 10)),
    SMALL,
  );
  const fresh = logText(0.4, 10).replace("quasarflux", "nebulawhirl");

  await t.step("a stream that throws", async () => {
    const failing = async function* () {
      let index = 0;
      for await (const piece of pieces(fresh, 4096)) {
        if (index++ === 80) throw new Error("the pipe broke");
        yield piece;
      }
    };
    await assert.rejects(
      kb.indexStream({ label: "log" }, failing(), SMALL),
      /the pipe broke/,
    );
  });
  await t.step("an abort", async () => {
    const controller = new AbortController();
    await assert.rejects(
      kb.indexStream(
        { label: "log" },
        pieces(fresh, 4096, (index) => {
          if (index === 80) controller.abort(new Error("client went away"));
        }),
        { ...SMALL, signal: controller.signal },
      ),
      /client went away/,
    );
  });
  assert.deepEqual(rawSources(path).map((row) => row.label), ["log"]);
  assert.equal(kb.stats().chunks, old.chunks);
  assert.equal(kb.search(["quasarflux"], { source: "log" })[0]?.hits.length, 1);
});

Deno.test("indexStream() clears hidden rows that a crashed writer left, and never shows them", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  using kb = KnowledgeBase.open(path);
  const db = new DatabaseSync(path);
  try {
    const row = db.prepare(
      `INSERT INTO sources (label, origin, kind, content_hash, bytes, chunk_count, indexed_at)
       VALUES (?, '', 'text', '', 0, 0, 0) RETURNING id`,
    ).get("log\0crashed");
    db.prepare(
      "INSERT INTO chunks (source_id, ordinal, title, body) VALUES (?, 0, 'left', 'orphanword from a crash')",
    ).run(row!.id!);
  } finally {
    db.close();
  }
  assert.equal(kb.search(["orphanword"])[0]?.hits.length, 0);
  assert.deepEqual(kb.stats(), { sources: 0, chunks: 0, bytes: 0 });
  await kb.indexStream({ label: "log" }, pieces(logText(0.4, 10)), SMALL);
  assert.deepEqual(rawSources(path).map((row) => row.label), ["log"]);
});

Deno.test("indexStream() keeps a Markdown section's heading path across a segment cut", async () => {
  using kb = KnowledgeBase.open(":memory:");
  const filler = Array.from(
    { length: 3_000 },
    (_, n) => `Paragraph ${n} of the guide says little of note here.`,
  ).join("\n\n");
  const text =
    `# Guide\n\nIntro.\n\n## Long chapter\n\n${filler}\n\nThe gravitonlatch detail ends the chapter.\n`;
  const receipt = await kb.indexStream(
    { label: "guide.md" },
    pieces(text),
    SMALL,
  );
  assert.equal(receipt.kind, "markdown");
  const hit = kb.search(["gravitonlatch"])[0]?.hits[0];
  assert.match(hit?.title ?? "", /^Guide > Long chapter/);
});
