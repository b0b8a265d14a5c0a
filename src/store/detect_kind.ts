/**
 * Guesses which chunker suits a piece of content, from its name and a sniff
 * of its first bytes.
 *
 * Order of evidence:
 * 1. NUL bytes in the first 8 KB make content `"binary"` whatever its name,
 *    since no text format holds them (UTF-16 text included, which the
 *    knowledge base cannot index anyway).
 * 2. The extension, case-insensitive: `.md`, `.markdown`, `.mdx` (and
 *    `.mdown`, `.mkd`, `.mkdn`) mean Markdown; `.json`, `.jsonc`, `.geojson`,
 *    `.webmanifest` mean JSON only when the whole content parses with
 *    `JSON.parse` (otherwise sniffing decides); known text and code
 *    extensions, and names like `Makefile`, mean text.
 * 3. Sniffing the first 8 KB: more than 10% invalid UTF-8 or control
 *    characters (tab, newline, CR, FF, VT and ESC are fine) means `"binary"`.
 * 4. Content starting with `{` or `[` (after whitespace and a BOM) that parses
 *    as JSON is JSON.
 * 5. Markdown, judged on the first 64 KB: it counts ATX headings H1–H4 that
 *    start a paragraph (first line, or after a blank line) outside fences, and
 *    the kinds of other signals present (fences, links, list items, bold,
 *    inline code, tables, block quotes, link reference definitions).
 *    Markdown needs 2 headings, or 1 heading and 1 signal kind. Content
 *    starting with a shebang (`#!`) is never Markdown.
 * 6. Anything else is text.
 *
 * This module is pure: it must never do I/O; it reads only what it is given.
 *
 * @module
 */

import type { ContentKind } from "./chunk.ts";

const SNIFF_BYTES = 8192;
const MARKDOWN_SNIFF_CHARS = 65536;
const MAX_SUSPICIOUS_SHARE = 0.1;

const MARKDOWN_EXTENSIONS = new Set([
  "md",
  "markdown",
  "mdx",
  "mdown",
  "mkd",
  "mkdn",
]);
const JSON_EXTENSIONS = new Set(["json", "jsonc", "geojson", "webmanifest"]);
const TEXT_EXTENSIONS = new Set([
  ...["txt", "text", "log", "out", "err", "csv", "tsv", "ndjson", "jsonl"],
  ...["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs", "vue", "svelte"],
  ...["py", "pyi", "rb", "go", "rs", "c", "h", "cc", "cpp", "cxx", "hpp"],
  ...["java", "kt", "kts", "scala", "swift", "cs", "fs", "php", "pl", "lua"],
  ...["r", "sql", "sh", "bash", "zsh", "fish", "ps1", "bat", "cmd", "zig"],
  ...["dart", "ex", "exs", "erl", "hs", "ml", "clj", "elm", "jl", "nim"],
  ...["yaml", "yml", "toml", "ini", "cfg", "conf", "env", "properties"],
  ...["xml", "html", "htm", "xhtml", "svg", "css", "scss", "sass", "less"],
  ...["rst", "adoc", "asciidoc", "tex", "org", "diff", "patch", "graphql"],
  ...["proto", "tf", "hcl", "nix", "gradle", "cmake", "mk", "dockerfile"],
]);
const TEXT_NAMES = new Set([
  "makefile",
  "dockerfile",
  "containerfile",
  "gemfile",
  "rakefile",
  "procfile",
  "license",
  "copying",
  "authors",
]);

const MARKDOWN_HEADING = /^ {0,3}#{1,4}[ \t]+\S/;
const FENCE = /^ {0,3}(?:`{3,}|~{3,})/;
const MARKDOWN_SIGNALS: readonly RegExp[] = [
  /^ {0,3}(?:`{3,}|~{3,})/m,
  /\[[^\]\n]+\]\([^)\s]+\)/,
  /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S/m,
  /\*\*[^*\n]+\*\*|__[^_\n]+__/,
  /`[^`\n]+`/,
  /^ {0,3}\|?[ \t]*:?-{3,}:?[ \t]*\|/m,
  /^ {0,3}>[ \t]/m,
  /^ {0,3}\[[^\]\n]+\]:[ \t]*\S/m,
];

/**
 * Guesses the kind of a document from its name and content.
 *
 * @param name The file name or path; only its base name and extension matter. May be `""`.
 * @param content The content, as text or as raw bytes (decoded as UTF-8).
 * @returns The chunker to use, or `"binary"` for content that should not be indexed.
 *
 * @example Trust the extension, sniff when there is none
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectKind } from "./detect_kind.ts";
 *
 * assert.equal(detectKind("notes.md", "plain words"), "markdown");
 * assert.equal(detectKind("", '{"a": 1}'), "json");
 * assert.equal(detectKind("dump", new Uint8Array([0x89, 0x50, 0x00, 0x01])), "binary");
 * ```
 */
