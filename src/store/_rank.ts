/**
 * The final ranking of search candidates, a weighted sum of features
 * computed for each candidate (the top ~100 of BM25):
 *
 * - `bm25`: FTS5's BM25 over title, body and context, over the best of the
 *   candidates; `leafBm25` and `bodyBm25`: BM25 of the chunk's own heading
 *   and of its text apart, over the best of the candidates.
 * - `leaf`, `path`, `body`: the share of the query's rarity (the square root
 *   of each word's IDF) that the heading with the section's first sentence,
 *   the heading path and the text cover; `rareLeaf`: the share of the
 *   query's rarer typed words in the heading itself; `root`: typed words
 *   naming the document (the program of a manual: `strip` in "strip
 *   --strip-debug").
 * - `exactLeaf`, `exactBody`: a typed identifier (`--max-time`, `fs.rm`)
 *   in the heading, or only in the text.
 * - `precision`: the share of the heading's words that the query asked for;
 *   `verbatim`: typed words found as typed; `proximity`: typed words close
 *   together.
 * - `specificity`: heading coverage over a short section rather than a long
 *   survey; `depth`: how deep the heading is.
 * - `links`, `list`: the share of a chunk that is links, or a bare list of
 *   names and codes (weighted down).
 * - `length`: the body's length, on a log scale; `piece`: the chunk is one
 *   part of a section too long for one chunk.
 * - `example`: the heading path names an example (`Another Example:`,
 *   `EXAMPLES`), its own heading holds none of the rarer typed words and the
 *   query asks for no example: a section that shows a use, weighted down
 *   below the one that documents it.
 * - `page`: how likely the chunk's whole page is to be the one asked about
 *   (`_page_prior.ts`), from the least to the most likely of the
 *   candidates' pages (0 to 1): an option of the program most about the
 *   question, when it names none. Only pages of one program (man pages,
 *   `--help` outputs) have a page score; other chunks have 0.
 *
 * The weights live in `rank_weights.json`, fitted on the development
 * questions only by `scripts/fit_rerank.ts`.
 *
 * Pure: it scores rows it is given and never touches the database.
 *
 * @module
 */

import weightData from "./rank_weights.json" with { type: "json" };
import {
  countWordStarts,
  exampleTitle,
  leafTitle,
  linkShare,
  listShare,
  proximity,
  startsWord,
  wholeWord,
} from "./_rank_text.ts";

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
  /**
   * How likely the chunk's page is to be the one asked about (see
   * `_page_prior.ts`), comparable within one query; absent when not
   * computed.
   */
  page?: number | undefined;
}

/** The features of a candidate, in the order of their weights. */
export const FEATURES = [
  "bm25",
  "leafBm25",
  "bodyBm25",
  "leaf",
  "path",
  "body",
  "rareLeaf",
  "root",
  "exactLeaf",
  "exactBody",
  "precision",
  "verbatim",
  "proximity",
  "specificity",
  "depth",
  "links",
  "list",
  "length",
  "piece",
  "page",
  "example",
] as const;

/** The name of one feature. */
export type RankWeightName = typeof FEATURES[number];

/**
 * The weights of the features, fitted on the development questions only; a
 * feature missing from `rank_weights.json` weighs 0. Mutable so that the
 * fitting script can try others in process.
 */
export const RANK_WEIGHTS: Record<RankWeightName, number> = Object.fromEntries(
  FEATURES.map((name) => [
    name,
    (weightData as Partial<Record<RankWeightName, number>>)[name] ?? 0,
  ]),
) as Record<RankWeightName, number>;

/** The body length (characters) at which specificity falls to one half. */
const FOCUSED_CHARS = 800;
/** Heading depth beyond which a deeper heading earns nothing more. */
const MAX_DEPTH = 4;
const LEAD_CHARS = 160;
/** BM25's term-frequency saturation and length normalisation. */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** The log of a chunk's size cap, which scales `length` to about 1. */
const LOG_CAP = Math.log1p(4096);
/** Occurrences of one term counted in a body at most. */
const TF_CAP = 8;

/** The weighted sum of a candidate's features. */
export function combine(features: ArrayLike<number>): number {
  let score = 0;
  FEATURES.forEach((name, i) => {
    score += RANK_WEIGHTS[name] * features[i]!;
  });
  return score;
}

/**
 * The features of each candidate, one array per row in the order of
 * {@link FEATURES}.
 *
 * @param rows The candidates.
 * @param terms The query's terms with their weights.
 * @param exacts Query tokens with inner punctuation or case (`--max-time`,
 *   `fs.rm`, `setErrorHandler`), lower case.
 * @param complete Whether to compute features that weigh 0 too (for the
 *   fitting script); they are left at 0 otherwise, which costs nothing.
 */
