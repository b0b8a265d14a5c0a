import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { SCHEMA_VERSION } from "../../src/store/database.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const DOCS = `# fs

## Promises API

### fsPromises.rm(path[, options])

Removes files and directories (modeled on the standard POSIX rm utility).
The recursive option performs a recursive directory removal.

### fsPromises.readFile(path[, options])

Asynchronously reads the entire contents of a file.

## Synchronous API

### fs.readFileSync(path[, options])

Returns the contents of the path. Blocks the event loop until the file is read.

# kubernetes

Deploy with kubectl apply and watch the rollout status of the deployment.

# react

## Hooks

### useEffect(setup, dependencies)

Synchronizes a component with an external system after render.

### useState(initialState)

Declares a state variable in a component.
`;

Deno.test("index() reports new, replaced and unchanged content under a label", () => {
  using kb = KnowledgeBase.open(":memory:");
  const first = kb.index({ label: "docs", content: DOCS });
  assert.equal(first.status, "indexed");
  assert.equal(first.kind, "markdown");
  assert.ok(
    first.chunks >= 6,
    `expected one chunk per section, got ${first.chunks}`,
  );
  assert.equal(first.bytes, new TextEncoder().encode(DOCS).length);

  const again = kb.index({ label: "docs", content: DOCS });
  assert.equal(again.status, "unchanged");
  assert.equal(again.chunks, first.chunks);

  const replaced = kb.index({
    label: "docs",
    content: "# Only\n\nOne section about zebras.",
  });
  assert.equal(replaced.status, "replaced");
  assert.equal(replaced.chunks, 1);
  assert.equal(kb.stats().chunks, 1);
  assert.equal(
    kb.search(["useEffect"])[0]?.hits.length,
    0,
    "old chunks must be gone",
  );
  assert.equal(kb.search(["zebras"])[0]?.hits[0]?.source, "docs");
});

Deno.test("index() refuses an empty label", () => {
  using kb = KnowledgeBase.open(":memory:");
  assert.throws(
    () => kb.index({ label: "  ", content: "x" }),
    /label is empty/,
  );
});

Deno.test("search() ranks the right section first", async (t) => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({ label: "docs.md", content: DOCS });
  kb.index({
    label: "notes.txt",
    content: "Remember to water the plants.\n\nBuy milk and bread.",
  });
  const cases: Array<
    { name: string; query: string; title: RegExp; correction?: string }
  > = [
    {
      name: "an exact API name",
      query: "fs.readFileSync",
      title: /fs\.readFileSync/,
    },
    {
      name: "a natural-language question",
      query: "how do I delete a directory recursively",
      title: /fsPromises\.rm/,
    },
    {
      name: "a partial identifier through the substring layer",
      query: "useEff",
      title: /useEffect/,
    },
    {
      name: "a partial dotted identifier",
      query: "fsPromises.readF",
      title: /fsPromises\.readFile/,
    },
    {
      name: "a typo through fuzzy correction",
      query: "kuberntes rollout",
      title: /^kubernetes$/,
      correction: "kubernetes",
    },
    {
      name: "swapped letters",
      query: "usestaet",
      title: /useState/,
      correction: "usestate",
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const [result] = kb.search([c.query]);
      assert.ok(result, "one result per query");
      assert.match(result.hits[0]?.title ?? "(no hit)", c.title);
      if (c.correction) assert.equal(result.corrections[0]?.to, c.correction);
      else assert.deepEqual(result.corrections, []);
    });
  }
});

Deno.test("search() answers several queries in order, honouring limit and source", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({ label: "docs/a.md", content: "# Alpha\n\nshared word alpha" });
  kb.index({ label: "docs/b.md", content: "# Beta\n\nshared word beta" });
  kb.index({ label: "other", content: "# Gamma\n\nshared word gamma" });
  const results = kb.search(["shared", "beta"], { limit: 2 });
  assert.deepEqual(results.map((r) => r.query), ["shared", "beta"]);
  assert.equal(results[0]?.hits.length, 2);
  const scoped = kb.search(["shared"], { source: "docs", limit: 5 })[0]?.hits ??
    [];
  assert.deepEqual(scoped.map((hit) => hit.source).sort(), [
    "docs/a.md",
    "docs/b.md",
  ]);
  const exact = kb.search(["shared"], { source: "other" })[0]?.hits ?? [];
  assert.deepEqual(exact.map((hit) => hit.source), ["other"]);
  assert.throws(() => kb.search(["x"], { limit: 0 }), RangeError);
});

Deno.test("search() returns windows around the match, not the opening, within the cap", () => {
  using kb = KnowledgeBase.open(":memory:");
  const filler = "lorem ipsum dolor sit amet ".repeat(120);
  kb.index({
    label: "log",
    content: `${filler}\nFATAL connection refused on port 5432\n${filler}`,
    kind: "text",
  });
  const hit = kb.search(["connection refused"], { snippetChars: 300 })[0]
    ?.hits[0];
  assert.ok(hit);
  assert.match(hit.snippet, /connection refused on port 5432/);
  assert.ok(
    hit.snippet.length <= 320,
    `snippet of ${hit.snippet.length} chars`,
  );
  assert.ok(hit.snippet.startsWith("…"), "the window starts inside the chunk");
});

Deno.test("search() treats any user text as plain text, never as FTS5 syntax", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({ label: "docs", content: DOCS });
  const nasty = [
    '"unbalanced',
    "a*",
    "-recursive",
    "path:options",
    "(fs OR",
    "NEAR(a b)",
    "AND",
    "OR OR",
    "fs.rm()",
    "🚀 emoji 🎉",
    "'single'",
    "^caret",
    "col:umn:",
    "x".repeat(10_000),
    "a b c ".repeat(2_000),
    "%_%",
    "\\",
    "{}[]",
    "\0",
  ];
  const results = kb.search(nasty);
  assert.equal(results.length, nasty.length);
  const recursive = results[2]?.hits[0]?.title ?? "";
  assert.match(
    recursive,
    /fsPromises\.rm/,
    "the minus sign is not a NOT operator",
  );
});

Deno.test("a database file that is not SQLite is named in the error and left untouched", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "not.db");
  const junk = "this is not a database\n".repeat(400);
  await writeFile(path, junk);
  assert.throws(() => KnowledgeBase.open(path), (error: Error) => {
    assert.match(
      error.message,
      new RegExp(
        `Cannot open database "${path}": the file is not an SQLite database`,
      ),
    );
    return true;
  });
  assert.equal(await Deno.readTextFile(path), junk);
});

Deno.test("a corrupt database is reported with its path and left as it is", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  {
    using kb = KnowledgeBase.open(path);
    kb.index({ label: "docs", content: DOCS });
  }
  const bytes = await Deno.readFile(path);
  // Keep the header, wreck every page after the first.
  for (let i = 8192; i < bytes.length; i++) bytes[i] = 0x5a;
  await Deno.writeFile(path, bytes);
  const failed = (() => {
    try {
      using kb = KnowledgeBase.open(path);
      kb.search(["readFileSync"]);
      return undefined;
    } catch (error) {
      return error as Error;
    }
  })();
  assert.ok(failed, "opening or searching a wrecked file must fail");
  assert.match(failed.message, new RegExp(`"${path}"`));
  assert.match(failed.message, /corrupt|not an SQLite/);
  assert.deepEqual(await Deno.readFile(path), bytes);
});

Deno.test("the schema version is stored and a newer one is refused", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  KnowledgeBase.open(path).close();
  const raw = new DatabaseSync(path);
  assert.equal(
    raw.prepare("PRAGMA user_version").get()?.user_version,
    SCHEMA_VERSION,
  );
  assert.equal(raw.prepare("PRAGMA journal_mode").get()?.journal_mode, "wal");
  raw.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
  raw.close();
  assert.throws(
    () => KnowledgeBase.open(path),
    /newer than this build understands/,
  );
});

Deno.test("purge() removes every source and reports what it removed", async () => {
  await using dir = await tempDir();
  using kb = KnowledgeBase.open(join(dir.path, "kb.db"));
  kb.index({ label: "a", content: DOCS });
  kb.index({ label: "b", content: "plain words here" });
  const before = kb.stats();
  assert.deepEqual(kb.purge(), before);
  assert.deepEqual(kb.stats(), { sources: 0, chunks: 0, bytes: 0 });
  assert.equal(kb.search(["readFileSync"])[0]?.hits.length, 0);
  kb.index({ label: "c", content: "fresh start" });
  assert.equal(kb.search(["fresh"])[0]?.hits[0]?.source, "c");
});

Deno.test("two connections write to one file at once without losing a source", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  using a = KnowledgeBase.open(path);
  using b = KnowledgeBase.open(path);
  for (let i = 0; i < 20; i++) {
    (i % 2 === 0 ? a : b).index({
      label: `s${i}`,
      content: `# Note ${i}\n\nunique${i} text`,
    });
  }
  assert.equal(a.stats().sources, 20);
  assert.equal(b.search(["unique7"])[0]?.hits[0]?.source, "s7");
});
