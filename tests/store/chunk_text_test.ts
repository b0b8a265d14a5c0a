import assert from "node:assert/strict";
import type { Chunk } from "../../src/store/chunk.ts";
import { chunkText } from "../../src/store/chunk_text.ts";

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

function numberedLines(count: number, width = 0): string {
  return Array.from(
    { length: count },
    (_, i) => `line ${i + 1}`.padEnd(width, "."),
  ).join("\n");
}

/** A paragraph of two lines, so it never counts as tiny. */
function paragraph(title: string, words = 10): string {
  return `${title}\n${"word ".repeat(words).trim()}`;
}

Deno.test("chunkText() chooses paragraphs or line windows", async (t) => {
  const cases: {
    name: string;
    text: string;
    maxBytes?: number;
    want: string[];
  }[] = [
    {
      name: "paragraphs are titled by their first line",
      text: [paragraph("Installation", 20), paragraph("Configuration", 20)]
        .join("\n\n"),
      maxBytes: 200,
      want: ["Installation", "Configuration"],
    },
    {
      name: "small paragraphs pack together up to half the cap",
      text: ["Alpha", "Beta", "Gamma", "Delta"].map((title) =>
        paragraph(title, 4)
      ).join("\n\n"),
      maxBytes: 120,
      want: ["Alpha", "Gamma"],
    },
    {
      name: "one block is cut into line windows",
      text: numberedLines(100),
      want: ["lines 1–40", "lines 38–77", "lines 75–100"],
    },
    {
      name: "mostly tiny one-line blocks are cut into line windows",
      text: ["ok 1", "ok 2", "ok 3", paragraph("Summary")].join("\n\n"),
      want: ["lines 1–8"],
    },
    {
      name: "half tiny blocks still count as paragraphs",
      text: ["tiny", paragraph("Para one"), "also tiny", paragraph("Para two")]
        .join("\n\n"),
      maxBytes: 120,
      want: ["tiny", "Para one", "also tiny", "Para two"],
    },
    {
      name: "long single-line paragraphs are not tiny",
      text: [`First ${"long ".repeat(20)}`, `Second ${"long ".repeat(20)}`]
        .join("\n\n"),
      maxBytes: 200,
      want: [
        `First${" long".repeat(20)}`.slice(0, 79) + "…",
        `Second${" long".repeat(20)}`.slice(0, 79) + "…",
      ],
    },
    {
      name: "the byte cap shortens windows and their overlap",
      text: numberedLines(20, 100),
      maxBytes: 1000,
      want: ["lines 1–9", "lines 8–16", "lines 15–20"],
    },
    {
      name:
        "a giant line is split into parts and windows do not overlap into it",
      text: `${numberedLines(5)}\n${"x".repeat(10_000)}\n${numberedLines(2)}`,
      want: [
        "lines 1–5",
        "lines 6–6 (part 1/3)",
        "lines 6–6 (part 2/3)",
        "lines 6–6 (part 3/3)",
        "lines 7–8",
      ],
    },
    {
      name: "windows of blank lines are dropped",
      text: `a\n${"\n".repeat(100)}b`,
      maxBytes: 8,
      want: ["lines 1–8", "lines 98–102"],
    },
    {
      name: "CRLF line endings are understood",
      text:
        "Alpha\r\nalpha body text here\r\n\r\nBeta\r\nbeta body text here\r\n",
      maxBytes: 40,
      want: ["Alpha", "Beta"],
    },
    { name: "empty text has no chunks", text: "", want: [] },
    { name: "blank text has no chunks", text: "\n \n\t\n\n", want: [] },
  ];
  for (const { name, text, maxBytes, want } of cases) {
    await t.step(name, () => {
      const chunks = chunkText(
        text,
        maxBytes === undefined ? {} : { maxBytes },
      );
      assert.deepEqual(chunks.map((chunk) => chunk.title), want);
      assertChunks(chunks, maxBytes);
    });
  }
});

Deno.test("chunkText() keeps the exact lines of a window", () => {
  const chunks = chunkText("l1\nl2\nl3\n", { maxBytes: 100 });
  assert.deepEqual(chunks, [{ title: "lines 1–3", body: "l1\nl2\nl3" }]);
});

Deno.test("chunkText() joins packed paragraphs with one blank line", () => {
  const chunks = chunkText("A\nfirst body\n\n\n\nB\nsecond body\n", {
    maxBytes: 200,
  });
  assert.deepEqual(chunks, [{
    title: "A",
    body: "A\nfirst body\n\nB\nsecond body",
  }]);
});

Deno.test("chunkText() cuts paragraph titles at 80 characters without splitting an emoji", () => {
  const first = `${"😀".repeat(100)} tail`;
  const chunks = chunkText(`${first}\nbody\n\nSecond\nbody`, {
    maxBytes: 4096,
  });
  const title = chunks[0]?.title ?? "";
  assert.equal([...title].length, 80);
  assert.ok(title.endsWith("😀…"));
  assert.ok(title.isWellFormed());
  const short = chunkText(`   Exactly short   \nbody\n\nNext\nbody`)[0]?.title;
  assert.equal(short, "Exactly short");
});

Deno.test("chunkText() splits a paragraph over the cap and titles each piece", () => {
  const big = Array.from(
    { length: 300 },
    (_, i) => `row ${i} ${"data ".repeat(5)}`,
  ).join("\n");
  const chunks = chunkText(
    `${paragraph("Header")}\n\n${big}\n\n${paragraph("Footer")}`,
    {
      maxBytes: 1000,
    },
  );
  assertChunks(chunks, 1000);
  assert.equal(chunks[0]?.title, "Header");
  assert.equal(chunks.at(-1)?.title, "Footer");
  for (const chunk of chunks.slice(1, -1)) {
    assert.match(chunk.title, /^row \d+ data/);
    assert.equal(chunk.title, chunk.body.split("\n")[0]?.trim());
  }
});

Deno.test("chunkText() windows the 170 KB output of seq 1 30000", () => {
  const text = `${
    Array.from({ length: 30_000 }, (_, i) => i + 1).join("\n")
  }\n`;
  const chunks = chunkText(text);
  assertChunks(chunks);
  assert.equal(chunks[0]?.title, "lines 1–40");
  assert.equal(chunks[1]?.title, "lines 38–77");
  assert.equal(chunks.at(-1)?.title, "lines 29971–30000");
  const covered = new Set(chunks.flatMap((chunk) => chunk.body.split("\n")));
  assert.equal(covered.size, 30_000);
});

Deno.test("chunkText() splits a 1 MB minified line into titled parts", () => {
  const text = "var a=1;function f(){return'é😀'};".repeat(30_000);
  const chunks = chunkText(text);
  assertChunks(chunks);
  assert.ok(chunks.length > 250);
  chunks.forEach((chunk, index) => {
    assert.equal(chunk.title, `lines 1–1 (part ${index + 1}/${chunks.length})`);
  });
  assert.equal(chunks.map((chunk) => chunk.body).join(""), text);
});

Deno.test("chunkText() keeps emoji and CJK whole at piece boundaries", () => {
  const text = "日本語のテキスト😀👩‍👩‍👧".repeat(2_000);
  for (const maxBytes of [16, 97, 4096]) {
    const chunks = chunkText(text, { maxBytes });
    assertChunks(chunks, maxBytes);
    assert.equal(chunks.map((chunk) => chunk.body).join(""), text);
  }
});

Deno.test("chunkText() rejects a cap that cannot hold a code point", () => {
  assert.throws(() => chunkText("text", { maxBytes: 1 }), RangeError);
});
