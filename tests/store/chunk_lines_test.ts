import assert from "node:assert/strict";
import { chunkLines } from "../../src/store/_chunk_lines.ts";
import { chunkContent } from "../../src/store/chunk_content.ts";

Deno.test("chunkLines() gives 0 for bodies the text does not hold, and goes on", () => {
  const text = "alpha\nbeta\ngamma\n";
  assert.deepEqual(
    chunkLines(text, ["", "  \n\n", "rewritten text", "gamma", "alpha"]),
    [0, 0, 0, 3, 0],
    "empty, rewritten, then found, then nothing before the cursor",
  );
  assert.deepEqual(chunkLines("", ["x"]), [0]);
  assert.deepEqual(chunkLines("x".repeat(10_000), ["x".repeat(5_000)]), [1]);
});

Deno.test("chunkLines() finds repeated lines in order, from the segment's first line", () => {
  const text = "## A\nsame\n\n## B\nsame\n\n## C\nsame\n";
  assert.deepEqual(chunkLines(text, ["same", "same", "same"]), [2, 5, 8]);
  assert.deepEqual(chunkLines(text, ["## B\nsame"], 101), [104]);
});

Deno.test("chunkLines() places the chunks of Markdown and of a manual on their lines", () => {
  const markdown = [
    "# Guide",
    "",
    "Intro text.",
    "",
    "## Install",
    "",
    "Run the installer.",
    "",
    "## Use",
    "Call `go()`.",
  ].join("\n");
  const chunks = chunkContent(markdown, "markdown", { fallbackTitle: "g" });
  const lines = chunkLines(markdown, chunks.map((c) => c.body));
  const byTitle = Object.fromEntries(chunks.map((c, i) => [c.title, lines[i]]));
  assert.equal(byTitle["Guide > Install"], 5);
  assert.equal(byTitle["Guide > Use"], 9);
  const manual = [
    "Usage: zap [OPTION]... FILE...",
    "Remove things.",
    "",
    "  -f, --force   never prompt",
    "  -v, --verbose  explain what is being done",
    "      --help    display this help and exit",
  ].join("\n");
  const options = chunkContent(manual, "text", { fallbackTitle: "zap" });
  const at = chunkLines(manual, options.map((c) => c.body));
  assert.equal(at[options.findIndex((c) => c.title === "zap > --help")], 6);
});

Deno.test("chunkLines() takes a short first line only where it starts a line", () => {
  const text = 'x = "}" and more\n{\n  "a": 1\n}\n';
  assert.deepEqual(chunkLines(text, ["}", "{"]), [4, 0]);
  const long = `${"word ".repeat(10)}tail of a long line cut in two`;
  assert.deepEqual(
    chunkLines(`intro\n${long}\n`, ["tail of a long line cut"]),
    [
      2,
    ],
  );
});
