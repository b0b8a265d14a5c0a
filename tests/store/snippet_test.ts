import assert from "node:assert/strict";
import { makeSnippet } from "../../src/store/_snippet.ts";

const optionList = [
  "OPTIONS",
  ...Array.from({ length: 40 }, (_, i) => [
    `       --option-${i}`,
    `              Does thing number ${i} to the output of the program.`,
    "",
  ]).flat(),
  "       --force-with-lease[=<refname>]",
  "              Refuse to overwrite a remote ref unless it is what we expect.",
  "",
  ...Array.from({ length: 10 }, (_, i) => `       --after-${i}    more text`),
].join("\n");

Deno.test("makeSnippet() keeps the lines around the match in text made of short lines", () => {
  const snippet = makeSnippet(optionList, ["lease"], 300);
  assert.ok(snippet.length <= 302, `${snippet.length} chars`);
  assert.match(
    snippet,
    /^…(?:.*\n)*--force-with-lease\[=<refname>\]\n\s+Refuse to overwrite/m,
  );
  assert.ok(snippet.endsWith("…"), "cut after the match");
  assert.doesNotMatch(snippet, /^ {7}--/m, "the common indentation is gone");
});

Deno.test("makeSnippet() cuts prose in a window, whitespace collapsed", () => {
  const prose = `${"A long paragraph of prose that goes on. ".repeat(30)}` +
    "The lease ends here. " + "More prose follows it. ".repeat(30);
  const snippet = makeSnippet(prose, ["lease"], 200);
  assert.doesNotMatch(snippet, /\n/);
  assert.match(snippet, /The lease ends here/);
});

Deno.test("makeSnippet() gives a chunk that fits the cap whole, whitespace collapsed", () => {
  assert.equal(
    makeSnippet("  -a, --all\n      do not ignore entries\n", ["all"], 480),
    "-a, --all do not ignore entries",
  );
});
