import assert from "node:assert/strict";
import { detectKind } from "../../src/store/detect_kind.ts";

const encoder = new TextEncoder();

const MARKDOWN = `# Guide

Some intro with a [link](https://example.com).

## Install

- step one
- step two
`;

Deno.test("detectKind() names the kind of content", async (t) => {
  const cases: {
    name: string;
    file: string;
    content: string | Uint8Array;
    want: ReturnType<typeof detectKind>;
  }[] = [
    {
      name: ".md is Markdown whatever it holds",
      file: "notes.md",
      content: "plain words",
      want: "markdown",
    },
    {
      name: "extensions are case-insensitive",
      file: "README.MARKDOWN",
      content: "x",
      want: "markdown",
    },
    {
      name: ".mdx is Markdown",
      file: "docs/page.mdx",
      content: "x",
      want: "markdown",
    },
    {
      name: "a .json file that parses is JSON",
      file: "package.json",
      content: '{"a": 1}',
      want: "json",
    },
    {
      name: "a .json file given as bytes is JSON",
      file: "data.json",
      content: encoder.encode("[1, 2]"),
      want: "json",
    },
    {
      name: "a Windows path still has an extension",
      file: "C:\\data\\x.JSON",
      content: "[]",
      want: "json",
    },
    {
      name: "a .json file that does not parse is text",
      file: "bad.json",
      content: "{oops",
      want: "text",
    },
    {
      name: "a .jsonc file with comments is text",
      file: "tsconfig.jsonc",
      content: '// options\n{"strict": true}',
      want: "text",
    },
    {
      name: "a code extension is text even with headings",
      file: "build.sh",
      content: MARKDOWN,
      want: "text",
    },
    {
      name: "a code extension is text even with JSON",
      file: "main.ts",
      content: "[1]",
      want: "text",
    },
    {
      name: "a known extension-less name is text",
      file: "Makefile",
      content: MARKDOWN,
      want: "text",
    },
    {
      name: "NUL bytes are binary whatever the name",
      file: "a.txt",
      content: new Uint8Array([0x61, 0x00, 0x62]),
      want: "binary",
    },
    {
      name: "a NUL in a string is binary",
      file: "",
      content: "text\0more",
      want: "binary",
    },
    {
      name: "mostly invalid UTF-8 is binary",
      file: "blob",
      content: Uint8Array.from({ length: 512 }, (_, i) => 0x80 + (i % 0x40)),
      want: "binary",
    },
    {
      name: "many control characters are binary",
      file: "",
      content: "\x01\x02\x03\x04 abc",
      want: "binary",
    },
    {
      name: "valid UTF-8 with emoji and CJK is text",
      file: "",
      content: encoder.encode("日本語 😀 Grüße\n".repeat(600)),
      want: "text",
    },
    {
      name: "ANSI colour codes in a log are text",
      file: "",
      content: "\x1b[31merror\x1b[0m: failed\n".repeat(50),
      want: "text",
    },
    {
      name: "a multi-byte character cut by the sniff window is not evidence",
      file: "",
      content: encoder.encode("é".repeat(10_000)),
      want: "text",
    },
    {
      name: "an object without a name is JSON",
      file: "",
      content: '{"a": [1, 2]}',
      want: "json",
    },
    {
      name: "an array after whitespace is JSON",
      file: "",
      content: "\n  [1, 2]\n",
      want: "json",
    },
    {
      name: "a BOM before JSON bytes is skipped",
      file: "",
      content: encoder.encode('\uFEFF{"a": 1}'),
      want: "json",
    },
    {
      name: "a brace that does not parse is text",
      file: "",
      content: "[not json",
      want: "text",
    },
    {
      name: "headings with a list and a link are Markdown",
      file: "",
      content: MARKDOWN,
      want: "markdown",
    },
    {
      name: "one heading without other signals is text",
      file: "",
      content: "# Title\n\nplain words\n",
      want: "text",
    },
    {
      name: "one heading with two other signals is Markdown",
      file: "",
      content: "# Title\n\nUse `deno` and **care**.\n",
      want: "markdown",
    },
    {
      name: "two headings with one signal are Markdown",
      file: "",
      content: "# A\n\n- item\n\n## B\n\ntext\n",
      want: "markdown",
    },
    {
      name: "three headings alone are Markdown",
      file: "",
      content: "# A\n\na\n\n## B\n\nb\n\n### C\n\nc\n",
      want: "markdown",
    },
    {
      name: "a heading glued to the previous line does not count",
      file: "",
      content: "text\n# one\ntext\n# two\ntext\n# three\n",
      want: "text",
    },
    {
      name: "headings inside a fence do not count",
      file: "",
      content: "```\n# a\n\n# b\n\n# c\n```\n",
      want: "text",
    },
    {
      name: "a shebang script is never Markdown",
      file: "run",
      content: `#!/bin/sh\n\n${MARKDOWN}`,
      want: "text",
    },
    {
      name: "H5 lines are not headings for sniffing",
      file: "",
      content: "##### a\n\n##### b\n\n##### c\n",
      want: "text",
    },
    {
      name: "a log is text",
      file: "",
      content: "2024-01-01 INFO start\n2024-01-01 WARN slow\n",
      want: "text",
    },
    { name: "empty content is text", file: "", content: "", want: "text" },
    {
      name: "empty bytes are text",
      file: "",
      content: new Uint8Array(),
      want: "text",
    },
  ];
  for (const { name, file, content, want } of cases) {
    await t.step(name, () => {
      assert.equal(detectKind(file, content), want);
    });
  }
});
