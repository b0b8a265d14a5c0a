import assert from "node:assert/strict";
import type { Chunk } from "../../src/store/chunk.ts";
import { chunkMarkdown } from "../../src/store/chunk_markdown.ts";

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

/** Counts fence lines, so a test can tell that every fence a chunk opens it closes. */
function fenceLines(body: string): number {
  return body.split("\n").filter((line) => /^ {0,3}(?:`{3,}|~{3,})/.test(line))
    .length;
}

const FS_DOC = `# File system

Intro to the fs module.

## Promises API

### \`fsPromises.rm(path[, options])\`

Removes files and directories.

#### Options

* \`force\` {boolean}
`;

Deno.test("chunkMarkdown() titles sections by heading path", async (t) => {
  const cases: { name: string; text: string; want: string[] }[] = [
    {
      name: "nested headings join with ' > ' and empty parents are dropped",
      text: FS_DOC,
      want: [
        "File system",
        "File system > Promises API > fsPromises.rm(path[, options])",
        "File system > Promises API > fsPromises.rm(path[, options]) > Options",
      ],
    },
    {
      name: "a shallower heading pops deeper ones off the path",
      text: "# A\n\na\n\n### C\n\nc\n\n## B\n\nb\n\n# D\n\nd\n",
      want: ["A", "A > C", "A > B", "D"],
    },
    {
      name: "H5 and H6 of prose stay in the body of their section",
      text:
        "## Top\n\ntext\n\n##### Usage with plugins\n\nfive\n\n###### More about it\n\nsix\n",
      want: ["Top"],
    },
    {
      name:
        "an H5 or H6 naming a type, a method or an option is its own section",
      text: "## Types\n\ntext\n\n##### FastifyRequest\n\nthe request\n\n" +
        "##### `reply.send(payload)`\n\nsends\n\n###### --max-depth=N\n\nhow deep\n",
      want: [
        "Types",
        "Types > FastifyRequest",
        "Types > reply.send(payload)",
        "Types > reply.send(payload) > --max-depth=N",
      ],
    },
    {
      name: "content before the first heading takes the fallback title",
      text: "Preamble.\n\n# First\n\nbody\n",
      want: ["(untitled)", "First"],
    },
    {
      name: "headings inside a backtick fence are code",
      text:
        "# Real\n\n```sh\n# not a heading\n## nor this\n```\n\n## Also real\n\nx\n",
      want: ["Real", "Real > Also real"],
    },
    {
      name: "a tilde fence is not closed by backticks",
      text: "# Real\n\n~~~~\n```\n# still code\n```\n~~~~\n\n## After\n\nx\n",
      want: ["Real", "Real > After"],
    },
    {
      name: "a fence is closed only by a run at least as long",
      text: "# Real\n\n````md\n```\n# code\n````\n\n## After\n\nx\n",
      want: ["Real", "Real > After"],
    },
    {
      name: "fences and headings may be indented up to three spaces",
      text:
        "   # Indented\n\ntext\n\n   ```\n# code\n   ```\n\n   ## Child\n\nx\n",
      want: ["Indented", "Indented > Child"],
    },
    {
      name: "four spaces of indentation is not a heading",
      text: "# Top\n\n    # indented code\n\ntext\n",
      want: ["Top"],
    },
    {
      name: "an unclosed fence runs to the end of the document",
      text: "# Top\n\n```\ncode\n# inside\n\n## inside too\n",
      want: ["Top"],
    },
    {
      name:
        "a backtick fence with a backtick in its info string is not a fence",
      text: "# Top\n\n``` a`b\n\n## Child\n\nx\n",
      want: ["Top", "Top > Child"],
    },
    {
      name: "a hash without a space, or seven hashes, is not a heading",
      text: "# Top\n\n#hashtag\n\n####### seven\n",
      want: ["Top"],
    },
    {
      name: "setext headings are not recognised",
      text: "Title\n=====\n\ntext\n\nSub\n---\n\nmore\n",
      want: ["(untitled)"],
    },
    {
      name: "empty headings are left out of the path",
      text: "#\n\n## Child\n\nx\n",
      want: ["Child"],
    },
    {
      name: "CRLF line endings are understood",
      text: "# One\r\n\r\ntext\r\n\r\n## Two\r\n\r\nmore\r\n",
      want: ["One", "One > Two"],
    },
    { name: "an empty document has no chunks", text: "", want: [] },
    { name: "a blank document has no chunks", text: "\n  \n\t\n", want: [] },
    {
      name: "a document of headings only has no chunks",
      text: "# A\n\n## B\n",
      want: [],
    },
  ];
  for (const { name, text, want } of cases) {
    await t.step(name, () => {
      const chunks = chunkMarkdown(text);
      assert.deepEqual(chunks.map((chunk) => chunk.title), want);
      assertChunks(chunks);
    });
  }
});

Deno.test("chunkMarkdown() strips inline Markdown from titles", async (t) => {
  const cases: { heading: string; want: string }[] = [
    {
      heading: "`fsPromises.rm(path[, options])`",
      want: "fsPromises.rm(path[, options])",
    },
    { heading: "Class: `fs.Dir`", want: "Class: fs.Dir" },
    { heading: "**Bold** and *em* and _under_", want: "Bold and em and under" },
    { heading: "***Both***", want: "Both" },
    { heading: "snake_case_name stays", want: "snake_case_name stays" },
    { heading: "`a_b` and `*c*`", want: "a_b and *c*" },
    {
      heading: "[Link text](https://x.test/a_(b)) here",
      want: "Link text here",
    },
    { heading: "[Ref][ref] link", want: "Ref link" },
    { heading: "![logo](logo.png) Name", want: "logo Name" },
    { heading: '<a id="x"></a>Anchored', want: "Anchored" },
    { heading: "<https://deno.com>", want: "https://deno.com" },
    { heading: "~~old~~ new", want: "old new" },
    {
      heading: "Escaped \\*star\\* and \\_under\\_",
      want: "Escaped *star* and _under_",
    },
    { heading: "Closing hashes ##", want: "Closing hashes" },
    { heading: "C#", want: "C#" },
    { heading: "`` code ` tick ``", want: "code ` tick" },
    { heading: "Spaced    words", want: "Spaced words" },
  ];
  for (const { heading, want } of cases) {
    await t.step(heading, () => {
      const chunks = chunkMarkdown(`## ${heading}\n\nbody\n`);
      assert.deepEqual(chunks.map((chunk) => chunk.title), [want]);
    });
  }
});

Deno.test("chunkMarkdown() starts each body with its heading line", () => {
  const chunks = chunkMarkdown(FS_DOC, { fallbackTitle: "fs.md" });
  assert.deepEqual(chunks.map((chunk) => chunk.body), [
    "# File system\n\nIntro to the fs module.",
    "### `fsPromises.rm(path[, options])`\n\nRemoves files and directories.",
    "#### Options\n\n* `force` {boolean}",
  ]);
});

Deno.test("chunkMarkdown() uses the fallback title it is given", () => {
  const chunks = chunkMarkdown("no headings here\n", {
    fallbackTitle: "notes.md",
  });
  assert.deepEqual(chunks, [{ title: "notes.md", body: "no headings here" }]);
});

Deno.test("chunkMarkdown() keeps the lines of a prose H5 in the body", () => {
  const [chunk] = chunkMarkdown(
    "## Top\n\ntext\n\n##### In short\n\nfive\n",
  );
  assert.equal(chunk?.body, "## Top\n\ntext\n\n##### In short\n\nfive");
});

Deno.test("chunkMarkdown() packs paragraphs of a long section without cutting one", () => {
  const paragraphs = Array.from(
    { length: 10 },
    (_, i) => `Paragraph ${i} ${"word ".repeat(18)}end${i}.`,
  );
  const text = `# Guide\n\n## Long\n\n${paragraphs.join("\n\n")}\n`;
  const maxBytes = 400;
  const chunks = chunkMarkdown(text, { maxBytes });
  assertChunks(chunks, maxBytes);
  assert.ok(chunks.length >= 3, `only ${chunks.length} chunks`);
  chunks.forEach((chunk, index) => {
    assert.equal(
      chunk.title,
      `Guide > Long (part ${index + 1}/${chunks.length})`,
    );
    assert.ok(chunk.body.startsWith("## Long\n\n"), chunk.body);
  });
  for (const paragraph of paragraphs) {
    const holders = chunks.filter((chunk) => chunk.body.includes(paragraph));
    assert.equal(holders.length, 1, `"${paragraph}" is cut or repeated`);
  }
  // Packing: more than one paragraph shares a chunk.
  assert.ok(chunks.length < paragraphs.length);
});

Deno.test("chunkMarkdown() never splits a fenced block that fits the cap", () => {
  const code = [
    "```ts",
    ...Array.from({ length: 8 }, (_, i) => `const v${i} = ${i};`),
    "",
    "const after = 1;",
    "```",
  ]
    .join("\n");
  const text = `## Code\n\n${
    "Lead paragraph words. ".repeat(8)
  }\n\n${code}\n\n${"Tail paragraph words. ".repeat(8)}\n`;
  const maxBytes = 260;
  const chunks = chunkMarkdown(text, { maxBytes });
  assertChunks(chunks, maxBytes);
  assert.ok(chunks.length >= 2);
  const holders = chunks.filter((chunk) => chunk.body.includes(code));
  assert.equal(holders.length, 1, "the whole fence sits in exactly one chunk");
  for (const chunk of chunks) {
    assert.equal(fenceLines(chunk.body) % 2, 0, chunk.body);
  }
});

Deno.test("chunkMarkdown() splits an oversized fence on lines and re-wraps each piece", () => {
  const lines = Array.from(
    { length: 60 },
    (_, i) => `console.log("line ${i}");`,
  );
  const text = `## Big code\n\nIntro.\n\n~~~~js\n${lines.join("\n")}\n~~~~\n`;
  const maxBytes = 300;
  const chunks = chunkMarkdown(text, { maxBytes });
  assertChunks(chunks, maxBytes);
  assert.ok(chunks.length >= 5, `only ${chunks.length} chunks`);
  const seen: string[] = [];
  for (const chunk of chunks.slice(1)) {
    const bodyLines = chunk.body.split("\n");
    assert.equal(bodyLines[0], "## Big code");
    assert.equal(bodyLines[2], "~~~~js", chunk.body);
    assert.equal(bodyLines.at(-1), "~~~~", chunk.body);
    seen.push(...bodyLines.slice(3, -1));
  }
  const first = chunks[0]?.body.split("\n") ?? [];
  const firstCode = first.slice(first.indexOf("~~~~js") + 1, -1);
  assert.deepEqual([...firstCode, ...seen], lines);
});

Deno.test("chunkMarkdown() closes an unclosed oversized fence with a matching run", () => {
  const text = `## Open\n\n\`\`\`\`\n${"x = 1\n".repeat(100)}`;
  const chunks = chunkMarkdown(text, { maxBytes: 200 });
  assertChunks(chunks, 200);
  assert.ok(chunks.length > 2);
  for (const chunk of chunks) {
    assert.ok(chunk.body.endsWith("\n````"), chunk.body);
  }
});

Deno.test("chunkMarkdown() cuts a single huge paragraph under the cap", () => {
  const text = `# Huge\n\n${"lorem ipsum dolor sit amet ".repeat(2_000)}\n`;
  const chunks = chunkMarkdown(text);
  assertChunks(chunks);
  assert.ok(chunks.length >= 14);
  for (const chunk of chunks) assert.ok(chunk.body.startsWith("# Huge\n\n"));
});

Deno.test("chunkMarkdown() cuts a 1 MB minified line under the cap", () => {
  const text = `# Bundle\n\n${
    "var a=1;function f(){return'é😀'};".repeat(30_000)
  }\n`;
  const chunks = chunkMarkdown(text);
  assertChunks(chunks);
  assert.ok(chunks.length > 250);
});

Deno.test("chunkMarkdown() keeps emoji and CJK whole at piece boundaries", () => {
  const text = `# 日本語\n\n${"絵文字😀テキスト".repeat(500)}\n\n${
    "👩‍👩‍👧 family ".repeat(300)
  }\n`;
  for (const maxBytes of [64, 101, 4096]) {
    const chunks = chunkMarkdown(text, { maxBytes });
    assertChunks(chunks, maxBytes);
    assert.equal(chunks[0]?.title, "日本語 (part 1/" + chunks.length + ")");
  }
});

Deno.test("chunkMarkdown() drops the heading prefix when it would eat the cap", () => {
  const heading = `## ${"Long heading ".repeat(10)}`;
  const text = `${heading}\n\n${"Some words here. ".repeat(30)}\n`;
  const maxBytes = 200;
  const chunks = chunkMarkdown(text, { maxBytes });
  assertChunks(chunks, maxBytes);
  assert.ok(chunks[0]?.body.startsWith(heading.trim()));
  assert.ok(chunks.slice(1).every((chunk) => !chunk.body.startsWith("## ")));
});

Deno.test("chunkMarkdown() rejects a cap that cannot hold a code point", () => {
  assert.throws(() => chunkMarkdown("# A\n\nb", { maxBytes: 3 }), RangeError);
});

Deno.test("chunkMarkdown() splits at prose H5 and H6 only when their section is over the cap", () => {
  const method = (name: string) =>
    `##### How to ${name}\n\n${`${name} does one thing well. `.repeat(8)}\n`;
  const text = `# API\n\n#### Methods\n\nAll methods.\n\n${
    ["open", "close", "flush"].map(method).join("\n")
  }`;
  const small = chunkMarkdown(text, { maxBytes: 4096 });
  assert.deepEqual(small.map((chunk) => chunk.title), ["API > Methods"]);
  const large = chunkMarkdown(text, { maxBytes: 400 });
  assert.deepEqual(large.map((chunk) => chunk.title), [
    "API > Methods",
    "API > Methods > How to open",
    "API > Methods > How to close",
    "API > Methods > How to flush",
  ]);
});

Deno.test("chunkMarkdown() drops a banner of badges and HTML before the first heading, not an intro", () => {
  const banner = '<div align="center"><img src="logo.png"></div>\n\n' +
    "[![CI](https://ci/badge.svg)](https://ci) [![npm](https://npm/v.svg)](https://npm)\n\n";
  assert.deepEqual(
    chunkMarkdown(`${banner}# Guide\n\nText.\n`, { fallbackTitle: "g.md" })
      .map((chunk) => chunk.title),
    ["Guide"],
  );
  assert.deepEqual(
    chunkMarkdown(`${banner}A fast web framework.\n\n# Guide\n\nText.\n`, {
      fallbackTitle: "g.md",
    }).map((chunk) => chunk.title),
    ["g.md", "Guide"],
  );
});

Deno.test("chunkMarkdown() gives each term of a converted definition list its own chunk", () => {
  const text = [
    "## Tool options",
    "",
    "Options of the tool are:",
    "",
    "`--heap=<yes|no> [default: yes]`",
    "",
    "Whether the heap is profiled.",
    "",
    "`--depth=<number>`",
    "",
    "How deep call trees are recorded.",
    "",
    "```",
    "`--not-a-term`",
    "",
    "inside a fence",
    "```",
    "",
    "`--out-file=<file>`",
    "",
    "Where the profile is written.",
  ].join("\n");
  const chunks = chunkMarkdown(text);
  assertChunks(chunks);
  assert.deepEqual(chunks.map((chunk) => chunk.title), [
    "Tool options",
    "Tool options > --heap=<yes|no> [default: yes]",
    "Tool options > --depth=<number>",
    "Tool options > --out-file=<file>",
  ]);
  assert.equal(
    chunks[3]?.body,
    "`--out-file=<file>`\n\nWhere the profile is written.",
  );
  assert.match(chunks[2]?.body ?? "", /inside a fence/);
});

Deno.test("chunkMarkdown() keeps one or two lone code lines in their section", () => {
  const text = [
    "## Install",
    "",
    "`npm install tool`",
    "",
    "Then run it:",
    "",
    "`tool --help`",
    "",
    "It prints its options.",
  ].join("\n");
  assert.deepEqual(chunkMarkdown(text).map((chunk) => chunk.title), [
    "Install",
  ]);
});

Deno.test("chunkMarkdown() gives each signature or option term of a converted <dl> its own chunk", () => {
  const text = [
    "## Functions",
    "",
    "os.path.join(_path_, _*paths_)",
    "",
    "Join one or more path segments intelligently.",
    "",
    "_class_ argparse.ArgumentParser(prog=None)",
    "",
    "Create a new parser.",
    "",
    "os.path.split(_path_)",
    "",
    "Split the pathname path into a pair.",
    "",
    "## Options",
    "",
    "-v, --verbose",
    "",
    "Be loud.",
    "",
    "-q",
    "",
    "Be quiet.",
    "",
    "--color=WHEN",
    "",
    "Colour the output.",
    "",
    "## Prose",
    "",
    "This is a sentence (with a remark).",
    "",
    "Another sentence follows it.",
  ].join("\n");
  assert.deepEqual(chunkMarkdown(text).map((chunk) => chunk.title), [
    "Functions > os.path.join(path, *paths)",
    "Functions > class argparse.ArgumentParser(prog=None)",
    "Functions > os.path.split(path)",
    "Options > -v, --verbose",
    "Options > -q",
    "Options > --color=WHEN",
    "Prose",
  ]);
});
