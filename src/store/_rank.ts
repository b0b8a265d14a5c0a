/**
 * The final ranking of search candidates: BM25 from FTS5 (which weighs rare
 * terms most, as its IDF intends), plus how much of the query's rarity the
 * chunk's own heading, its path and its text cover, how much of the heading
 * the query asked for, exact identifiers (`--max-time`, `fs.rm`) in the
 * heading or the text, typed words naming the document itself (the program
 * of a manual, a page's title: `strip` in "strip --strip-debug"), terms
 * standing close together, and a cut for chunks
 * that are mostly links (tables of contents, link lists), short focused
 * sections and deep headings. The weights live in `rank_weights.json`, fitted
 * on the development questions by `scripts/fit_rerank.ts`.
 *
 * Pure: it scores rows it is given and never touches the database.
 *
 * @module
 */

/** A query term as ranking sees it. */
export interface RankTerm {
  /** The word itself. */
  word: string;
  /** A crude stem, matched at the start of words. */
  stem: string;
  /** Its rarity (the square root of its IDF) times its weight in the query (lower for expansions). */
  weight: number;
  /** Whether the term was typed (not an expansion or an identifier part). */
  typed: boolean;
  /** The term's index among the typed terms' groups: synonyms share one. */
  group: number;
}

/** A candidate chunk. */
export interface RankRow {
  title: string;
  body: string;
  /** Hidden words about where the chunk stands; they count as its heading path. */
  context: string;
  /** FTS5 relevance (minus bm25), 0 when only the substring layer found it. */
  relevance: number;
}

import weightData from "./rank_weights.json" with { type: "json" };

/** The names of the score's parts. */
export type RankWeightName = keyof typeof weightData;

/**
 * The weights of the score's parts, fitted on the development questions only.
 * Mutable so that the fitting script can try others in process.
 */
export const RANK_WEIGHTS: Record<RankWeightName, number> = { ...weightData };
const WEIGHTS = RANK_WEIGHTS;
/** The body length (characters) at which specificity falls to one half. */
const FOCUSED_CHARS = 800;
/** Heading depth beyond which a deeper heading earns nothing more. */
const MAX_DEPTH = 4;
const LINK_HEAVY_SHARE = 0.5;
const LEAD_CHARS = 160;
const EXACT_IN_TEXT = 0.5;
const LINK_HEAVY_FACTOR = 0.5;

/** The heading of the chunk itself: the last part of its path, without `(part k/n)`. */
export function leafTitle(title: string): string {
  return (title.split(" > ").at(-1) ?? title).replace(
    / \(part \d+\/\d+\)$/,
    "",
  );
}

/**
 * Whether `stem` starts a word of `lower`, the lower-case copy of `text`: at
 * the start, after a character that is no letter or digit, or where a capital
 * follows a small letter in `text` (`readFileSync` holds `file`).
 */
