/**
 * Cuts plain-text manuals (man pages rendered to text, `--help` output,
 * RFC-style and README text) along their own structure, so each chunk is one
 * section or one option, titled by its path: `curl > OPTIONS > -L, --location`.
 *
 * What counts as structure:
 * - Section lines: a short upper-case line at column 0 (`NAME`, `EXIT
 *   STATUS`), a line underlined with `===` (above) or `---` (below), or a
 *   numbered heading at column 0 (`2.3. Limits` nests under `2. Usage`).
 * - Terms: an indented line whose next non-blank line is indented deeper (a
 *   definition list: `-L, --location`, `enable UNIT...`, `   Traditional
 *   usage`), and option lines carrying their description after a gap of two
 *   spaces (`  -a, --all   do not ignore…`). Consecutive term lines before one
 *   description are one term (`-c` then `--continue` → `-c, --continue`).
 * - The document's name: the `NAME(1)` page header of a man page or the
 *   program of a `Usage:` line; else the fallback title.
 *
 * Words the renderer hyphenated at a line end are joined first
 * (`_dehyphenate.ts`).
 *
 * Text qualifies only with clear signals (two section lines, or a `Usage:`
 * line and three option lines), so logs and code keep the paragraph and line
 * chunkers. A section over the cap is packed by paragraphs into parts titled
 * `"<path> (part k/n)"`.
 *
 * This module is pure: it must never do I/O.
 *
 * @module
 */

import type { Chunk } from "./chunk.ts";
import { splitOversize, utf8ByteLength } from "./split_oversize.ts";
import { joinHyphenated } from "./_dehyphenate.ts";

