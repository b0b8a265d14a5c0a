import assert from "node:assert/strict";
import type { ContentKind } from "../../src/store/chunk.ts";
import { chunkContent } from "../../src/store/chunk_content.ts";
import {
  chunkJson,
  JsonTooDeepError,
  MAX_JSON_DEPTH,
} from "../../src/store/chunk_json.ts";

Deno.test("chunkContent() sends each kind to its chunker", async (t) => {
  const cases: { kind: ContentKind; text: string; want: string[] }[] = [
    {
      kind: "markdown",
      text: "# A\n\nbody\n\n## B\n\nmore\n",
      want: ["A", "A > B"],
    },
    { kind: "json", text: '{"a": 1}', want: ["$"] },
    { kind: "json", text: "{broken\nsecond line", want: ["lines 1–2"] },
    { kind: "text", text: "# A\n\nbody", want: ["lines 1–3"] },
  ];
  for (const { kind, text, want } of cases) {
    await t.step(`${kind}: ${JSON.stringify(text)}`, () => {
      assert.deepEqual(
        chunkContent(text, kind).map((chunk) => chunk.title),
        want,
      );
    });
  }
});

Deno.test("chunkContent() passes options through to the chunker", () => {
  const chunks = chunkContent("no heading", "markdown", {
    fallbackTitle: "x.md",
  });
  assert.deepEqual(chunks, [{ title: "x.md", body: "no heading" }]);
  const small = chunkContent("x".repeat(100), "text", { maxBytes: 10 });
  assert.equal(small.length, 10);
});

Deno.test("chunkContent() lets errors other than invalid JSON through", () => {
  assert.throws(() => chunkContent("{}", "json", { maxBytes: 1 }), RangeError);
});

Deno.test("chunkContent() chunks JSON nested 200,000 deep as text instead of overflowing", () => {
  const depth = 200_000;
  for (
    const text of [
      "[".repeat(depth) + "1" + "]".repeat(depth),
      '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
    ]
  ) {
    const chunks = chunkContent(text, "json");
    assert.ok(chunks.length > 0);
    assert.match(chunks[0]!.title, /^lines 1–1/);
    assert.equal(chunks.map((chunk) => chunk.body).join(""), text);
  }
});

Deno.test("chunkJson() cuts JSON up to MAX_JSON_DEPTH levels by structure and refuses deeper", () => {
  const nested = (levels: number) =>
    "[".repeat(levels) + '"leaf"' + "]".repeat(levels);
  assert.equal(
    chunkJson(nested(MAX_JSON_DEPTH), { maxBytes: 64 }).length > 0,
    true,
  );
  assert.throws(
    () => chunkJson(nested(MAX_JSON_DEPTH + 1)),
    JsonTooDeepError,
  );
});
