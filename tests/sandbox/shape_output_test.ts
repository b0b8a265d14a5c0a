import assert from "node:assert/strict";
import {
  distinctiveTerms,
  headAndTail,
  shapeOutput,
} from "../../src/sandbox/shape_output.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";

const LOG = Array.from(
  { length: 1500 },
  (_, i) =>
    i === 1234
      ? "ERROR payment gateway refused card ending 4242: insufficient funds"
      : `INFO request ${i} served in ${i % 17}ms`,
).join("\n");

Deno.test("shapeOutput() returns small output whole and indexes nothing", () => {
  using kb = KnowledgeBase.open(":memory:");
  const shaped = shapeOutput("just a line\n", { kb, intent: "anything" });
  assert.deepEqual(shaped, { text: "just a line\n", mode: "whole" });
  assert.equal(kb.stats().sources, 0);
});

Deno.test("shapeOutput() with an intent returns only the matching sections of large output", () => {
  using kb = KnowledgeBase.open(":memory:");
  const shaped = shapeOutput(LOG, {
    kb,
    intent: "payment errors",
    source: "run log",
  });
  assert.equal(shaped.mode, "intent");
  assert.match(shaped.text, /indexed as "run log"/);
  assert.match(shaped.text, /ctx_search\(queries, source: "run log"\)/);
  assert.match(shaped.text, /insufficient funds/);
  assert.ok(
    shaped.text.length < LOG.length / 20,
    `${shaped.text.length} of ${LOG.length} chars`,
  );
  assert.equal(
    kb.search(["gateway"], { source: "run log" })[0]?.hits.length,
    1,
    "the full output is searchable",
  );
});

Deno.test("shapeOutput() without an intent cuts to head and tail and says how to search the rest", () => {
  using kb = KnowledgeBase.open(":memory:");
  const shaped = shapeOutput(LOG, { kb, source: "run log" });
  assert.equal(shaped.mode, "head-tail");
  assert.match(shaped.text, /^INFO request 0 served/);
  assert.match(shaped.text, /INFO request 1499 served in \d+ms\n\n\[/);
  assert.match(
    shaped.text,
    /omitted of [\d.]+ KB\. The full output is searchable: ctx_search\(queries, source: "run log"\)/,
  );
  assert.ok(new TextEncoder().encode(shaped.text).length < 6 * 1024);
});

Deno.test("headAndTail() keeps whole lines within the budget and counts what it dropped", () => {
  const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
  const cut = headAndTail(text, 100);
  assert.match(cut.text, /^line 0\nline 1\n/);
  assert.match(cut.text, /line 99$/);
  assert.ok(cut.omittedLines > 80);
  assert.equal(headAndTail("short", 100).text, "short");
  const giant = headAndTail("x".repeat(10_000), 100);
  assert.ok(giant.text.length < 200 && giant.omittedBytes > 9_000);
});

Deno.test("distinctiveTerms() prefers words that tell lines apart over words on every line", () => {
  const terms = distinctiveTerms(
    LOG + "\nWARN cache eviction storm\nWARN cache eviction storm",
    5,
  );
  assert.ok(terms.includes("eviction"), terms.join(","));
  assert.ok(
    !terms.includes("request"),
    "a word on every line is not distinctive",
  );
});
