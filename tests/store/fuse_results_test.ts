import assert from "node:assert/strict";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";

function page(): string {
  return [
    "# tar",
    "",
    "## --strip-components=NUMBER",
    "",
    "Strip NUMBER leading components from file names on extraction.",
    "",
    "## --one-top-level",
    "",
    "Extract all files into one folder named after the archive.",
    "",
    "## --exclude=PATTERN",
    "",
    "Exclude files matching PATTERN, a glob of file names.",
    "",
  ].join("\n");
}

Deno.test("fused phrasings rank each section by the sum of its reciprocal ranks", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({ label: "tar.md", content: page() });
  const phrasings = ["extract files into a folder", "file names on extraction"];
  const fused = kb.searchFused(phrasings, { limit: 3 });
  assert.equal(fused.query, phrasings.join(" | "));
  const each = kb.search(phrasings, { limit: 20 });
  const expected = new Map<string, number>();
  for (const result of each) {
    result.hits.forEach((hit, rank) => {
      expected.set(hit.title, (expected.get(hit.title) ?? 0) + 1 / (61 + rank));
    });
  }
  const best = [...expected.entries()].sort((a, b) => b[1] - a[1]);
  assert.ok(fused.hits.length > 0 && fused.hits.length <= 3);
  assert.ok(best.length > 1, "the phrasings find more than one section");
  assert.deepEqual(
    fused.hits.map((hit) => [hit.title, hit.score]),
    best.slice(0, fused.hits.length),
  );
  const titles = fused.hits.map((hit) => hit.title);
  assert.equal(new Set(titles).size, titles.length, "each section once");
});

Deno.test("a phrasing that matches nothing leaves the other's ranking", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({ label: "tar.md", content: page() });
  const alone = kb.search(["exclude files matching a glob"], { limit: 3 })[0]!;
  const fused = kb.searchFused(["exclude files matching a glob", "zzqqxx"], {
    limit: 3,
  });
  assert.deepEqual(
    fused.hits.map((hit) => hit.title),
    alone.hits.map((hit) => hit.title),
  );
});