export function rankFeatures(
  rows: readonly RankRow[],
  terms: readonly RankTerm[],
  exacts: readonly string[],
  complete = false,
): Float64Array[] {
  const wanted = (name: RankWeightName) => complete || RANK_WEIGHTS[name] !== 0;
  const maxRelevance = Math.max(0, ...rows.map((row) => row.relevance));
  const pages = rows.map((row) => row.page);
  const scored = pages.filter((page) => page !== undefined);
  const lowestPage = Math.min(...scored);
  const pageSpan = Math.max(...scored) - lowestPage;
  const typedTerms = terms.filter((term) => term.typed);
  const typed = typedTerms.map((term) => term.stem);
  const typedWeights = typedTerms.map((term) => term.weight);
  const meanTyped = typedWeights.reduce((sum, w) => sum + w, 0) /
    Math.max(1, typedWeights.length);
  const rare = typedTerms.filter((term) => term.weight >= meanTyped);
  const asksExample = typedTerms.some((term) => term.stem.startsWith("exampl"));
  const measured = rows.map((row) => {
    const leafText = leafTitle(row.title);
    const body = row.body.toLowerCase();
    return {
      row,
      leafText,
      leaf: leafText.toLowerCase(),
      body,
      // How often each term starts a word of the text (at most 8 times):
      // for coverage and BM25 alike, one scan each.
      bodyTf: terms.map((term) =>
        countWordStarts(row.body, body, term.stem, TF_CAP)
      ),
    };
  });
  const meanLeaf = mean(measured.map((m) => m.leaf.length));
  const meanBody = mean(measured.map((m) => m.body.length));
  const leafBm = measured.map((m) =>
    wanted("leafBm25")
      ? bm25(
        terms.map((term) => countWordStarts(m.leafText, m.leaf, term.stem)),
        terms,
        m.leaf.length / meanLeaf,
      )
      : 0
  );
  const bodyBm = measured.map((m) =>
    wanted("bodyBm25") ? bm25(m.bodyTf, terms, m.body.length / meanBody) : 0
  );
  const maxLeafBm = Math.max(0, ...leafBm);
  const maxBodyBm = Math.max(0, ...bodyBm);
  return measured.map((m, index) => {
    const { row, leafText, leaf, body } = m;
    const leafWords = wordParts(leafText);
    const coverage = cover(row, leafText, leafWords, m.bodyTf, terms);
    const depth = row.title.split(" > ").length - 1;
    const f = new Float64Array(FEATURES.length);
    f[0] = maxRelevance > 0 ? row.relevance / maxRelevance : 0;
    f[1] = maxLeafBm > 0 ? leafBm[index]! / maxLeafBm : 0;
    f[2] = maxBodyBm > 0 ? bodyBm[index]! / maxBodyBm : 0;
    f[3] = coverage.leaf;
    f[4] = coverage.path;
    f[5] = coverage.body;
    f[6] = rare.length === 0
      ? 0
      : rare.filter((term) => startsWord(leafText, leaf, term.stem)).length /
        rare.length;
    f[7] = coverage.root;
    // `reply.serializer` names `Reply > .serializer(func)`.
    const qualified = `${lastWord(row.title)}${leaf}`;
    f[8] = exacts.some((token) =>
        leaf.includes(token) || qualified.startsWith(token)
      )
      ? 1
      : 0;
    f[9] = f[8] === 0 && exacts.some((token) =>
        body.includes(token)
      )
      ? 1
      : 0;
    if (wanted("precision")) f[10] = leafPrecision(leafWords, terms);
    // The word as typed beats another word of the same stem
    // ("frobnicated" over "frobnicator").
    f[11] = typedTerms.length === 0
      ? 0
      : typedTerms.filter((term) =>
        wholeWord(leaf, term.word) || wholeWord(body, term.word)
      ).length / typedTerms.length;
    if (wanted("proximity")) f[12] = proximity(body, typed);
    f[13] = coverage.leaf / (1 + row.body.length / FOCUSED_CHARS);
    f[14] = Math.min(MAX_DEPTH, depth) / MAX_DEPTH;
    if (wanted("links")) f[15] = linkShare(row.body);
    if (wanted("list")) f[16] = listShare(row.body);
    f[17] = Math.log1p(row.body.length) / LOG_CAP;
    f[18] = / \(part \d+\/\d+\)$/.test(row.title) ? 1 : 0;
    const page = pages[index];
    f[19] = page !== undefined && pageSpan > 0
      ? (page - lowestPage) / pageSpan
      : 0;
    if (wanted("example")) {
      // An example whose own heading names the query's rarer words is about them.
      f[20] = !asksExample && exampleTitle(row.title) &&
          !rare.some((term) => startsWord(leafText, leaf, term.stem))
        ? 1
        : 0;
    }
    return f;
  });
}

/**
 * The last word of the heading above the chunk's own, lower case, when the
 * heading starts with a dot: `Reply > .serializer(func)` → `reply`.
 */
