/**
 * The layered search behind {@linkcode KnowledgeBase.search}: porter BM25,
 * trigram substrings and fuzzy correction, fused by reciprocal rank and
 * reranked for term proximity and heading matches.
 *
 * Reads only; never writes to the database.
 *
 * @module
 */

import type { DatabaseSync, StatementSync } from "node:sqlite";
import { editDistance, typoBudget } from "./_levenshtein.ts";
import { makeSnippet } from "./_snippet.ts";
import {
  anyOf,
  querySubstrings,
  queryWords,
  quoteTerm,
  roughStem,
  trigrams,
} from "./_terms.ts";

/** One search hit. */
export interface SearchHit {
  /** The label of the source the chunk belongs to. */
  source: string;
  /** The chunk's heading path, JSON path, first line or line range. */
  title: string;
  /** Higher is better; comparable within one query only. */
  score: number;
  /** Windows of the chunk around the matched terms. */
  snippet: string;
}

/** A fuzzy correction the search made to a query term. */
export interface Correction {
  /** The term as typed. */
  from: string;
  /** The indexed word searched instead. */
  to: string;
}

/** The answer to one query. */
export interface QueryResult {
  /** The query as given. */
  query: string;
  /** Up to `limit` hits, best first. */
  hits: SearchHit[];
  /** Terms that matched nothing and were replaced by a close indexed word. */
  corrections: Correction[];
}

/** Options of one search. */
export interface SearchOptions {
  /**
   * Only chunks of this source label, or of labels under it (`docs` matches
   * `docs/fs.md`); several labels widen the filter.
   *
   * @default {undefined}
   */
  source?: string | readonly string[] | undefined;
  /**
   * The most hits per query.
   *
   * @default {5}
   */
  limit?: number;
  /**
   * The size cap of each snippet, in characters.
   *
   * @default {480}
   */
  snippetChars?: number;
  /**
   * `relevance` puts the best hit first; `timeline` takes the same best hits
   * and orders them by when they were indexed and where they stand in their
   * source, oldest first.
   *
   * @default {"relevance"}
   */
  sort?: "relevance" | "timeline";
}

const CANDIDATES = 60;
const RRF_K = 60;

interface Candidate {
  id: number;
  fused: number;
}

interface ChunkRow {
  id: number;
  indexedAt: number;
  title: string;
  body: string;
  label: string;
}

/** Prepared statements of one connection, made once. */
export class Searcher {
  #db: DatabaseSync;
  #statements = new Map<string, StatementSync>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** Answers one query. */
  search(query: string, options: SearchOptions = {}): QueryResult {
    const limit = options.limit ?? 5;
    const words = queryWords(query);
    const substrings = querySubstrings(query);
    const result: QueryResult = { query, hits: [], corrections: [] };
    if (words.length === 0 && substrings.length === 0) return result;

    const scope = sourceScope(options.source);
    let searchedWords = words;
    let wordIds = this.#wordRanked(words, scope);
    let substringIds = this.#substringRanked(
      substrings.filter((token) => this.#isPartial(token, scope)),
      scope,
    );

    const corrections = this.#correct(words);
    if (corrections.length > 0) {
      result.corrections = corrections;
      const replaced = new Map(corrections.map((c) => [c.from, c.to]));
      searchedWords = words.map((word) => replaced.get(word) ?? word);
      wordIds = this.#wordRanked(searchedWords, scope);
      if (substringIds.length === 0) {
        substringIds = this.#substringRanked(
          corrections.map((c) => c.to),
          scope,
        );
      }
    }