export function detectKind(
  name: string,
  content: string | Uint8Array,
): ContentKind | "binary" {
  if (hasNul(content)) return "binary";
  const base = name.split(/[\\/]/).at(-1)?.toLowerCase() ?? "";
  const dot = base.lastIndexOf(".");
  const extension = dot >= 0 ? base.slice(dot + 1) : "";
  if (MARKDOWN_EXTENSIONS.has(extension)) return "markdown";
  if (TEXT_EXTENSIONS.has(extension) || TEXT_NAMES.has(base)) return "text";
  const text = typeof content === "string"
    ? content.replace(/^\uFEFF/, "")
    : new TextDecoder().decode(content);
  if (JSON_EXTENSIONS.has(extension) && parses(text)) return "json";

  if (suspiciousShare(content) > MAX_SUSPICIOUS_SHARE) return "binary";
  if (/^\s*[{[]/.test(text) && parses(text)) return "json";
  if (looksLikeMarkdown(text.slice(0, MARKDOWN_SNIFF_CHARS))) return "markdown";
  return "text";
}

function hasNul(content: string | Uint8Array): boolean {
  if (typeof content === "string") {
    return content.slice(0, SNIFF_BYTES).includes("\0");
  }
  return content.subarray(0, SNIFF_BYTES).includes(0);
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** C0 controls other than tab, LF, VT, FF, CR and ESC (colour codes in logs), plus DEL. */
function isControl(code: number): boolean {
  return (code < 0x20 && !(code >= 0x09 && code <= 0x0d) && code !== 0x1b) ||
    code === 0x7f;
}

/** The share of the first 8 KB that is invalid UTF-8 or a control character. */
function suspiciousShare(content: string | Uint8Array): number {
  if (typeof content === "string") {
    const sample = content.slice(0, SNIFF_BYTES);
    if (sample.length === 0) return 0;
    let bad = 0;
    for (let i = 0; i < sample.length; i++) {
      const code = sample.charCodeAt(i);
      if (code === 0xfffd || isControl(code)) bad++;
    }
    return bad / sample.length;
  }
  const sample = content.subarray(0, SNIFF_BYTES);
  const truncated = content.length > sample.length;
  if (sample.length === 0) return 0;
  let bad = 0;
  let i = 0;
  while (i < sample.length) {
    const byte = sample[i] ?? 0;
    if (byte < 0x80) {
      if (isControl(byte)) bad++;
      i++;
      continue;
    }
    const continuation = byte >= 0xc2 && byte <= 0xdf
      ? 1
      : byte >= 0xe0 && byte <= 0xef
      ? 2
      : byte >= 0xf0 && byte <= 0xf4
      ? 3
      : 0;
    if (continuation === 0) {
      bad++;
      i++;
      continue;
    }
    // A sequence cut by the sample's end is not evidence of anything.
    if (truncated && i + continuation >= sample.length) break;
    let valid = true;
    for (let k = 1; k <= continuation; k++) {
      const next = sample[i + k];
      if (next === undefined || next < 0x80 || next > 0xbf) valid = false;
    }
    if (valid) {
      i += continuation + 1;
    } else {
      bad++;
      i++;
    }
  }
  return bad / sample.length;
}

function looksLikeMarkdown(text: string): boolean {
  if (text.startsWith("#!")) return false;
  let headings = 0;
  let inFence = false;
  let previousBlank = true;
  for (const line of text.split(/\r?\n/)) {
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence && previousBlank && MARKDOWN_HEADING.test(line)) {
      headings++;
    }
    previousBlank = line.trim() === "";
  }
  if (headings === 0) return false;
  const signals = MARKDOWN_SIGNALS.filter((signal) => signal.test(text)).length;
  return headings >= 2 || signals >= 1;
}
