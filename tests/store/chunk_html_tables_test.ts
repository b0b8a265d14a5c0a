import assert from "node:assert/strict";
import { join } from "node:path";
import { chunkMarkdown } from "../../src/store/chunk_markdown.ts";
import { indexFiles } from "../../src/store/index_files.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { htmlToMarkdown } from "../../src/fetch/html_to_markdown.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** A question-and-answer set as DocBook writes it: a layout table per part, its heading in a cell. */
function faqPart(n: number, title: string, questions: string[][]): string {
  const rows = questions.map(([question, answer], i) =>
    `<tr class="question"><td><b>${n}.${i + 1}.</b></td>` +
    `<td><b>${question}</b></td></tr>\n` +
    `<tr class="answer"><td></td><td><p>${answer}</p></td></tr>\n` +
    `<tr><td colspan="2"> </td></tr>`
  ).join("\n");
  return `<br><table width="100%" summary="Q and A Div" border="0">
<tr class="qandadiv"><td align="left" valign="top" colspan="2">
<h3 class="title">${n}. ${title}</h3>
</td></tr>
${rows}
</table>`;
}

const FAQ = `<html><head><title>Tool FAQ</title></head><body>
<h1>Tool Frequently Asked Questions</h1>
${
  faqPart(1, "Building", [
    ["Why does make fail?", "Install the headers of your kernel first."],
    ["Which compiler works?", "Any compiler of the last ten years."],
  ])
}
${
  faqPart(2, "Tool behaves unexpectedly", [
    [
      "My program uses the C++ STL and the tool reports blocks still reachable.",
      "The library keeps a pool of memory for later re-use; set the variable that disables the pool.",
    ],
    ["The stack traces are unhelpful.", "Build with debugging information."],
  ])
}
</body></html>`;

Deno.test("chunkMarkdown() reads a table row that holds only a heading as that heading", () => {
  const markdown = [
    "# FAQ",
    "",
    "| ### 2. Tool behaves unexpectedly | |",
    "| --- | --- |",
    "| **2.1.** | **Why?** |",
    "|  | Because. |",
    "",
    "| ## a heading | with text beside it |",
    "| --- | --- |",
  ].join("\n");
  const chunks = chunkMarkdown(markdown, { fallbackTitle: "faq.md" });
  assert.deepEqual(chunks.map((chunk) => chunk.title), [
    "FAQ > 2. Tool behaves unexpectedly",
  ]);
  assert.match(chunks[0]!.body, /^### 2\. Tool behaves unexpectedly\n/);
  assert.match(
    chunks[0]!.body,
    /\| ## a heading \| with text beside it \|/,
    "a row with text beside the heading is a row",
  );
});

Deno.test("an indexed DocBook FAQ page gives each part its own section, found by its question", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(join(dir.path, "faq.html"), FAQ);
  using kb = KnowledgeBase.open(join(dir.path, "kb.db"));
  await indexFiles(kb, [{
    path: join(dir.path, "faq.html"),
    label: "faq.html",
  }], {
    htmlToMarkdown: (html) => htmlToMarkdown(html).markdown,
  });
  const hit = kb.search(["still reachable blocks reported for STL"])[0]
    ?.hits[0];
  assert.equal(
    hit?.title,
    "Tool Frequently Asked Questions > 2. Tool behaves unexpectedly",
  );
  assert.doesNotMatch(hit?.snippet ?? "", /make fail/);
});
