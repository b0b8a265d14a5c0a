import assert from "node:assert/strict";
import type { Chunk } from "../../src/store/chunk.ts";
import { chunkJson } from "../../src/store/chunk_json.ts";

const encoder = new TextEncoder();

/** Checks the contract every chunk must keep: a non-blank body under the cap. */
function assertChunks(chunks: Chunk[], maxBytes = 4096): void {
  for (const { title, body } of chunks) {
    assert.notEqual(body.trim(), "", `"${title}" has a blank body`);
    const bytes = encoder.encode(body).length;
    assert.ok(bytes <= maxBytes, `"${title}" has ${bytes} bytes > ${maxBytes}`);
    assert.ok(body.isWellFormed(), `"${title}" cuts a surrogate pair`);
  }
}

/** A string value big enough to force its own chunk under a small cap. */
const pad = (label: string): string => `${label} ${"x".repeat(40)}`;

Deno.test("chunkJson() titles chunks with JSON paths", async (t) => {
  const cases: {
    name: string;
    value: unknown;
    maxBytes?: number;
    want: string[];
  }[] = [
    {
      name: "a document that fits is one chunk titled $",
      value: { a: 1, b: [2] },
      want: ["$"],
    },
    { name: "a scalar document is one chunk", value: 42, want: ["$"] },
    { name: "an empty object is one chunk", value: {}, want: ["$"] },
    {
      name: "identifier keys use dot notation",
      value: { name: pad("n"), version: pad("v") },
      maxBytes: 60,
      want: ["$.name", "$.version"],
    },
    {
      name: "other keys use quoted brackets",
      value: {
        "a b": pad("1"),
        "x-y": pad("2"),
        "": pad("3"),
        "1st": pad("4"),
      },
      maxBytes: 60,
      want: ['$["a b"]', '$["x-y"]', '$[""]', '$["1st"]'],
    },
    {
      name: "array items use their index",
      value: [pad("0"), pad("1"), pad("2")],
      maxBytes: 50,
      want: ["$[0]", "$[1]", "$[2]"],
    },
    {
      name: "paths nest through objects and arrays",
      value: {
        users: [{ name: pad("ann"), mail: pad("a@x") }, {
          name: pad("bob"),
          mail: pad("b@x"),
        }],
      },
      maxBytes: 60,
      want: [
        "$.users[0].name",
        "$.users[0].mail",
        "$.users[1].name",
        "$.users[1].mail",
      ],
    },
    {
      name: "small array items are grouped under an inclusive range",
      value: {
        users: Array.from(
          { length: 6 },
          (_, id) => ({ id, name: `user ${id}` }),
        ),
      },
      maxBytes: 160,
      want: ["$.users[0..3]", "$.users[4..5]"],
    },
    {
      name: "small object entries are grouped under their first keys",
      value: { a: 1, b: 2, c: 3, d: 4, big: pad("big"), e: 5, f: 6 },
      maxBytes: 60,
      want: ["${a,b,c,…}", "$.big", "${e,f}"],
    },
    {
      name:
        "group titles quote keys that are not identifiers and shorten long ones",
      value: { "a b": 1, [`k${"y".repeat(60)}`]: 2, big: pad("big") },
      maxBytes: 100,
      want: [`\${"a b",k${"y".repeat(38)}…}`, "$.big"],
    },
  ];
  for (const { name, value, maxBytes, want } of cases) {
    await t.step(name, () => {
      const chunks = chunkJson(
        JSON.stringify(value),
        maxBytes === undefined ? {} : { maxBytes },
      );
      assert.deepEqual(chunks.map((chunk) => chunk.title), want);
      assertChunks(chunks, maxBytes);
    });
  }
});

Deno.test("chunkJson() writes the pretty form of a value that fits", () => {
  assert.deepEqual(chunkJson('{"a":[1,2],"b":null}'), [
    { title: "$", body: '{\n  "a": [\n    1,\n    2\n  ],\n  "b": null\n}' },
  ]);
  assert.deepEqual(chunkJson('"hi"'), [{ title: "$", body: '"hi"' }]);
});