const TITLE_SEPARATOR = " > ";
const MAX_TERM_CHARS = 72;
/** The longest option term: several spellings of one option on two lines. */
const MAX_OPTION_CHARS = 160;
/** A term longer than this many words is a sentence. */
const MAX_TERM_WORDS = 5;
const MAN_HEADER = /^([A-Za-z0-9_.+-]+)\(\d\w*\)\s.*\S\(\d\w*\)\s*$/;
const USAGE = /^\s*usage:\s+(?:\S*\/)?([A-Za-z0-9_.+-]+)/i;
const UPPER_SECTION = /^[A-Z][A-Z0-9 &/,()'-]{1,48}$/;
const NUMBERED = /^(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+[A-Z\p{Lu}][^.!?:]{1,70}$/u;
const UNDERLINE = /^(={3,}|-{3,})\s*$/;
const OPTION_WITH_TEXT =
  /^( {1,10})((?:[-+]{1,2}[\w#?@][^\s]*|[a-z]+=[A-Z]+)(?:,? [^\s]+)*?)(?: {2,}|\t+)(\S.*)$/;
/** Between section lines (below 1) and terms (their indentation, from 1). */
const SECTION_TEXT_RANK = 0.9;
const BULLET = /^[○•·▪◦*]\s+/u;
const TERM_START = /^[-+]{1,2}[\w#?@]|^[a-z][\w-]*=/;

interface Heading {
  /** Its depth: sections by kind, terms by indentation. */
  rank: number;
  title: string;
  /** Index of the line that starts the section. */
  line: number;
  /** Whether the heading line carries its own description. */
  described?: boolean;
}

/**
 * Chunks a plain-text manual by its sections and terms, or answers
 * `undefined` when the text shows no manual structure.
 *
 * @param text The text, line endings normalised to `\n`.
 * @param maxBytes The size cap of a chunk body.
 * @param fallbackTitle The document name when the text names none.
 * @returns The chunks, or `undefined` for text without that structure.
 *
 * @example A man page section and one of its options
 * ```ts
 * import assert from "node:assert/strict";
 * import { chunkManual } from "./chunk_manual.ts";
 *
 * const page = "CURL(1)        curl Manual        CURL(1)\n\nNAME\n       curl - transfer a URL\n\n" +
 *   "OPTIONS\n       -L, --location\n              Follow redirects.\n\nEXIT CODES\n       0 means success.\n";
 * const titles = chunkManual(page, 4096, "curl.txt")?.map((chunk) => chunk.title);
 * assert.deepEqual(titles, [
 *   "curl > NAME",
 *   "curl > OPTIONS > -L, --location",
 *   "curl > EXIT CODES",
 * ]);
 * ```
 */
export function chunkManual(
  text: string,
  maxBytes: number,
  fallbackTitle: string,
): Chunk[] | undefined {
  const lines = joinHyphenated(text.split("\n"));
  const { headings, name } = outline(lines);
  const sections = headings.filter((h) => h.rank < 1).length;
  const options = headings.filter((h) => TERM_START.test(h.title)).length;
  if (sections < 2 && !(name.fromUsage && options >= 3)) return undefined;
  const root = name.value ?? fallbackTitle;
  const context = `${root} ${summaryOf(lines, headings, name)}`.trim();
  const chunks: Chunk[] = [];
  const stack: Heading[] = [];
  const emit = (
    start: number,
    end: number,
    path: string[],
    described = false,
  ): void => {
    const body = lines.slice(start, end).join("\n").replace(
      /^(?:[ \t]*\n)+/,
      "",
    )
      .trimEnd();
    // A heading alone is no answer; its title still leads the paths below it.
    if (
      body.trim() === "" ||
      (path.at(-1) && !described && !body.includes("\n"))
    ) {
      return;
    }
    const title = [root, ...path.filter((part) => part !== "")].join(
      TITLE_SEPARATOR,
    );
    const pieces = packPieces(body, maxBytes);
    pieces.forEach((piece, index) =>
      chunks.push({
        title: pieces.length === 1
          ? title
          : `${title} (part ${index + 1}/${pieces.length})`,
        body: piece,
        context,
      })
    );
  };
  emit(name.bodyStart, headings[0]?.line ?? name.bodyEnd, []);
  headings.forEach((heading, index) => {
    // Options are siblings whatever their indentation ("  -a, --all" and
    // "      --author"); other terms nest by indentation.
    const option = TERM_START.test(heading.title);
    while (
      stack.length > 0 &&
      (stack.at(-1)!.rank >= heading.rank ||
        (option && TERM_START.test(stack.at(-1)!.title)))
    ) stack.pop();
    stack.push(heading);
    emit(
      heading.line,
      headings[index + 1]?.line ?? name.bodyEnd,
      stack.map((entry) => entry.title),
      heading.described,
    );
  });
  return chunks;
}

/**
 * The one-line summary of the program: the text of a man page's NAME
 * section, or the line after a `Usage:` line.
 */
function summaryOf(
  lines: readonly string[],
  headings: readonly Heading[],
  name: DocumentName,
): string {
  const section = headings.findIndex((heading) => heading.title === "NAME");
  if (section !== -1) {
    const start = headings[section]!.line + 1;
    const end = headings[section + 1]?.line ?? lines.length;
    return lines.slice(start, end).join(" ").replace(/\s+/g, " ").trim();
  }
  if (!name.fromUsage) return "";
  const usage = lines.findIndex((line) => USAGE.test(line));
  return lines.slice(usage + 1).find((line) =>
    /^\S/.test(line) && !USAGE.test(line) && !/^\s*or:/.test(line)
  )?.trim() ?? "";
}

interface DocumentName {
  value: string | undefined;
  fromUsage: boolean;
  /** The first line after a man page header. */
  bodyStart: number;
  /** The man page footer's line, or the line count. */
  bodyEnd: number;
}

function outline(
  lines: readonly string[],
): { headings: Heading[]; name: DocumentName } {
  const headings: Heading[] = [];
  const name: DocumentName = {
    value: undefined,
    fromUsage: false,
    bodyStart: 0,
    bodyEnd: lines.length,
  };
  const firstLine = lines.findIndex((line) => line.trim() !== "");
  const header = MAN_HEADER.exec(lines[firstLine] ?? "");
  if (header) {
    name.value = header[1]!.toLowerCase();
    name.bodyStart = firstLine + 1;
  }
  const usage = USAGE.exec(lines[firstLine] ?? "");
  if (!header && usage) {
    name.value = usage[1];
    name.fromUsage = true;
  }
  const footer = lines.findLastIndex((line) => line.trim() !== "");
  if (header && /\S\s{2,}\S.*\(\d\w*\)\s*$/.test(lines[footer] ?? "")) {
    name.bodyEnd = footer;
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "" || i === firstLine && header) continue;
    if (i >= name.bodyEnd) break;
    const next = lines[i + 1] ?? "";
    if (UNDERLINE.test(next) && /^\S/.test(line) && line.length <= 80) {
      const rank = next.startsWith("=") ? 0 : 0.05;
      headings.push({ rank, title: line.trim(), line: i });
      i++;
      continue;
    }
    if (UPPER_SECTION.test(line) && /[A-Z]{2}/.test(line)) {
      headings.push({ rank: 0, title: line.trim(), line: i });
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered) {
      // Below underlined titles; "2" above "2.3" above "2.3.1"; all above terms.
      const rank = numbered[1]!.split(".").length / 10;
      headings.push({ rank, title: line.trim(), line: i });
      continue;
    }
    // Text back at column 0 after a term belongs to the section, not the term.
    if (
      indentOf(line) === 0 && (headings.at(-1)?.rank ?? 0) >= 1 &&
      (lines[i - 1] ?? "").trim() === ""
    ) {
      headings.push({ rank: SECTION_TEXT_RANK, title: "", line: i });
      continue;
    }
    const term = termAt(lines, i);
    if (term) {
      headings.push({
        rank: term.indent,
        title: term.title,
        line: i,
        described: term.described,
      });
      i = term.last;
    }
  }
  return { headings, name };
}

/** The term starting at line `i`, with the last line it spans. */
function termAt(
  lines: readonly string[],
  i: number,
):
  | { title: string; indent: number; last: number; described: boolean }
  | undefined {
  const line = lines[i]!;
  const indent = indentOf(line);
  if (indent === 0 || indent > 16) return undefined;
  const withText = OPTION_WITH_TEXT.exec(line);
  if (withText) {
    return { title: withText[2]!, indent, last: i, described: true };
  }
  const previous = lines[i - 1] ?? "";
  // A line right under text as deep or deeper continues that text, unless it
  // is an option back at the margin of the option above it
  // (`-n[SEP], --number-lines[=SEP]` after the last line of `-m`'s text).
  if (
    previous.trim() !== "" && indentOf(previous) >= indent &&
    !(indentOf(previous) > indent && TERM_START.test(line.trim()))
  ) return undefined;
  // One or more term lines at this indent, then the description deeper.
  let last = i;
  const parts = [line.trim()];
  while (
    last + 1 < lines.length && indentOf(lines[last + 1]!) === indent &&
    TERM_START.test(lines[last + 1]!.trim()) && TERM_START.test(parts[0]!)
  ) {
    last++;
    parts.push(lines[last]!.trim());
  }
  // The last spelling may carry the description (`--detach-sign` then
  // `-b     Make a detached signature.`): the term ends there.
  const alias = parts.length > 1 ? OPTION_WITH_TEXT.exec(lines[last]!) : null;
  if (alias) {
    parts[parts.length - 1] = alias[2]!;
    return { title: parts.join(", "), indent, last, described: true };
  }
  let next = last + 1;
  while (next < lines.length && lines[next]!.trim() === "") next++;
  if (next >= lines.length || indentOf(lines[next]!) <= indent) {
    return undefined;
  }
  // A hanging definition keeps its term only: "%c     File's last status…" →
  // "%c"; a bulleted option its name: "○   -k, --keep: keep source files" →
  // "-k, --keep", "○   --raw-output / -r:" → "--raw-output / -r".
  const title = parts.map((part) => {
    const term = part.replace(BULLET, "").split(/ {3,}|\t/)[0]!;
    return TERM_START.test(term) ? term.replace(/:(?: .*)?$/, "") : term;
  }).map((term) => term.replace(/,$/, "")).join(", ");
  // A sentence ends in a stop; a term may end in an ellipsis ("package...").
  // An option may list many spellings (`--force-with-lease,
  // --no-force-with-lease, --force-with-lease=<refname>`); other terms are
  // short.
  const longest = TERM_START.test(title) ? MAX_OPTION_CHARS : MAX_TERM_CHARS;
  if (
    title.length > longest ||
    (/[.:;]$/.test(title) && !/\w\.\.\.\]?$/.test(title))
  ) return undefined;
  if (!TERM_START.test(title) && isProse(parts[0]!)) return undefined;
  return { title, indent, last, described: false };
}

/**
 * Whether a line that starts a deeper-indented block is a sentence rather
 * than a term: a bulleted or numbered list item (its hanging indent is no
 * definition), or a run of more than five words.
 */
function isProse(line: string): boolean {
  if (BULLET.test(line) || /^\d{1,2}[.)]\s/.test(line)) return true;
  return line.split(/ {3,}|\t/)[0]!.split(/\s+/).length > MAX_TERM_WORDS;
}

function indentOf(line: string): number {
  return /^ */.exec(line)![0].length;
}

/** Packs a long body by paragraphs into pieces under the cap. */
function packPieces(body: string, maxBytes: number): string[] {
  if (utf8ByteLength(body) <= maxBytes) return [body];
  const pieces: string[] = [];
  let current = "";
  for (const block of body.split(/\n(?:[ \t]*\n)+/)) {
    const joined = current === "" ? block : `${current}\n\n${block}`;
    if (utf8ByteLength(joined) <= maxBytes) {
      current = joined;
      continue;
    }
    if (current !== "") pieces.push(current);
    if (utf8ByteLength(block) <= maxBytes) {
      current = block;
    } else {
      pieces.push(...splitOversize(block, maxBytes));
      current = "";
    }
  }
  if (current !== "") pieces.push(current);
  return pieces.map((piece) => piece.replace(/^(?:[ \t]*\n)+/, "").trimEnd())
    .filter((piece) => piece.trim() !== "");
}
