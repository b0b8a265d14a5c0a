import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { Searcher } from "../../src/store/_search.ts";
import { FEATURES } from "../../src/store/_rank.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** A page of `sections` sections, `about` of them mentioning the word. */
function page(name: string, word: string, about: number): string {
  const sections = Array.from(
    { length: 8 },
    (_, i) =>
      `## ${name} part ${i}\n\n${
        i < about ? `Each ${word} is counted here.` : "Nothing to see."
      }\n`,
  ).join("\n");
  return `# ${name}\n\n${sections}`;
}

Deno.test("the page feature ranks the page most about the query's words first, on a real database", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  {
    using kb = KnowledgeBase.open(path);
    kb.index({ label: "wc.md", content: page("wc", "newline", 6) });
    kb.index({ label: "shuf.md", content: page("shuf", "newline", 1) });
    for (let i = 0; i < 6; i++) {
      kb.index({ label: `other${i}.md`, content: page(`other${i}`, "x", 0) });
    }
  }
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const { candidates } = new Searcher(db).rank("newline", {}, true);
    const at = FEATURES.indexOf("page");
    const pageOf = (label: string) =>
      Math.max(
        ...candidates.filter((c) => c.row.label === label).map((c) =>
          c.features[at]!
        ),
      );
    assert.equal(pageOf("wc.md"), 1);
    assert.equal(pageOf("shuf.md"), 0);
  } finally {
    db.close();
  }
});