    const candidates = fuse([wordIds, substringIds]);
    if (candidates.length === 0) return result;
    const rows = this.#rows(candidates.map((c) => c.id));
    const stems = searchedWords.map(roughStem);
    const needles = [...new Set([...stems, ...substrings])];
    const scored = candidates.flatMap((candidate) => {
      const row = rows.get(candidate.id);
      if (!row) return [];
      return [{ row, score: candidate.fused * rerank(row, stems, substrings) }];
    });
    scored.sort((x, y) => y.score - x.score);
    const snippetChars = options.snippetChars ?? 480;
    const best = scored.slice(0, limit);
    if (options.sort === "timeline") {
      best.sort((x, y) =>
        x.row.indexedAt - y.row.indexedAt || x.row.id - y.row.id
      );
    }
    result.hits = best.map(({ row, score }) => ({
      source: row.label,
      title: row.title,
      score: Math.round(score * 1e4) / 1e4,
      snippet: makeSnippet(row.body, needles, snippetChars),
    }));
    return result;
  }

  /** Chunk ids matching any word, best BM25 first (title weighs 4× the body). */
  #wordRanked(words: readonly string[], scope: Scope): number[] {
    if (words.length === 0) return [];
    const sql =
      `SELECT rowid AS id FROM chunks_words WHERE chunks_words MATCH ?${
        scope ? ` AND +rowid IN (${SCOPED_CHUNKS})` : ""
      } ORDER BY rank LIMIT ${CANDIDATES}`;
    const match = anyOf(words);
    const parameters = scope ? [match, scope] : [match];
    return this.#statement(sql).all(...parameters).map((row) => Number(row.id));
  }

  /**
   * Chunk ids containing any substring, through the trigram index: the ones
   * with a substring in the heading first, then by how many substrings they hold.
   */
  #substringRanked(substrings: readonly string[], scope: Scope): number[] {
    if (substrings.length === 0) return [];
    // `%` would widen the pattern; `_` matches itself among other characters, which is harmless.
    const patterns = substrings.map((token) =>
      `%${token.replaceAll("%", "_")}%`
    );
    const any = patterns.map(() => "(title LIKE ? OR body LIKE ?)").join(
      " OR ",
    );
    const inTitle = patterns.map(() => "(title LIKE ?)").join(" + ");
    const inBody = patterns.map(() => "(body LIKE ?)").join(" + ");
    const sql = `SELECT rowid AS id FROM chunks_trigram WHERE (${any})${
      scope ? ` AND +rowid IN (${SCOPED_CHUNKS})` : ""
    } ORDER BY ${inTitle} DESC, ${inBody} DESC, rowid LIMIT ${CANDIDATES}`;
    const parameters: string[] = patterns.flatMap((
      pattern,
    ) => [pattern, pattern]);
    if (scope) parameters.push(scope);
    parameters.push(...patterns, ...patterns);
    return this.#statement(sql).all(...parameters).map((row) => Number(row.id));
  }

  #rows(ids: readonly number[]): Map<number, ChunkRow> {
    const rows = this.#statement(
      `SELECT chunks.id AS id, chunks.title AS title,
         chunks.body AS body, sources.label AS label, sources.indexed_at AS indexed_at
       FROM chunks JOIN sources ON sources.id = chunks.source_id
       WHERE chunks.id IN (SELECT value FROM json_each(?))
         AND sources.content_hash <> ''`,
    ).all(JSON.stringify(ids));
    return new Map(rows.map((row) => [Number(row.id), {
      id: Number(row.id),
      indexedAt: Number(row.indexed_at),
      title: String(row.title),
      body: String(row.body),
      label: String(row.label),
    }]));
  }

  /** Fuzzy corrections for the words that match nothing at all. */
  #correct(words: readonly string[]): Correction[] {
    const corrections: Correction[] = [];
    for (const word of words) {
      if (word.length < 4 || /\d/.test(word) || this.#known(word)) continue;
      const to = this.#closest(word);
      if (to) corrections.push({ from: word, to });
    }
    return corrections;
  }

  /**
   * Whether a token needs the substring layer: identifiers with inner
   * punctuation (`fs.rm`, `child_process`) and fragments that are not whole
   * indexed words (`useEff`). Whole words are the porter layer's job, and
   * scanning for them as substrings would only cost time. Under a source
   * filter a word is whole only if the porter layer finds it in scope: a
   * fragment can be a whole word of another source.
   */
  #isPartial(token: string, scope: Scope): boolean {
    if (/[^\p{L}\p{N}]/u.test(token)) return true;
    if (
      !this.#statement("SELECT 1 FROM vocabulary WHERE word = ?").get(token)
    ) {
      return true;
    }
    return scope !== undefined && this.#wordRanked([token], scope).length === 0;
  }

  #known(word: string): boolean {
    if (this.#statement("SELECT 1 FROM vocabulary WHERE word = ?").get(word)) {
      return true;
    }
    const quoted = quoteTerm(word);
    const asWord = this.#statement(
      "SELECT 1 FROM chunks_words WHERE chunks_words MATCH ? LIMIT 1",
    ).get(quoted);
    const asPart = word.length >= 3 && this.#statement(
      "SELECT 1 FROM vocabulary_trigram WHERE word LIKE ? LIMIT 1",
    ).get(`%${word}%`);
    return Boolean(asWord ?? asPart);
  }

  #closest(word: string): string | undefined {
    const budget = typoBudget(word.length);
    // Words sharing trigrams catch most typos; words sharing the first two
    // letters catch swapped letters in short words ("chlid"), which share none.
    const candidates = [
      ...this.#statement(
        `SELECT vocabulary.word AS word, vocabulary.uses AS uses
         FROM vocabulary_trigram JOIN vocabulary ON vocabulary.id = vocabulary_trigram.rowid
         WHERE vocabulary_trigram MATCH ? ORDER BY rank LIMIT 200`,
      ).all(anyOf(trigrams(word))),
      ...this.#statement(
        `SELECT word, uses FROM vocabulary
         WHERE word >= ? AND word < ? AND length(word) BETWEEN ? AND ? LIMIT 400`,
      ).all(
        word.slice(0, 2),
        word.slice(0, 1) + String.fromCodePoint(word.codePointAt(1)! + 1),
        word.length - budget,
        word.length + budget,
      ),
    ];
    let best: { word: string; distance: number; uses: number } | undefined;
    for (const row of candidates) {
      const candidate = String(row.word);
      const distance = editDistance(word, candidate, budget);
      if (distance > budget) continue;
      const uses = Number(row.uses);
      if (
        !best || distance < best.distance ||
        (distance === best.distance && uses > best.uses)
      ) {
        best = { word: candidate, distance, uses };
      }
    }
    return best?.word;
  }
}

