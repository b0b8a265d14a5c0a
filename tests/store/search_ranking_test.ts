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

Deno.test("search() does not rewrite a real word that has an indexed synonym or is two edits from one", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({
    label: "tool.md",
    content: "# Order\n\nSort order of entries.\n\n# Recursive\n\n" +
      "Walk every directory below the start.\n\n# Hide\n\nHide entries matching a pattern.\n",
  });
  const [folder, hidden] = kb.search(["folder", "hidden"]);
  assert.deepEqual(folder?.corrections, [], "folder is searched as directory");
  assert.equal(folder?.hits[0]?.title, "Recursive");
  assert.deepEqual(hidden?.corrections, [], "hidden is no typo of hide");
});

Deno.test("search() finds the section with the typed words when synonyms match many others", () => {
  using kb = KnowledgeBase.open(":memory:");
  // Sixty short sections match a synonym of "journal" (log) and "entries";
  // six hundred others keep those words rare enough to be searched.
  const noise = Array.from(
    { length: 60 },
    (_, i) => `## log-target ${i}\n\nLog entries output ${i}.\n`,
  ).join("\n");
  const filler = Array.from(
    { length: 600 },
    (_, i) => `## Widget ${i}\n\nA widget part number ${i}.\n`,
  ).join("\n");
  kb.index({ label: "widgets.md", content: `# widgets\n\n${filler}` });
  kb.index({
    label: "journal.md",
    content: `# journal\n\n${noise}\n## --since\n\n` +
      "Start showing entries newer than the date; yesterday and today are understood. " +
      "A long description follows here with many more words so that the section is " +
      "longer than the short log sections that surround it on every side of it.\n",
  });
  const hits = kb.search(["journal entries since yesterday"], { limit: 5 })[0]
    ?.hits ?? [];
  assert.equal(hits[0]?.title, "journal > --since");
});

Deno.test("search() prefers the option of the program the query names", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({
    label: "ld.md",
    content:
      "# ld\n\n## -S, --strip-debug\n\nOmit debugger symbol information from the output file.\n",
  });
  kb.index({
    label: "strip.md",
    content:
      "# strip\n\n## -g, -S, -d, --strip-debug\n\nRemove debugging symbols only from the object files.\n",
  });
  const hit = kb.search(["strip --strip-debug"])[0]?.hits[0];
  assert.equal(hit?.source, "strip.md");
});

Deno.test("search() does not read a plural as the stem of another word (lines is no link)", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({
    label: "du.md",
    content:
      "# du\n\n## -l, --count-links\n\ncount sizes many times if hard linked\n",
  });
  kb.index({
    label: "wc.md",
    content: "# wc\n\n## -l, --lines\n\nprint the newline counts\n",
  });
  const hit = kb.search(["count how many lines a file has"])[0]?.hits[0];
  assert.equal(hit?.title, "wc > -l, --lines");
});

Deno.test("search() folds the same text of two pages into one hit that names the other place", () => {
  using kb = KnowledgeBase.open(":memory:");
  const option =
    "  -z, --zero-terminated    line delimiter is NUL, not newline\n";
  for (const program of ["comm", "sort", "uniq"]) {
    kb.index({
      label: `${program}.md`,
      content: `# ${program}\n\n## -z, --zero-terminated\n\n${option}`,
    });
  }
  kb.index({
    label: "paste.md",
    content: "# paste\n\n## -z, --zero-terminated\n\nlines end in NUL\n",
  });
  const hits = kb.search(["--zero-terminated"])[0]?.hits ?? [];
  // One hit for the three copies, one for the page that says it otherwise.
  assert.equal(hits.length, 2);
  const folded = hits.find((hit) => hit.also);
  assert.ok(folded, "the copies are one hit");
  assert.deepEqual(
    [folded.source, ...folded.also!.map((place) => place.source)].sort(),
    ["comm.md", "sort.md", "uniq.md"],
  );
  assert.deepEqual(
    folded.also!.map((place) => place.title).sort(),
    [
      "sort > -z, --zero-terminated",
      "comm > -z, --zero-terminated",
      "uniq > -z, --zero-terminated",
    ]
      .filter((title) => !title.startsWith(folded.title.split(" > ")[0]!))
      .sort(),
  );
  assert.equal(hits.find((hit) => !hit.also)?.source, "paste.md");
});

Deno.test("search() keeps a manual's survey sections below its own option sections", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({
    label: "nice.txt",
    content: [
      "NICE(1)                   User Commands                  NICE(1)",
      "",
      "NAME",
      "       nice - run a program with modified scheduling priority",
      "",
      "DESCRIPTION",
      "       Run COMMAND with an adjusted niceness, which affects process",
      "       scheduling priority of the program.",
      "",
      "       -n, --adjustment=N",
      "              add integer N to the niceness (default 10)",
      "",
      "       --help display this help and exit",
      "",
      "GNU coreutils 9.1             September 2022                 NICE(1)",
      "",
    ].join("\n"),
  });
  const titles = (kb.search(["run a program with lower scheduling priority"])[0]
    ?.hits ?? []).map((hit) => hit.title);
  assert.ok(titles.includes("nice > NAME"), titles.join(", "));
  assert.ok(
    titles.indexOf("nice > DESCRIPTION > -n, --adjustment=N") <
      titles.indexOf("nice > NAME"),
    titles.join(", "),
  );
});

/** Sections titled with an identifier's words, and one holding the identifier in its text. */
function clientRequests(): string {
  const running = Array.from(
    { length: 6 },
    (_, i) =>
      `## ${i}. Running on Valgrind with tool ${i}\n\nRunning your program on Valgrind with tool ${i}.\n`,
  ).join("\n");
  return `# Manual\n\n${running}\n## The client request mechanism\n\n` +
    "A long section about requests a program sends to the core. " +
    "Requests and queries pass through a trapdoor. ".repeat(30) +
    "\n\nRUNNING_ON_VALGRIND: returns 1 when the program runs on the simulated CPU.\n";
}

Deno.test("search() ranks the text holding a typed identifier above headings made of its words, only for a query of identifiers", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({ label: "manual.md", content: clientRequests() });
  const first = (query: string) => kb.search([query])[0]?.hits[0]?.title;
  assert.equal(
    first("RUNNING_ON_VALGRIND"),
    "Manual > The client request mechanism",
  );
  // Words around the identifier: no longer a query of identifiers only.
  assert.match(first("running on valgrind with tool 3") ?? "", /tool 3$/);
  assert.match(first("RUNNING_ON_VALGRIND tool 3") ?? "", /tool 3$/);
  // An identifier nothing holds: the words still find their headings.
  assert.match(first("RUNNING_ON_QEMU") ?? "", /Running on Valgrind/);
  // Hostile shapes are just text.
  for (
    const query of [
      "_ _ _",
      "--",
      "a.b",
      ")(*&^",
      "RUNNING_ON_VALGRIND".repeat(40),
    ]
  ) {
    assert.ok(Array.isArray(kb.search([query])[0]?.hits), query);
  }
});
