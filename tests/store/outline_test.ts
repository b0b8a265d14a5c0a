import assert from "node:assert/strict";
import {
  formatOutline,
  jsonOutline,
  markdownHeadings,
} from "../../src/store/outline.ts";

Deno.test("markdownHeadings() finds ATX headings outside fences and strips inline Markdown", () => {
  const markdown = [
    "# Guide",
    "",
    "```sh",
    "# a shell comment, not a heading",
    "```",
    "## The `run()` **call** ##",
    "### [Linked](https://x.test) heading",
    "####### seven is not a heading",
  ].join("\n");
  assert.deepEqual(markdownHeadings(markdown), [
    { level: 1, text: "Guide" },
    { level: 2, text: "The run() call" },
    { level: 3, text: "Linked heading" },
  ]);
});

Deno.test("formatOutline() indents by rank, whatever levels are skipped", () => {
  const outline = formatOutline([
    { level: 1, text: "Title" },
    { level: 3, text: "Deep" },
    { level: 2, text: "Section" },
    { level: 4, text: "Leaf" },
    { level: 1, text: "Appendix" },
  ]);
  assert.equal(
    outline,
    "- Title\n  - Deep\n  - Section\n    - Leaf\n- Appendix",
  );
  assert.equal(formatOutline([]), "");
});

Deno.test("formatOutline() caps lines and bytes and says how many headings were left out", () => {
  const many = Array.from({ length: 100 }, (_, index) => ({
    level: 2,
    text: `Heading number ${index}`,
  }));
  const byLines = formatOutline(many).split("\n");
  assert.equal(byLines.length, 40);
  assert.equal(byLines.at(-1), "… 61 more headings");

  const long = Array.from({ length: 30 }, (_, index) => ({
    level: 1,
    text: `${"x".repeat(100)} ${index}`,
  }));
  const byBytes = formatOutline(long);
  assert.ok(new TextEncoder().encode(byBytes).length <= 2048);
  assert.match(byBytes, /… \d+ more headings$/);
  assert.equal(formatOutline(many, { maxLines: 41 }).split("\n").length, 41);
});

Deno.test("jsonOutline() lists top-level keys, or an array's length and first item's keys", () => {
  assert.equal(
    jsonOutline('{"a": 1, "b": [1, 2], "c": {"d": null}, "e": null}'),
    "- a: number\n- b: array(2)\n- c: object(1 keys)\n- e: null",
  );
  assert.equal(
    jsonOutline('[{"id": 1, "tags": []}, {"id": 2}]'),
    "- [2 items]\n  - id: number\n  - tags: array(0)",
  );
  assert.equal(jsonOutline("{truncated"), "");
  assert.equal(jsonOutline("42"), "");
});
