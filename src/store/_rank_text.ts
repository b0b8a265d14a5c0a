/**
 * Text measures the re-ranking uses: whole-word and word-start matching,
 * counts for BM25, proximity of terms, and how much of a chunk is links or
 * a bare list (names, error codes, table rows) rather than prose.
 *
 * Pure functions over strings.
 *
 * @module
 */

/** The heading of the chunk itself: the last part of its path, without `(part k/n)`. */
export function leafTitle(title: string): string {
  return (title.split(" > ").at(-1) ?? title).replace(
    / \(part \d+\/\d+\)$/,
    "",
  );
}

/** Whether the character before `at` in `lower` ends a word (or `at` is 0). */
function wordBoundaryBefore(
  text: string,
  lower: string,
  at: number,
  sameLength: boolean,
): boolean {
  if (at === 0) return true;
  const before = lower.charCodeAt(at - 1);
  if (before < 128) {
    const isWordChar = (before >= 97 && before <= 122) ||
      (before >= 48 && before <= 57);
    if (!isWordChar) return true;
  } else if (!/[\p{L}\p{N}]/u.test(lower[at - 1]!)) return true;
  // `readFileSync` holds `file`: a capital after a small letter starts a word.
  return sameLength && text[at] !== lower[at] &&
    text[at - 1] === lower[at - 1];
}

/**
 * How often `stem` starts a word of `lower`, the lower-case copy of `text`
 * (at most `cap` times): at the start, after a character that is no letter
 * or digit, or where a capital follows a small letter in `text`.
 */
export function countWordStarts(
  text: string,
  lower: string,
  stem: string,
  cap = 1,
): number {
  const sameLength = text.length === lower.length;
  let count = 0;
  for (
    let at = lower.indexOf(stem);
    at !== -1 && count < cap;
    at = lower.indexOf(stem, at + 1)
  ) {
    if (wordBoundaryBefore(text, lower, at, sameLength)) count++;
  }
  return count;
}

/** Whether `stem` starts a word of `lower` (see {@link countWordStarts}). */
export function startsWord(text: string, lower: string, stem: string): boolean {
  return countWordStarts(text, lower, stem, 1) > 0;
}

/** Whether `word` stands in `text` (both lower case) as a whole word. */
export function wholeWord(text: string, word: string): boolean {
  for (
    let at = text.indexOf(word);
    at !== -1;
    at = text.indexOf(word, at + 1)
  ) {
    const before = at === 0 ? "" : text[at - 1]!;
    const after = text[at + word.length] ?? "";
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) {
      return true;
    }
  }
  return false;
}

/** The share of a body's characters that sit in Markdown links or bare URLs. */
export function linkShare(body: string): number {
  let links = 0;
  for (
    let at = body.indexOf("](");
    at !== -1;
    at = body.indexOf("](", at + 2)
  ) {
    links++;
  }
  // A few links are prose; only link-heavy text (lists, tables of contents) is measured.
  if (links < 4) return 0;
  let linked = 0;
  for (const match of body.matchAll(/\[[^\]\n]*\]\([^)\s]*\)/g)) {
    linked += match[0].length;
  }
  let text = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (
      code > 32 && code !== 42 && code !== 124 && code !== 35 && code !== 45
    ) text++;
  }
  return Math.min(1, linked / Math.max(1, text));
}

/** Fewer lines than this are never called a list. */
const LIST_MIN_LINES = 6;
/** A line of at most this many words, without a full stop, is an item. */
const ITEM_WORDS = 4;

/**
 * The share of a body's lines that are items of a bare list rather than
 * prose: bullets or table rows of at most a few words, lone names and
 * upper-case codes (`FST_ERR_CTP_EMPTY_TYPE`), links. 0 for short bodies.
 * Fenced code is not counted either way.
 */
export function listShare(body: string): number {
  let lines = 0;
  let items = 0;
  let fenced = false;
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("```")) {
      fenced = !fenced;
      continue;
    }
    if (fenced || line === "" || /^[-|: ]+$/.test(line)) continue;
    lines++;
    const text = line.replace(/^(?:[-*+]|\d+[.)]|\|)\s*/, "")
      .replace(/\]\([^)]*\)/g, "]").replace(/[|`*[\]]/g, " ").trim();
    const words = text.split(/\s+/).filter((word) => word !== "");
    if (words.length <= ITEM_WORDS && !/[.:]$/.test(text)) items++;
  }
  return lines < LIST_MIN_LINES ? 0 : items / lines;
}

/** 1 when all terms occur within a short span of the text, falling toward 0 as they spread. */
export function proximity(text: string, terms: readonly string[]): number {
  if (terms.length < 2) return 0;
  const positions: Array<[number, number]> = [];
  terms.forEach((term, index) => {
    let seen = 0;
    for (
      let at = text.indexOf(term);
      at !== -1 && seen < 50;
      at = text.indexOf(term, at + 1)
    ) {
      positions.push([at, index]);
      seen++;
    }
  });
  positions.sort((x, y) => x[0] - y[0]);
  const present = new Set(positions.map(([, index]) => index)).size;
  if (present < 2) return 0;
  let best = Infinity;
  const counts = new Map<number, number>();
  let tail = 0;
  for (const [offset, index] of positions) {
    counts.set(index, (counts.get(index) ?? 0) + 1);
    while (counts.size === present) {
      const [start, dropped] = positions[tail]!;
      best = Math.min(best, offset - start);
      const left = (counts.get(dropped) ?? 1) - 1;
      if (left === 0) counts.delete(dropped);
      else counts.set(dropped, left);
      tail++;
    }
  }
  return (present / terms.length) * (1 / (1 + best / 120));
}

/**
 * Whether a heading path names an example (`Testing > Another Example:`,
 * `gpg > EXAMPLES > gpg --clear-sign file`): a section that shows a use
 * rather than the one that documents it.
 */
export function exampleTitle(title: string): boolean {
  return /\bexamples?\b/i.test(title);
}