Deno.test("chunkJson() puts keys into the body of a grouped object chunk", () => {
  const chunks = chunkJson(
    JSON.stringify({
      dependencies: { alpha: "^1.0.0", beta: "^2.0.0" },
      readme: "r".repeat(200),
    }),
    { maxBytes: 120 },
  );
  assert.deepEqual(chunks.map((chunk) => chunk.title), [
    "$.dependencies",
    "$.readme (part 1/2)",
    "$.readme (part 2/2)",
  ]);
  assert.equal(
    chunks[0]?.body,
    '"dependencies": {\n  "alpha": "^1.0.0",\n  "beta": "^2.0.0"\n}',
  );
  const grouped = chunkJson(
    JSON.stringify({ alpha: 1, beta: 2, gamma: "g".repeat(100) }),
    {
      maxBytes: 60,
    },
  );
  assert.equal(grouped[0]?.title, "${alpha,beta}");
  assert.equal(grouped[0]?.body, '"alpha": 1,\n"beta": 2');
});

Deno.test("chunkJson() splits a huge string into parts of its decoded text", () => {
  const readme = 'Line with "quotes" and emoji 😀 日本\n'.repeat(400);
  const chunks = chunkJson(JSON.stringify({ readme }), { maxBytes: 1000 });
  assertChunks(chunks, 1000);
  assert.ok(chunks.length > 10);
  chunks.forEach((chunk, index) => {
    assert.equal(chunk.title, `$.readme (part ${index + 1}/${chunks.length})`);
  });
  assert.equal(chunks.map((chunk) => chunk.body).join(""), readme);
});

Deno.test("chunkJson() covers a huge array with contiguous ranges in order", () => {
  const items = Array.from(
    { length: 20_000 },
    (_, id) => ({ id, name: `user${id}`, tags: ["a", "b"] }),
  );
  const chunks = chunkJson(JSON.stringify(items));
  assertChunks(chunks);
  let next = 0;
  for (const chunk of chunks) {
    const match = /^\$\[(\d+)(?:\.\.(\d+))?\]$/.exec(chunk.title);
    assert.ok(match, `unexpected title ${chunk.title}`);
    const first = Number(match[1]);
    const last = Number(match[2] ?? match[1]);
    assert.equal(
      first,
      next,
      `range ${chunk.title} does not follow ${next - 1}`,
    );
    assert.ok(last >= first);
    assert.equal(JSON.parse(`[${chunk.body}]`).length, last - first + 1);
    next = last + 1;
  }
  assert.equal(next, items.length);
});

Deno.test("chunkJson() keeps document order when big children sit between small ones", () => {
  const chunks = chunkJson(
    JSON.stringify({ a: 1, nested: { x: pad("x"), y: pad("y") }, z: 2 }),
    { maxBytes: 60 },
  );
  assert.deepEqual(chunks.map((chunk) => chunk.title), [
    "$.a",
    "$.nested.x",
    "$.nested.y",
    "$.z",
  ]);
  assert.equal(chunks[0]?.body, '"a": 1');
});

Deno.test("chunkJson() keeps emoji and CJK keys and values under the cap", () => {
  const value = Object.fromEntries(
    Array.from({ length: 50 }, (_, i) => [`キー${i}😀`, "値😀".repeat(i * 3)]),
  );
  for (const maxBytes of [64, 200, 4096]) {
    assertChunks(chunkJson(JSON.stringify(value), { maxBytes }), maxBytes);
  }
});

Deno.test("chunkJson() throws SyntaxError on invalid JSON", async (t) => {
  for (const text of ["", "{", "{'a': 1}", "[1,]", "// c\n{}", "{} {}"]) {
    await t.step(JSON.stringify(text), () => {
      assert.throws(() => chunkJson(text), SyntaxError);
    });
  }
});

Deno.test("chunkJson() rejects a cap that cannot hold a code point", () => {
  assert.throws(() => chunkJson("{}", { maxBytes: 2 }), RangeError);
});

Deno.test("chunkJson() names a record chunk by its identifying fields", () => {
  const issues = Array.from({ length: 6 }, (_, i) => ({
    number: 100 + i,
    title: `Issue title ${i}`,
    body: "x".repeat(900),
  }));
  const chunks = chunkJson(JSON.stringify(issues), { maxBytes: 1200 });
  assert.equal(chunks[2]?.title, "$[2] (title: Issue title 2, number: 102)");
  assert.ok(chunks.every((chunk) => chunk.title.startsWith("$[")));
});
