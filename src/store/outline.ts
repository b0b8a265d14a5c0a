/**
 * A page's outline: its headings as a compact indented list, or the top-level
 * shape of a JSON document, capped in lines and bytes so that it can go into
 * an agent's context where the page itself must not.
 *
 * Pure: this module never does I/O. The fetcher and the shrinker both show
 * outlines.
 *
 * @module
 */

/** One ATX heading. */
export interface Heading {
  /** 1 to 6. */
  level: number;
  /** The heading's text, inline Markdown stripped. */
  text: string;
}

/** Caps of an outline. */
export interface OutlineLimits {
  /** The most lines. @default {40} */
  maxLines?: number;
  /** The most UTF-8 bytes. @default {2048} */
  maxBytes?: number;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const MAX_HEADING_CHARS = 120;
const encoder = new TextEncoder();

/**
 * The ATX headings of a Markdown document, outside fenced code.
 *
 * @param markdown The document.
 * @returns Its non-empty headings in order.
 */
export function markdownHeadings(markdown: string): Heading[] {
  const headings: Heading[] = [];
  let fence: string | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = line.match(FENCE);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) {
        fence = undefined;
      }
      continue;
    }
    if (fence !== undefined) continue;
    const match = line.match(ATX);
    if (!match?.[1]) continue;
    const text = stripInline(match[2] ?? "");
    if (text) headings.push({ level: match[1].length, text });
  }
  return headings;
}

/**
 * Formats headings as an indented list: a heading is indented under the
 * nearest heading before it of a higher rank, whatever levels are skipped.
 *
 * @param headings The headings in document order.
 * @param limits The line and byte caps; a last line tells how many were left out.
 * @returns The list, or `""` when there are no headings.
 */
export function formatOutline(
  headings: readonly Heading[],
  limits: OutlineLimits = {},
): string {
  const stack: number[] = [];
  const lines = headings.map(({ level, text }) => {
    while (stack.length > 0 && (stack.at(-1) ?? 0) >= level) stack.pop();
    const line = `${"  ".repeat(stack.length)}- ${text}`;
    stack.push(level);
    return line;
  });
  return capLines(lines, "headings", limits);
}

/**
 * The top-level shape of a JSON document: its keys and the type of each, or
 * for an array its length and the keys of its first item.
 *
 * @param text JSON text.
 * @param limits The line and byte caps.
 * @returns The outline, or `""` when the text does not parse or is a scalar.
 */
export function jsonOutline(text: string, limits: OutlineLimits = {}): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "";
  }
  const lines: string[] = [];
  if (Array.isArray(value)) {
    lines.push(`- [${value.length} ${value.length === 1 ? "item" : "items"}]`);
    const first: unknown = value[0];
    if (isRecord(first)) {
      for (const [key, item] of Object.entries(first)) {
        lines.push(`  - ${key}: ${describe(item)}`);
      }
    }
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      lines.push(`- ${key}: ${describe(item)}`);
    }
  }
  return capLines(lines, "keys", limits);
}

function capLines(
  lines: readonly string[],
  noun: string,
  limits: OutlineLimits,
): string {
  const maxLines = Math.max(1, limits.maxLines ?? 40);
  const maxBytes = Math.max(64, limits.maxBytes ?? 2048);
  const kept: string[] = [];
  let bytes = 0;
  for (const [index, line] of lines.entries()) {
    const left = lines.length - index;
    const size = encoder.encode(line).length + 1;
    // Keep room for the "more" line unless this is the last line.
    const reserve = left > 1 ? 1 : 0;
    if (kept.length + 1 + reserve > maxLines) break;
    if (bytes + size + reserve * 40 > maxBytes) break;
    kept.push(line);
    bytes += size;
  }
  const dropped = lines.length - kept.length;
  if (dropped > 0) kept.push(`… ${dropped} more ${noun}`);
  return kept.join("\n");
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `array(${value.length})`;
  if (isRecord(value)) return `object(${Object.keys(value).length} keys)`;
  return value === null ? "null" : typeof value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stripInline(text: string): string {
  const plain = text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(?<![\w*])([*_])(.+?)\1(?![\w*])/g, "$2")
    .replace(/<[^>]+>/g, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > MAX_HEADING_CHARS
    ? `${plain.slice(0, MAX_HEADING_CHARS - 1)}…`
    : plain;
}
