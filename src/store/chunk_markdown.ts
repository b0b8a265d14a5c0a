/**
 * Cuts Markdown into chunks along its ATX headings, so each chunk is one
 * section titled by its heading path ("fs > Promises API > fsPromises.rm()").
 *
 * Rules:
 * - ATX headings (`#` to `######`, indented up to 3 spaces) start sections.
 *   H1–H4 always do, and so does an H5 or H6 that names something (one code
 *   span or one word such as a type name, an option or a signature): it is
 *   addressable by its own title. An H5 or H6 of prose ("Usage with
 *   plugins") stays in the body of the section above it while that fits the
 *   cap. Lines inside fenced code blocks (``` or
 *   ~~~, three or more, indented up to 3 spaces, closed by a run of the same
 *   character at least as long) are never headings. An unclosed fence runs to
 *   the end of the document, as in CommonMark.
 * - A section holding at least three definition-list terms (a one-line
 *   paragraph followed by its description: what HTML `<dt>`/`<dd>` lists
 *   become once converted) is split at each term, titled `<path> > <term>`.
 *   A term is a paragraph that is one code span (`--heap=<yes|no>`), an
 *   option (`-v, --verbose`, `--color=WHEN`) or a signature
 *   (`os.path.join(_path_, _*paths_)`, `_class_ Parser(prog=None)`: what
 *   Sphinx and similar generators write in their `<dt>`).
 * - A table row whose first cell is a heading and whose other cells are
 *   empty (`| ### 4. Troubleshooting | |`, a layout table converted) is
 *   that heading.
 * - Setext headings (text underlined with `===` or `---`) are not recognised;
 *   they stay in the body of the section around them.
 * - Content before the first heading made only of markup (a logo, badges,
 *   links, HTML) is a banner and is dropped.
 * - A title is the heading path joined with `" > "`, with inline Markdown
 *   stripped (code spans, emphasis, links, images, HTML tags, escapes and the
 *   closing `#` run). Empty headings are left out of the path. Content before
 *   the first heading is titled with the fallback title.
 * - A body starts with its heading line. Sections holding nothing but their
 *   heading are dropped; their heading still appears in the paths below them.
 * - A section over the cap is split on blank lines outside fences, packing
 *   consecutive paragraphs up to the cap; each piece repeats the heading line
 *   (when it takes at most a quarter of the cap) and is titled
 *   `"<path> (part k/n)"`. A fenced block is split only when it alone exceeds
 *   the cap, on line boundaries, each piece re-wrapped in the block's fences.
 *   Whatever is still too big goes through {@linkcode splitOversize}.
 * - Line endings are normalised to `\n`; bodies lose leading blank lines and
 *   trailing whitespace, nothing else.
 *
 * This module is pure: it must never do I/O or parse Markdown beyond the
 * block structure the split needs.
 *
 * @module
 */

import { type Chunk, type ChunkOptions, MAX_CHUNK_BYTES } from "./chunk.ts";
import { assertMaxBytes, utf8ByteLength } from "./split_oversize.ts";
import {
  BLANK,
  closesFence,
  type Fence,
  opensFence,
  sectionBodies,
} from "./_markdown_body.ts";

const DEFAULT_FALLBACK_TITLE = "(untitled)";
const TITLE_SEPARATOR = " > ";
const DEEPEST_HEADING_LEVEL = 6;
/** Headings deeper than this may fold into the section above them. */
const DEEPEST_SPLIT_LEVEL = 4;

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
/**
 * A table row whose first cell is an ATX heading and whose other cells are
 * empty: what a layout table around a heading becomes once converted
 * (DocBook's question-and-answer sets: `| ### 4. Valgrind behaves
 * unexpectedly | |`).
 */
