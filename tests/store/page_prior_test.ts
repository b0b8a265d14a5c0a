import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { Searcher } from "../../src/store/_search.ts";
import { FEATURES } from "../../src/store/_rank.ts";
import { oneProgramPage } from "../../src/store/_source_shape.ts";
import { chunkContent } from "../../src/store/chunk_content.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** A man page of eight options, `about` of them mentioning the word. */
function manPage(name: string, word: string, about: number): string {
  const upper = name.toUpperCase();
  const options = Array.from(
    { length: 8 },
    (_, i) =>
      `       --part-${i}\n              ${
        i < about ? `Each ${word} is counted here.` : "Nothing to see."
      }\n`,
  ).join("\n");
  return `${upper}(1)          User Commands          ${upper}(1)\n\nNAME\n       ${name} - a tool\n\nOPTIONS\n${options}\nSEE ALSO\n       nothing\n`;
}

/** The same page as Markdown: one `##` section per part. */
function markdownPage(name: string, word: string, about: number): string {
  const sections = Array.from(
    { length: 8 },
    (_, i) =>
      `## ${name} part ${i}\n\n${
        i < about ? `Each ${word} is counted here.` : "Nothing to see."
      }\n`,
  ).join("\n");
  return `# ${name}\n\n${sections}`;
}

/** The best `page` feature of each label's chunks, for a query. */
async function pageFeatures(
  pages: (name: string, word: string, about: number) => string,
  extension: string,
): Promise<Map<string, number>> {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  {
    using kb = KnowledgeBase.open(path);
    kb.index({ label: `wc${extension}`, content: pages("wc", "newline", 6) });
    kb.index({
      label: `shuf${extension}`,
      content: pages("shuf", "newline", 1),
    });
    for (let i = 0; i < 6; i++) {
      kb.index({
        label: `other${i}${extension}`,
        content: pages(`other${i}`, "x", 0),
      });
    }
  }
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const { candidates } = new Searcher(db).rank("newline", {}, true);
    const at = FEATURES.indexOf("page");
    const best = new Map<string, number>();
    for (const c of candidates) {
      best.set(
        c.row.label,
        Math.max(best.get(c.row.label) ?? 0, c.features[at]!),
      );
    }
    return best;
  } finally {
    db.close();
  }
}

Deno.test("the page feature ranks the man page most about the query's words first, on a real database", async () => {
  const best = await pageFeatures(manPage, ".txt");
  assert.equal(best.get("wc.txt"), 1);
  assert.equal(best.get("shuf.txt"), 0);
});

Deno.test("the page feature is 0 for Markdown pages, which hold many things each", async () => {
  const best = await pageFeatures(markdownPage, ".md");
  assert.ok(best.size > 0);
  for (const [label, value] of best) assert.equal(value, 0, label);
});

Deno.test("a man page source is flagged one program's page when indexed; a Markdown or JSON source is not", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  {
    using kb = KnowledgeBase.open(path);
    kb.index({ label: "wc.txt", content: manPage("wc", "newline", 2) });
    kb.index({ label: "wc.md", content: markdownPage("wc", "newline", 2) });
    kb.index({
      label: "notes.txt",
      content: "Some notes.\n\nMore notes here.\n",
    });
    kb.index({ label: "data.json", content: '{"wc": {"newline": 1}}' });
  }
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const flags = Object.fromEntries(
      db.prepare("SELECT label, one_program FROM sources").all().map((row) => [
        row.label,
        Number(row.one_program),
      ]),
    );
    assert.deepEqual(flags, {
      "wc.txt": 1,
      "wc.md": 0,
      "notes.txt": 0,
      "data.json": 0,
    });
  } finally {
    db.close();
  }
});

Deno.test("a --help output chunked by its options is one program's page", () => {
  const help = "Usage: frob [OPTION]... FILE\nFrobnicate a file.\n\n" +
    "  -a, --all        frobnicate everything\n" +
    "  -q, --quiet      say nothing\n" +
    "  -n, --dry-run    only show what would be done\n" +
    "      --help       display this help and exit\n";
  const chunks = chunkContent(help, "text", { fallbackTitle: "frob.txt" });
  assert.equal(
    oneProgramPage("text", chunks),
    true,
    JSON.stringify(chunks.map((c) => c.title)),
  );
  assert.equal(oneProgramPage("markdown", chunks), false);
});
