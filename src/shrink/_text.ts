/**
 * Small text helpers the views share: lines, clipped lines, counted lists,
 * and a cheap hash for source labels.
 *
 * Pure string work; never does I/O.
 *
 * @module
 */

/** The longest line a view shows; longer lines end in `…`. */
export const VIEW_LINE_CHARS = 300;

/** Cuts a line to `max` characters. */
export type Clip = (line: string, max?: number) => string;

/**
 * The lines of a text, without their line endings.
 *
 * @param text Any text.
 * @returns Its lines (`\r\n` and `\n` both end a line).
 */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (!text.includes("\r")) {
    if (lines.length > 1 && lines.at(-1) === "") lines.pop();
    return lines;
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
  }
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * A clipper that scrubs a long line before cutting it, so that a secret the
 * cut would split is recognised whole first; lines that fit are left to the
 * scrub of the whole view.
 *
 * @param scrub Scrubs secrets from a piece of text.
 * @returns The clip function.
 */
export function clipper(scrub: (text: string) => string): Clip {
  return (line, max = VIEW_LINE_CHARS) => {
    if (line.length <= max) return line;
    return `${scrub(line.slice(0, max + 4096)).slice(0, max)}…`;
  };
}

/**
 * `name (count)` pairs, most frequent first, as one line.
 *
 * @param counts The counts.
 * @param limit The most pairs shown; a last item says how many more.
 * @returns `a 12, b 3, … 4 more`.
 */
export function countList(
  counts: ReadonlyMap<string, number>,
  limit: number,
): string {
  const sorted = [...counts].sort((a, b) =>
    b[1] - a[1] || (a[0] < b[0] ? -1 : 1)
  );
  const shown = sorted.slice(0, limit).map(([name, n]) =>
    `${name} ${commas(n)}`
  );
  const more = sorted.length - shown.length;
  return more > 0
    ? `${shown.join(", ")}, … ${commas(more)} more`
    : shown.join(", ");
}

/**
 * A whole number with thousands separators.
 *
 * @param n The number.
 * @returns `12,345`.
 */
export function commas(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * A count and its noun: `1 line`, `2,000 commits`.
 *
 * @param n The count.
 * @param noun The noun for one.
 * @param plural The noun for many. @default {noun + "s"}
 * @returns The phrase.
 */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${commas(n)} ${n === 1 ? noun : plural}`;
}

/**
 * Adds one to a count in a map.
 *
 * @param counts The map.
 * @param key The key counted.
 * @param by How much. @default {1}
 */
export function bump(counts: Map<string, number>, key: string, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/**
 * A 32-bit FNV-1a hash of a text, in base 36: cheap, stable, and enough to
 * tell two results of the same tool apart in a label.
 *
 * @param text The text.
 * @returns Up to 7 characters of `[0-9a-z]`.
 */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The first lines of a text, indented, within a byte budget.
 *
 * @param lines The lines.
 * @param count The most lines taken.
 * @param clip How each line is cut.
 * @returns The lines taken, each clipped and indented by two spaces.
 */
export function firstLines(
  lines: readonly string[],
  count: number,
  clip: Clip,
): string[] {
  return lines.slice(0, count).map((line) => `  ${clip(line)}`);
}

/**
 * The last lines of a text, blank ones at the end left out.
 *
 * @param lines The lines.
 * @param count The most lines taken.
 * @param clip How each line is cut.
 * @param from The first index the tail may start at (lines before it are shown elsewhere). @default {0}
 * @returns The lines taken, each clipped and indented by two spaces.
 */
export function lastLines(
  lines: readonly string[],
  count: number,
  clip: Clip,
  from = 0,
): string[] {
  let end = lines.length;
  while (end > from && lines[end - 1]!.trim() === "") end--;
  return lines.slice(Math.max(from, end - count), end).map((line) =>
    `  ${clip(line)}`
  );
}