const TABLE_HEADING =
  /^ {0,3}\|[ \t]*(#{1,6}[ \t]+[^|]*?)[ \t]*\|(?:[ \t]*\|)*[ \t]*$/;

/**
 * Splits Markdown into chunks, one per section, titled by heading path.
 *
 * @param text The Markdown source.
 * @param options The size cap and the title of content before the first heading.
 * @returns The chunks in document order; none has a blank body or exceeds the cap.
 * @throws {RangeError} When `options.maxBytes` is not an integer of at least 4.
 *
 * @example Title sections by their heading path
 * ```ts
 * import assert from "node:assert/strict";
 * import { chunkMarkdown } from "./chunk_markdown.ts";
 *
 * const chunks = chunkMarkdown(
 *   "Intro text.\n\n# fs\n\n## Promises API\n\n### `fsPromises.rm(path[, options])`\n\nRemoves files.\n",
 *   { fallbackTitle: "fs.md" },
 * );
 * assert.deepEqual(chunks.map((chunk) => chunk.title), [
 *   "fs.md",
 *   "fs > Promises API > fsPromises.rm(path[, options])",
 * ]);
 * assert.equal(
 *   chunks[1]?.body,
 *   "### `fsPromises.rm(path[, options])`\n\nRemoves files.",
 * );
 * ```
 */
export function chunkMarkdown(text: string, options?: ChunkOptions): Chunk[] {
  const maxBytes = assertMaxBytes(options?.maxBytes ?? MAX_CHUNK_BYTES);
  const fallbackTitle = options?.fallbackTitle ?? DEFAULT_FALLBACK_TITLE;
  const chunks: Chunk[] = [];
  const sections = splitSections(text.replace(/\r\n?/g, "\n"), maxBytes);
  for (const section of sections) {
    const title = section.path.filter((part) => part !== "").join(
      TITLE_SEPARATOR,
    ) || fallbackTitle;
    const bodies = sectionBodies(section.heading, section.lines, maxBytes);
    bodies.forEach((body, index) => {
      chunks.push({
        title: bodies.length === 1
          ? title
          : `${title} (part ${index + 1}/${bodies.length})`,
        body,
      });
    });
  }
  return chunks;
}

/** A run of lines under one heading (or before the first heading). */
interface Section {
  /** The heading's level, 0 before the first heading. */
  level: number;
  /** Stripped heading texts from the outermost heading down to this one. */
  path: string[];
  /** The heading line itself, or `undefined` for content before any heading. */
  heading: string | undefined;
  /** The lines after the heading line, up to the next H1–H4. */
  lines: string[];
}

function splitSections(text: string, maxBytes: number): Section[] {
  const sections: Section[] = [];
  const stack: { level: number; title: string }[] = [];
  let current: Section = { level: 0, path: [], heading: undefined, lines: [] };
  let fence: Fence | undefined;
  for (const line of text.split("\n")) {
    if (fence !== undefined) {
      if (closesFence(line, fence)) fence = undefined;
      current.lines.push(line);
      continue;
    }
    fence = opensFence(line);
    const heading = fence === undefined
      ? ATX_HEADING.exec(TABLE_HEADING.exec(line)?.[1] ?? line)
      : null;
    const level = heading?.[1]?.length ?? 0;
    if (heading === null || level > DEEPEST_HEADING_LEVEL) {
      current.lines.push(line);
      continue;
    }
    sections.push(current);
    while ((stack.at(-1)?.level ?? 0) >= level) stack.pop();
    stack.push({ level, title: headingTitle(heading[2] ?? "") });
    current = {
      level,
      path: stack.map((entry) => entry.title),
      heading: heading[0].trim(),
      lines: [],
    };
  }
  sections.push(current);
  return foldProseSections(sections, maxBytes).flatMap(splitTerms)
    .filter((section) =>
      section.lines.some((line) => !BLANK.test(line)) && !isBanner(section)
    );
}

/** A line that is one code span and nothing else: `--heap=<yes|no>`. */
const CODE_TERM = /^ {0,3}`([^`]{1,80})`[ \t]*$/;
/** An option line: `-v, --verbose`, `--color=WHEN`, `-o FILE`. */
const OPTION_TERM =
  /^ {0,3}([-+]{1,2}[\w#?@][^\s,]*(?:,? [-+<[A-Z][^\s,]*){0,4})[ \t]*$/;
/**
 * A signature line: a name, maybe dotted, maybe after an emphasised kind
 * (`_class_`), then its parameters in parentheses.
 */
const SIGNATURE_TERM =
  /^ {0,3}((?:[_*]{1,2}[\p{L}]+[_*]{1,2} )?[\p{L}_$][\p{L}\p{N}_$.:]*\(.{0,100}\))[ \t]*$/u;

/** The term a line states, or undefined when it is no term line. */
function termOf(line: string): string | undefined {
  // Cheap refusals first: this runs on every line of every document.
  if (line.length > 120 || line === "") return undefined;
  const last = line.trimEnd().at(-1);
  const first = line.trimStart()[0];
  if (last !== "`" && last !== ")" && first !== "-" && first !== "+") {
    return undefined;
  }
  const code = CODE_TERM.exec(line);
  if (code) return code[1]!.trim();
  const term = OPTION_TERM.exec(line) ?? SIGNATURE_TERM.exec(line);
  return term ? headingTitle(term[1]!) : undefined;
}
/** Fewer terms than this in a section are examples, not a definition list. */
const MIN_TERMS = 3;

/**
 * Splits a section that is a definition list, the shape HTML `<dt>`/`<dd>`
 * lists and option tables take once converted (a paragraph that is only a
 * code span, then its description), into one section per term titled
 * `<path> > <term>`, so an option comes back on its own.
 */
