import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { MIGRATIONS } from "../../src/store/_schema.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** Many sections about options and encodings, one naming the rare API. */
function apiDocs(): string {
  const common = Array.from(
    { length: 30 },
    (_, i) =>
      `## Option ${i}\n\nThe encoding option sets the encoding of the stream; ` +
      `each option has a default encoding option value.\n`,
  ).join("\n");
  return `# fs\n\n${common}\n## fs.readFileSync(path[, options])\n\n` +
    "Returns the contents of the path.\n\n" +
    "## server.keepAliveTimeout\n\nMilliseconds of inactivity before a socket is destroyed.\n";
}

Deno.test("search() lets a rare API name outweigh common words", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({ label: "fs.md", content: apiDocs() });
  const hit = kb.search(["readFileSync encoding option"])[0]?.hits[0];
  assert.equal(hit?.title, "fs > fs.readFileSync(path[, options])");
});

Deno.test("search() matches the parts of a camelCase name, and a fragment of it", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({ label: "fs.md", content: apiDocs() });
  for (
    const query of ["keep alive timeout", "keepAliveTim", "read file sync"]
  ) {
    const title = kb.search([query])[0]?.hits[0]?.title ?? "";
    assert.match(title, /keepAliveTimeout|readFileSync/, query);
  }
});

Deno.test("search() returns the same text once, under the better label", () => {
  using kb = KnowledgeBase.open(":memory:");
  const page = "# Deploy\n\nRoll out with kubectl apply and wait.\n";
  kb.index({ label: "guide.md", content: page });
  kb.index({ label: "copy-of-guide.md", content: page });
  kb.index({ label: "other.md", content: "# Other\n\nkubectl get pods.\n" });
  const hits = kb.search(["kubectl apply"])[0]?.hits ?? [];
  assert.equal(hits.filter((hit) => hit.title === "Deploy").length, 1);
  assert.equal(hits.length, 2);
});

Deno.test("search() corrects a word that matches nothing only to a clearly more common one", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({
    label: "a.md",
    content: "# Formatter\n\nThe formatter rewrites code.",
  });
  kb.index({ label: "b.md", content: "# Kubernetes\n\nkubernetes rollout." });
  kb.index({ label: "c.md", content: "# Cluster\n\nkubernetes cluster." });
  kb.index({ label: "d.md", content: "# Ties\n\nwords cart and card." });
  const [plural, typo, tie] = kb.search(["formatters", "kuberntes", "carx"]);
  assert.deepEqual(
    plural?.corrections,
    [],
    "a plural of an indexed word is no typo",
  );
  assert.equal(plural?.hits[0]?.title, "Formatter");
  assert.deepEqual(typo?.corrections, [{
    from: "kuberntes",
    to: "kubernetes",
  }]);
  assert.deepEqual(tie?.corrections, [], "cart or card: no guess");
});

Deno.test("a version 5 knowledge base upgrades in place and stays searchable", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  const old = new DatabaseSync(path);
  for (const step of MIGRATIONS.slice(0, 5)) old.exec(step);
  old.exec("PRAGMA user_version = 5");
  old.exec(
    `INSERT INTO sources (id, label, origin, kind, content_hash, bytes, chunk_count, indexed_at)
    VALUES (1, 'notes', '', 'markdown', 'h', 10, 1, 0)`,
  );
  old.exec(`INSERT INTO chunks (source_id, ordinal, title, body)
    VALUES (1, 0, 'Deploy', 'Roll out with kubectl apply.')`);
  old.close();
  using kb = KnowledgeBase.open(path);
  assert.equal(kb.search(["kubectl"])[0]?.hits[0]?.title, "Deploy");
  kb.index({
    label: "notes",
    content: "# Build\n\nRun make.",
    kind: "markdown",
  });
  assert.deepEqual(
    kb.search(["kubectl"])[0]?.hits,
    [],
    "replaced chunks leave the index",
  );
  assert.equal(kb.search(["make"])[0]?.hits[0]?.title, "Build");
});
