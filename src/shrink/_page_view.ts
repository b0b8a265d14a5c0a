/**
 * The views of pages: HTML and Markdown as their title, outline and opening
 * section. HTML is read with a few linear patterns (scripts, styles and
 * navigation dropped, headings kept as Markdown headings), not a DOM: this
 * runs on the hook's fast path, where the fetch tool's converter is too heavy
 * to load; the Markdown-like text it gives is also what gets indexed.
 *
 * Pure string work.
 *
 * @module
 */

import {
  formatOutline,
  type Heading,
  markdownHeadings,
} from "../store/outline.ts";
import { commas } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";

const OPENING_CHARS = 700;
/** What a permalink shows: a mark, or nothing but an icon. */
const PERMALINK = /^(?:[#¶§🔗]|permalink)?$/i;
const OUTLINE_HEADINGS = 40;
const MAX_DEFINITIONS = 40;

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  copy: "©",
};

function decodeEntities(text: string): string {
  return text.replace(
    /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi,
    (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X"
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
        return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    },
  );
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ")
    .trim();
}

/**
 * Whether a text is an HTML page.
 *
 * @param text The text.
 * @returns True when it opens like HTML.
 */
export function looksLikeHtml(text: string): boolean {
  return /^\s*(?:<!doctype html|<html[\s>]|<head[\s>]|<\?xml[^>]*>\s*<html)/i
    .test(text.slice(0, 1000));
}

/**
 * An HTML page as Markdown-like text: headings as `#` lines, blocks on
 * their own lines, scripts, styles and navigation dropped.
 *
 * @param html The page.
 * @returns The title and the text.
 */
export function htmlToText(
  html: string,
): { title: string; text: string; description: string } {
  const title = stripTags(
    html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1] ?? "",
  );
  const description = decodeEntities(
    html.match(
      /<meta\s+[^>]*name=["']description["'][^>]*content=["']([^"']*)["']/i,
    )?.[1] ?? "",
  );
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    // Permalink marks next to headings and definitions (`#`, Sphinx's `¶`) are not their text.
    .replace(
      /<a\b([^>]*)>([\s\S]{0,400}?)<\/a\s*>/gi,
      (whole, attributes: string, inner: string) =>
        /\bhref=["']#/i.test(attributes) && PERMALINK.test(stripTags(inner))
          ? ""
          : whole,
    )
    .replace(
      /<(script|style|noscript|svg|template|nav|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi,
      "",
    )
    .replace(
      /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi,
      (_, level: string, inner: string) =>
        `\n\n${"#".repeat(Number(level))} ${stripTags(inner)}\n\n`,
    )
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(
      /<(?:br|hr)\b[^>]*>|<\/(?:p|div|li|tr|pre|section|article|table|ul|ol|dl|dd|dt|blockquote)\s*>/gi,
      "\n",
    )
    .replace(/<[^>]*>/g, "")
    .split("\n")
    .map((line) => decodeEntities(line).replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { title, text, description };
}

/** The most sub-headings of the first section an outline shows. */
const FIRST_SECTION_HEADINGS = 8;

/**
 * The headings worth an outline: all of them when few, else the top two
 * levels and the sub-headings of the first section at the second level
 * (the newest release's "Breaking changes", the first chapter's parts).
 */
function outlineHeadings(headings: readonly Heading[]): Heading[] {
  if (headings.length <= OUTLINE_HEADINGS) return [...headings];
  const levels = [...new Set(headings.map((h) => h.level))].sort();
  const top = new Set(levels.slice(0, 2));
  const second = levels[1];
  const first = second === undefined
    ? -1
    : headings.findIndex((h) => h.level === second);
  const inFirst = new Set<Heading>();
  if (first >= 0 && levels[2] !== undefined) {
    for (const heading of headings.slice(first + 1)) {
      if (heading.level <= second!) break;
      if (heading.level !== levels[2]) continue;
      inFirst.add(heading);
      if (inFirst.size >= FIRST_SECTION_HEADINGS) break;
    }
  }
  return headings.filter((h) => top.has(h.level) || inFirst.has(h));
}

/** The prose after the first heading (or from the start), up to a few hundred characters. */
function openingSection(markdown: string): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => /^#{1,6} /.test(line));
  const kept: string[] = [];
  let chars = 0;
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,6} /.test(line) && kept.length > 0) break;
    if (line.trim() === "" || /^#{1,6} /.test(line)) continue;
    kept.push(line);
    chars += line.length;
    if (chars >= OPENING_CHARS) break;
  }
  const text = kept.join("\n");
  return text.length > OPENING_CHARS
    ? `${text.slice(0, OPENING_CHARS)}…`
    : text;
}

/**
 * The view of a Markdown page, or of an HTML page read as one.
 *
 * @param input The page and the clip function.
 * @param html Whether the page came as HTML.
 * @returns The view; an HTML page is indexed as its Markdown-like text.
 */
export function pageView(input: ViewInput, html: boolean): View {
  const page = html ? htmlToText(input.text) : undefined;
  const markdown = page?.text ?? input.text;
  const headings = markdownHeadings(markdown);
  const title = page?.title || headings.find((h) => h.level === 1)?.text ||
    headings[0]?.text || "(untitled)";
  const body = [
    `Page "${input.clip(title, 200)}" (${html ? "HTML" : "Markdown"}, ${
      commas(headings.length)
    } headings)`,
  ];
  if (page?.description) {
    body.push(`Description: ${input.clip(page.description, 300)}`);
  }
  const outline = formatOutline(outlineHeadings(headings), {
    maxLines: OUTLINE_HEADINGS,
    maxBytes: 2048,
  });
  if (outline) {
    body.push(
      "Outline:",
      ...outline.split("\n").map((l) => `  ${l}`),
    );
  }
  // An API reference defines its names as terms with anchors (`<dt id="pkg.request">`).
  const definitions = html
    ? [...input.text.matchAll(/<dt\b[^>]*\bid=["']([^"'<>]{1,120})["']/gi)]
      .map((match) => match[1]!)
    : [];
  if (definitions.length > 0) {
    const shown = definitions.slice(0, MAX_DEFINITIONS);
    body.push(
      `Defines (${commas(definitions.length)}): ${
        input.clip(shown.join(", "), 1200)
      }${definitions.length > shown.length ? ", …" : ""}`,
    );
  }
  const opening = openingSection(markdown);
  if (opening) {
    body.push(
      "Opening section:",
      ...opening.split("\n").map((line) => `  ${input.clip(line, 400)}`),
    );
  }
  return {
    format: html ? "html" : "markdown",
    body,
    summary: `page "${input.clip(title, 100)}"`,
    indexKind: "markdown",
    ...(page ? { indexText: `# ${page.title}\n\n${page.text}` } : {}),
  };
}