/** The source filter as a JSON array of labels, or undefined for every source. */
type Scope = string | undefined;

// Queries filter with `+rowid IN (…)`: the unary plus keeps the rowid list from
// driving the FTS5 scan, which would run the whole MATCH once per chunk of the
// scope (minutes for a 64 MB source); the match runs once and is filtered.

const SCOPED_CHUNKS =
  `SELECT chunks.id FROM chunks JOIN sources ON sources.id = chunks.source_id
  WHERE EXISTS (SELECT 1 FROM json_each(?) AS wanted WHERE sources.label = wanted.value
    OR substr(sources.label, 1, length(wanted.value) + 1) = wanted.value || '/')`;

function sourceScope(source: string | readonly string[] | undefined): Scope {
  const labels = (typeof source === "string" ? [source] : source ?? [])
    .map((label) => label.replace(/\/+$/, ""))
    .filter((label) => label !== "");
  return labels.length > 0 ? JSON.stringify(labels) : undefined;
}

/** Reciprocal-rank fusion of ranked id lists. */
function fuse(lists: ReadonlyArray<readonly number[]>): Candidate[] {
  const scores = new Map<number, number>();
  for (const list of lists) {
    list.forEach((id, rank) =>
      scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + rank + 1))
    );
  }
  return [...scores].map(([id, fused]) => ({ id, fused })).sort((x, y) =>
    y.fused - x.fused
  );
}

/**
 * A multiplier for a candidate: more for query terms in its heading, for
 * covering more of the terms, and for terms standing close together.
 */
function rerank(
  row: ChunkRow,
  stems: readonly string[],
  substrings: readonly string[],
): number {
  const title = row.title.toLowerCase();
  const body = row.body.toLowerCase();
  const terms = stems.length > 0 ? stems : substrings;
  if (terms.length === 0) return 1;
  const inTitle = terms.filter((term) => title.includes(term)).length /
    terms.length;
  const inBody =
    terms.filter((term) => body.includes(term) || title.includes(term)).length /
    terms.length;
  const exactTitle = substrings.some((token) => title.includes(token))
    ? 0.3
    : 0;
  return 1 + 1.2 * inTitle + 0.8 * inBody + exactTitle +
    0.6 * proximity(body, terms);
}

/** 1 when all terms occur within a short span of the body, falling toward 0 as they spread. */
function proximity(body: string, terms: readonly string[]): number {
  if (terms.length < 2) return 0;
  const positions: Array<[number, number]> = [];
  terms.forEach((term, index) => {
    let seen = 0;
    for (
      let at = body.indexOf(term);
      at !== -1 && seen < 50;
      at = body.indexOf(term, at + 1)
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