export function startsWord(text: string, lower: string, stem: string): boolean {
  const sameLength = text.length === lower.length;
  for (
    let at = lower.indexOf(stem);
    at !== -1;
    at = lower.indexOf(stem, at + 1)
  ) {
    if (at === 0) return true;
    const before = lower.charCodeAt(at - 1);
    if (before < 128) {
      const isWordChar = (before >= 97 && before <= 122) ||
        (before >= 48 && before <= 57);
      if (!isWordChar) return true;
    } else if (!/[\p{L}\p{N}]/u.test(lower[at - 1]!)) return true;
    if (
      sameLength && text[at] !== lower[at] && text[at - 1] === lower[at - 1]
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Scores one candidate; higher is better.
 *
 * @param row The candidate.
 * @param terms The query's terms with their weights.
 * @param exacts Query tokens with inner punctuation or case (`--max-time`,
 *   `fs.rm`, `setErrorHandler`), lower case, matched whole in the heading.
 * @param maxRelevance The highest FTS5 relevance among the candidates.
 */
export function scoreRow(
  row: RankRow,
  terms: readonly RankTerm[],
  exacts: readonly string[],
  maxRelevance: number,
): number {
  const titleText = `${row.title}\n${row.context}`;
  const title = titleText.toLowerCase();
  const leafText = leafTitle(row.title);
  const leaf = leafText.toLowerCase();
  const body = row.body.toLowerCase();
  const leadText = `${leafText}\n${lead(row.body)}`;
  const leadLower = leadText.toLowerCase();
  const rootText = row.title.split(" > ")[0]!;
  const root = rootText.toLowerCase();
  const groups = new Map<
    number,
    { weight: number; leaf: number; path: number; body: number; root: number }
  >();
  for (const term of terms) {
    const group = groups.get(term.group) ??
      { weight: 0, leaf: 0, path: 0, body: 0, root: 0 };
    group.weight = Math.max(group.weight, term.weight);
    const inLeaf = startsWord(leadText, leadLower, term.stem);
    const inPath = inLeaf || startsWord(titleText, title, term.stem);
    const inBody = inPath || startsWord(row.body, body, term.stem);
    group.leaf = Math.max(group.leaf, inLeaf ? term.weight : 0);
    group.path = Math.max(group.path, inPath ? term.weight : 0);
    group.body = Math.max(group.body, inBody ? term.weight : 0);
    if (term.typed && wholeWord(root, term.word)) group.root = term.weight;
    groups.set(term.group, group);
  }
  let total = 0;
  let leafShare = 0;
  let pathShare = 0;
  let bodyShare = 0;
  let rootShare = 0;
  for (const group of groups.values()) {
    total += group.weight;
    rootShare += group.root;
    leafShare += group.leaf;
    pathShare += group.path;
    bodyShare += group.body;
  }
  const share = (part: number) => total > 0 ? part / total : 0;
  // A typed identifier in the heading names the section; in the text, it
  // only mentions it.
  const exact = exacts.some((token) => leaf.includes(token))
    ? 1
    : exacts.some((token) => body.includes(token))
    ? EXACT_IN_TEXT
    : 0;
  const typedTerms = terms.filter((term) => term.typed);
  const typed = typedTerms.map((term) => term.stem);
  // The word as typed beats another word of the same stem
  // ("frobnicated" over "frobnicator").
  const verbatim = typedTerms.length === 0
    ? 0
    : typedTerms.filter((term) => wholeWord(`${leaf}\n${body}`, term.word))
      .length / typedTerms.length;
  const bm = maxRelevance > 0 ? row.relevance / maxRelevance : 0;
  const features = WEIGHTS.leaf * share(leafShare) +
    WEIGHTS.path * share(pathShare) +
    WEIGHTS.body * share(bodyShare) +
    WEIGHTS.exact * exact +
    WEIGHTS.precision * leafPrecision(leaf, terms) +
    WEIGHTS.proximity * proximity(body, typed) +
    WEIGHTS.verbatim * verbatim +
    WEIGHTS.root * share(rootShare) +
    WEIGHTS.specificity * share(leafShare) /
      (1 + row.body.length / FOCUSED_CHARS) +
    WEIGHTS.depth * Math.min(MAX_DEPTH, row.title.split(" > ").length - 1) /
      MAX_DEPTH;
  const score = WEIGHTS.bm25 * bm + features;
  return linkShare(row.body) > LINK_HEAVY_SHARE
    ? score * LINK_HEAVY_FACTOR
    : score;
}

/** Whether `word` stands in `text` (both lower case) as a whole word. */
function wholeWord(text: string, word: string): boolean {
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

/**
 * What a section says first, after its heading line: the sentence that
 * summarises an option or an API entry.
 */
function lead(body: string): string {
  const lines = body.split("\n", 12);
  const start = /^\s*#/.test(lines[0] ?? "") ? 1 : 0;
  return lines.slice(start).join(" ").trim().slice(0, LEAD_CHARS);
}

/**
 * The share of the heading's words that the query asked for: `preParsing`
 * answers "preParsing hook" more squarely than "Changed preParsing hook
 * behavior (#2286)".
 */
function leafPrecision(leaf: string, terms: readonly RankTerm[]): number {
  const words = leaf.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return 0;
  const asked =
    words.filter((word) => terms.some((term) => word.startsWith(term.stem)))
      .length;
  return asked / words.length;
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
  return linked / Math.max(1, text);
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