function lastWord(title: string): string {
  const parts = title.split(" > ");
  if (parts.length < 2 || !parts.at(-1)!.startsWith(".")) return "";
  return (parts.at(-2)!.match(/[\p{L}\p{N}_$]+$/u)?.[0] ?? "").toLowerCase();
}

function mean(values: readonly number[]): number {
  return Math.max(
    1,
    values.reduce((sum, v) => sum + v, 0) / (values.length || 1),
  );
}

/**
 * BM25 of one field from the query's weights (already IDF-shaped): each
 * group of synonyms counts once, by its best term.
 */
function bm25(
  frequencies: readonly number[],
  terms: readonly RankTerm[],
  relativeLength: number,
): number {
  const best = new Map<number, number>();
  const norm = BM25_K1 * (1 - BM25_B + BM25_B * relativeLength);
  for (const [index, term] of terms.entries()) {
    const tf = frequencies[index]!;
    if (tf === 0) continue;
    const value = term.weight * tf * (BM25_K1 + 1) / (tf + norm);
    best.set(term.group, Math.max(best.get(term.group) ?? 0, value));
  }
  let sum = 0;
  for (const value of best.values()) sum += value;
  return sum;
}

/** The shares of the query's rarity found in the heading, path, body and document name. */
function cover(
  row: RankRow,
  leafText: string,
  leafWords: readonly WordPart[],
  bodyTf: readonly number[],
  terms: readonly RankTerm[],
): { leaf: number; path: number; body: number; root: number } {
  const titleText = `${row.title}\n${row.context}`;
  const title = titleText.toLowerCase();
  const leadText = `${leafText}\n${lead(row.body)}`;
  const leadLower = leadText.toLowerCase();
  const root = row.title.split(" > ")[0]!.toLowerCase();
  const groups = new Map<
    number,
    { weight: number; leaf: number; path: number; body: number; root: number }
  >();
  for (const [index, term] of terms.entries()) {
    const group = groups.get(term.group) ??
      { weight: 0, leaf: 0, path: 0, body: 0, root: 0 };
    group.weight = Math.max(group.weight, term.weight);
    const inLeaf = startsWord(leadText, leadLower, term.stem) ||
      leafWords.some((part) => part.inName && asks(part, term));
    const inPath = inLeaf || startsWord(titleText, title, term.stem);
    const inBody = inPath || bodyTf[index]! > 0;
    group.leaf = Math.max(group.leaf, inLeaf ? term.weight : 0);
    group.path = Math.max(group.path, inPath ? term.weight : 0);
    group.body = Math.max(group.body, inBody ? term.weight : 0);
    if (term.typed && wholeWord(root, term.word)) group.root = term.weight;
    groups.set(term.group, group);
  }
  const sums = { weight: 0, leaf: 0, path: 0, body: 0, root: 0 };
  for (const group of groups.values()) {
    sums.weight += group.weight;
    sums.leaf += group.leaf;
    sums.path += group.path;
    sums.body += group.body;
    sums.root += group.root;
  }
  const share = (part: number) => sums.weight > 0 ? part / sums.weight : 0;
  return {
    leaf: share(sums.leaf),
    path: share(sums.path),
    body: share(sums.body),
    root: share(sums.root),
  };
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
 * behavior (#2286)". The parts of a camelCase name are its words
 * (`xsltSetGenericErrorFunc`: xslt, set, generic, error, func), and a part
 * that abbreviates a query word counts as asked (`Ext` for extension).
 */
function leafPrecision(
  words: readonly WordPart[],
  terms: readonly RankTerm[],
): number {
  if (words.length === 0) return 0;
  const asked =
    words.filter((part) => terms.some((term) => asks(part, term))).length;
  return asked / words.length;
}

/** A heading word: its lower-case text and whether it is part of a camelCase name. */
interface WordPart {
  word: string;
  inName: boolean;
}

/** The words of a heading, camelCase names cut into their parts. */
function wordParts(text: string): WordPart[] {
  const parts: WordPart[] = [];
  for (const [token] of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const pieces = token.match(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu) ??
      [token];
    for (const piece of pieces) {
      parts.push({ word: piece.toLowerCase(), inName: pieces.length > 1 });
    }
  }
  return parts;
}

/** Shortest part of a name taken as an abbreviation of a query word. */
const ABBREVIATION_CHARS = 3;

/**
 * Whether a word of a heading is the query term, or, inside a camelCase
 * name, abbreviates it (`Ext` in `xsltRegisterExtModuleFunction` for
 * "extension").
 */
function asks(part: WordPart, term: RankTerm): boolean {
  return part.word.startsWith(term.stem) ||
    (part.inName && part.word.length >= ABBREVIATION_CHARS &&
      term.word.length > part.word.length && term.word.startsWith(part.word));
}
