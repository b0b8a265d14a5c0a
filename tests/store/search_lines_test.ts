import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { indexFiles } from "../../src/store/index_files.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `Filler paragraph ${i} says nothing.`)
    .join("\n\n");

Deno.test("search() gives no line for JSON, content that is no file, rewritten HTML or rows indexed before lines were kept", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  {
    using kb = KnowledgeBase.open(path);
    kb.index({
      label: "data.json",
      content: JSON.stringify({ users: [{ name: "zebulon" }] }, null, 2),
      lines: true,
    });
    kb.index({
      label: "page.md",
      content: "# Page\n\nThe quaternion rotates.\n",
    });
    kb.index({
      label: "old.md",
      content: "# Old\n\n\nThe frobnicator hums.\n",
      lines: true,
    });
  }
  // A row written before the line column existed reads 0.
  const raw = new DatabaseSync(path);
  raw.exec(
    "UPDATE chunks SET line = 0 WHERE source_id = (SELECT id FROM sources WHERE label = 'old.md')",
  );
  raw.close();
  using kb = KnowledgeBase.open(path);
  for (const query of ["zebulon", "quaternion", "frobnicator"]) {
    const hit = kb.search([query])[0]!.hits[0];
    assert.ok(hit, query);
    assert.equal(hit.line, undefined, query);
  }
  const html = join(dir.path, "api.html");
  await writeFile(html, "<h1>API</h1>\n\n\n<p>The gyroscope spins.</p>");
  await indexFiles(kb, [{ path: html, label: "api.html" }], {
    htmlToMarkdown: (text) => text.replace(/<[^>]+>/g, ""),
  });
  assert.equal(kb.search(["gyroscope"])[0]!.hits[0]?.line, undefined);
});

Deno.test("search() gives the source line a snippet starts on, for Markdown, manuals, lines and long prose", async () => {
  using kb = KnowledgeBase.open(":memory:");
  const markdown = [
    "# Guide",
    "",
    filler(3),
    "",
    "## Rotation",
    "",
    "The quaternion rotates the model.",
  ].join("\n");
  kb.index({ label: "guide.md", content: markdown, lines: true });
  const rotation = kb.search(["quaternion"])[0]!.hits[0]!;
  assert.equal(rotation.title, "Guide > Rotation");
  assert.equal(rotation.line, 9);
  assert.equal(markdown.split("\n")[rotation.line - 1], "## Rotation");

  // A long section made of short lines: the snippet is the lines around the
  // match, and its line is the first of them.
  const options = Array.from(
    { length: 60 },
    (_, i) => `  --option-${i}  does thing number ${i}`,
  );
  options[40] = "  --frobnicate  turns the frobnicator on";
  const help = ["Usage: zap [OPTION]...", "Zap things.", "", ...options].join(
    "\n",
  );
  kb.index({ label: "zap.txt", content: help, kind: "text", lines: true });
  const frob = kb.search(["frobnicate"])[0]!.hits[0]!;
  assert.equal(frob.title, "zap > --frobnicate");
  assert.equal(
    help.split("\n")[frob.line! - 1]?.trim().replace(/\s+/g, " "),
    frob.snippet,
  );
  const table = [
    "# Flags",
    "",
    "All of them:",
    "",
    ...Array.from({ length: 80 }, (_, i) => `- flag${i}: sets ${i}`),
  ];
  table[64] = "- turbo: spins the impeller";
  kb.index({ label: "flags.md", content: table.join("\n"), lines: true });
  const turbo = kb.search(["impeller"], { snippetChars: 200 })[0]!.hits[0]!;
  assert.match(turbo.snippet, /\n/, "a snippet of whole lines");
  const firstLine = turbo.snippet.replace(/^…/, "").split("\n")[0]!;
  assert.equal(table[turbo.line! - 1], firstLine);
  assert.ok(turbo.line! <= 65 && turbo.line! >= 60, `line ${turbo.line}`);

  // Long prose cut in a window: the line holding the window's first word.
  const prose = [
    "# Essay",
    "",
    filler(40),
    "",
    "Near the end the word gyroscope appears once in this long section.",
    "",
    filler(5),
  ].join("\n");
  kb.index({ label: "essay.md", content: prose, lines: true });
  const essay = kb.search(["gyroscope"], { snippetChars: 200 })[0]!.hits[0]!;
  const first = essay.snippet.replace(/^…/, "").split(/\s+/)[0]!;
  assert.ok(
    prose.split("\n")[essay.line! - 1]!.includes(first),
    `line ${essay.line} holds "${first}"`,
  );

  await using dir = await tempDir();
  const file = join(dir.path, "notes.md");
  await writeFile(
    file,
    "# Notes\n\nIntro.\n\n## Pumps\n\nThe turbine stalled.\n",
  );
  await indexFiles(kb, [{ path: file, label: "notes.md" }]);
  assert.equal(kb.search(["turbine"])[0]!.hits[0]?.line, 5, "an indexed file");
});