function splitTerms(section: Section): Section[] {
  const starts: number[] = [];
  let fence: Fence | undefined;
  section.lines.forEach((line, i) => {
    if (fence !== undefined) {
      if (closesFence(line, fence)) fence = undefined;
      return;
    }
    fence = opensFence(line);
    const next = section.lines[i + 2];
    if (
      fence === undefined && termOf(line) !== undefined &&
      BLANK.test(section.lines[i - 1] ?? "") &&
      BLANK.test(section.lines[i + 1] ?? "") && next !== undefined &&
      !BLANK.test(next) && termOf(next) === undefined && !opensFence(next)
    ) starts.push(i);
  });
  if (starts.length < MIN_TERMS) return [section];
  const parts: Section[] = [{
    ...section,
    lines: section.lines.slice(0, starts[0]),
  }];
  starts.forEach((start, index) => {
    const line = section.lines[start]!;
    parts.push({
      level: section.level + 1,
      path: [...section.path, termOf(line)!],
      heading: line.trim(),
      lines: section.lines.slice(start + 1, starts[index + 1]),
    });
  });
  return parts;
}

/**
 * Whether a section is only the banner before a document's first heading:
 * logos, badges, links and HTML, without a word of text around them.
 */
function isBanner(section: Section): boolean {
  if (section.heading !== undefined) return false;
  const text = section.lines.join("\n")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/<[^>]*>/g, "");
  return !/\p{L}/u.test(text);
}

/**
 * Puts the run of H5 and H6 sections of prose that follows a section back
 * into that section's body when all of them fit the cap with it; an H5 or H6
 * that names something keeps its own section and ends the run.
 */
function foldProseSections(
  sections: readonly Section[],
  maxBytes: number,
): Section[] {
  const folded: Section[] = [];
  for (let i = 0; i < sections.length; i++) {
    const section = sections[i]!;
    let end = i + 1;
    while (end < sections.length && isProseBelow(sections[end]!, section)) {
      end++;
    }
    const group = sections.slice(i, end);
    const lines = group.flatMap((part, index) =>
      index === 0 ? part.lines : [part.heading!, ...part.lines]
    );
    if (
      group.length > 1 &&
      utf8ByteLength([section.heading ?? "", ...lines].join("\n")) <= maxBytes
    ) {
      folded.push({ ...section, lines });
      i = end - 1;
    } else {
      folded.push(section);
    }
  }
  return folded;
}

/** Whether `section` is an H5 or H6 of prose inside `above`. */
function isProseBelow(section: Section, above: Section): boolean {
  return section.level > DEEPEST_SPLIT_LEVEL && section.level > above.level &&
    section.heading !== undefined &&
    !namesSomething(section.path.at(-1) ?? "", section.heading);
}

/**
 * Whether a heading names a thing rather than a topic: it is one code span
 * or one word (`FastifyRequest`, `keepAliveTimeout`), or reads as an option
 * or a signature.
 */
function namesSomething(title: string, line: string): boolean {
  const text = line.replace(/^ {0,3}#+[ \t]*/, "").replace(
    /[ \t]#+[ \t]*$/,
    "",
  );
  return CODE_TERM.test(text) || !/\s/.test(title.trim()) ||
    termOf(title) !== undefined;
}

/**
 * Reduces a heading's inline Markdown to its plain words: code spans keep
 * their content verbatim, everything else loses its markup.
 */
function headingTitle(raw: string): string {
  const text = raw.replace(/(?:^|[ \t]+)#+[ \t]*$/, "");
  const parts: string[] = [];
  const codeSpan = /(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)/g;
  let last = 0;
  for (const match of text.matchAll(codeSpan)) {
    parts.push(stripInline(text.slice(last, match.index)));
    const code = match[2] ?? "";
    // CommonMark drops one space on each side of a padded code span.
    parts.push(/^ .*[^ ].* $/.test(code) ? code.slice(1, -1) : code);
    last = match.index + match[0].length;
  }
  parts.push(stripInline(text.slice(last)));
  return parts.join("").replace(/\s+/g, " ").trim();
}

function stripInline(text: string): string {
  // Escaped punctuation is parked in the private use area so no rule below
  // mistakes it for markup, then restored as the bare character.
  return text
    .replace(
      /\\([!-/:-@[-`{-~])/g,
      (_, char: string) => String.fromCharCode(0xe000 + char.charCodeAt(0)),
    )
    .replace(/!\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
    .replace(/\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1")
    .replace(/<((?:https?|mailto|ftp):[^<>\s]+)>/g, "$1")
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, "")
    .replace(/(\*{1,3})(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(
      /(?<![\p{L}\p{N}_])(_{1,3})(?=\S)(.+?)(?<=\S)\1(?![\p{L}\p{N}_])/gu,
      "$2",
    )
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, "$1")
    .replace(
      /[\ue000-\ue07f]/g,
      (char) => String.fromCharCode(char.charCodeAt(0) - 0xe000),
    );
}
