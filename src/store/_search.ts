/**
 * The layered search behind {@linkcode KnowledgeBase.search}: candidates from
 * porter BM25 (typed words, their synonyms and identifier parts) and trigram
 * substrings, after fuzzy correction of words that match nothing; ranked by
 * `_rank.ts`, and the same text never returned twice.
 *
 * Reads only; never writes to the database.
 *
 * @module
 */

import type { DatabaseSync, StatementSync } from "node:sqlite";
import { type Correction, correctTypos } from "./_correct.ts";
import { snippetOf } from "./_snippet.ts";
import {
  anyOf,
  querySubstrings,
  queryWords,
  quoteTerm,
  roughStem,
  typedWeight,
} from "./_terms.ts";
import { identifierParts, identifierTokens, synonymsOf } from "./_expand.ts";
import { combine, RANK_WEIGHTS, rankFeatures, type RankTerm } from "./_rank.ts";
import { pageLikelihood } from "./_page_prior.ts";
import {
  belowOwnSections,
  distinct,
  exactFirst,
  type SearchPlace,
} from "./_hit_list.ts";

export type { SearchPlace } from "./_hit_list.ts";

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
  /**
   * The line of the source the snippet starts on (1-based), when the source
   * was indexed as its own text (not HTML made Markdown, not rows indexed
   * before lines were kept).
   */
  line?: number;
  /**
   * Other places holding the same text word for word (a paragraph copied
   * into several pages, one option shared by several programs), best first,
   * folded into this hit instead of taking ranks of their own.
   */
  also?: SearchPlace[];
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

const CANDIDATES = 70;
/** Extra candidates from the typed words alone (see `#candidates`). */
const TYPED_CANDIDATES = 30;
const SUBSTRING_CANDIDATES = 20;
/** The most indexed words one identifier fragment may stand for. */
const FRAGMENT_READINGS = 4;
/** The most phrases the identifier layer searches at once. */
const MAX_READINGS = 12;
/** Words in more than this share of chunks only join the match when nothing rarer is asked. */
const COMMON_SHARE = 0.15;
/** Chunks counted for a word's rarity at most. */
const COUNT_CAP = 400;
/** Title, body and hidden context in BM25: a heading word says more than a body word. */
const BM25_WEIGHTS = "5.0, 1.0, 0.5";
/** Weights of terms the user did not type, relative to typed ones. */
const SYNONYM_WEIGHT = 0.5;
const PART_WEIGHT = 0.5;

/** A ranking term with the word searched for and the share of chunks holding it. */
interface SearchTerm extends RankTerm {
  word: string;
  share: number;
}

/**
 * The words for the BM25 match: common ones (in more than 15% of chunks) add
 * little but cost much, so they join only when nothing rarer was asked.
 */
function matchWords(terms: readonly SearchTerm[]): string[] {
  const found = terms.filter((term) => term.share > 0);
  const rare = found.filter((term) => term.share <= COMMON_SHARE);
  const chosen = rare.some((term) => term.typed)
    ? rare
    : found.toSorted((x, y) => x.share - y.share).slice(0, 3);
  return [...new Set(chosen.map((term) => term.word))];
}

/** A candidate chunk as the database holds it. */
export interface ChunkRow {
  id: number;
  indexedAt: number;
  title: string;
  body: string;
  context: string;
  label: string;
  /** The id of the chunk's source. */
  sourceId: number;
  /** The source line the chunk starts on, 0 when unknown. */
  line: number;
}

/** One candidate with its features and score. */
export interface RankedCandidate {
  row: ChunkRow;
  /** In the order of `FEATURES` in `_rank.ts`. */
  features: Float64Array;
  score: number;
}

/** Every candidate of one query, best first, with what a hit list needs. */
export interface Ranked {
  corrections: Correction[];
  candidates: RankedCandidate[];
  /** The stems and fragments snippets are centred on. */
  needles: string[];
}

/** Prepared statements of one connection, made once. */
export class Searcher {
  #db: DatabaseSync;
  #statements = new Map<string, StatementSync>();
  /** Vocabulary answers of the query being ranked (see `#inVocabulary`). */
  #known = new Map<string, boolean>();

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
    const ranked = this.rank(query, options);
    const result: QueryResult = {
      query,
      hits: [],
      corrections: ranked.corrections,
    };
    const snippetChars = options.snippetChars ?? 480;
    const best = distinct(ranked.candidates, limit);
    if (options.sort === "timeline") {
      best.sort((x, y) =>
        x.item.row.indexedAt - y.item.row.indexedAt ||
        x.item.row.id - y.item.row.id
      );
    }
    result.hits = best.map(({ item: { row, score }, also }) => {
      const snippet = snippetOf(row.body, ranked.needles, snippetChars);
      return {
        source: row.label,
        title: row.title,
        score: Math.round(score * 1e4) / 1e4,
        snippet: snippet.text,
        ...(row.line > 0 ? { line: row.line + snippet.line } : {}),
        ...(also.length > 0 ? { also } : {}),
      };
    });
    return result;
  }

  /**
   * Every candidate of one query with its features and score, best first
   * (what `search` keeps the best of; the fitting script reads it whole,
   * with `complete` features: those that weigh 0 too).
   */
  rank(
    query: string,
    options: SearchOptions = {},
    complete = false,
  ): Ranked {
    const words = queryWords(query);
    const substrings = querySubstrings(query);
    const ranked: Ranked = { corrections: [], candidates: [], needles: [] };
    if (words.length === 0 && substrings.length === 0) return ranked;

    const scope = sourceScope(options.source);
    this.#known.clear();
    ranked.corrections = correctTypos((sql) => this.#statement(sql), words);
    const replaced = new Map(ranked.corrections.map((c) => [c.from, c.to]));
    const typed = words.map((word) => replaced.get(word) ?? word);
    ranked.needles = [...new Set([...typed.map(roughStem), ...substrings])];
    const terms = this.#terms(
      typed,
      typed.map((word) => this.#isWord(word) ? [] : this.#wordsHolding(word)),
      identifierParts(query),
    );
    const relevance = this.#candidates(terms, scope);
    const partial = substrings.filter((token) => this.#isPartial(token, scope));
    const substringIds = this.#substringRanked(
      partial.length > 0 ? partial : ranked.corrections.map((c) => c.to),
      scope,
    );
    const ids = [...new Set([...relevance.keys(), ...substringIds])];
    if (ids.length === 0) return ranked;
    const rows = [...this.#rows(ids).values()];
    const pages = complete || RANK_WEIGHTS.page !== 0
      ? pageLikelihood(
        (sql) => this.#statement(sql),
        rows.map((row) => row.sourceId),
        terms,
      )
      : undefined;
    const features = rankFeatures(
      rows.map((row) => ({
        title: row.title,
        body: row.body,
        context: row.context,
        relevance: relevance.get(row.id) ?? 0,
        page: pages?.get(row.sourceId),
      })),
      terms,
      identifierTokens(query),
      complete,
    );
    ranked.candidates = rows.map((row, index) => ({
      row,
      features: features[index]!,
      score: combine(features[index]!),
    }));
    belowOwnSections(ranked.candidates);
    if (onlyIdentifiers(query)) {
      // Features 8 and 9: a typed identifier in the heading, or in the text.
      exactFirst(ranked.candidates, (c) => c.features[8]! + c.features[9]! > 0);
    }
    ranked.candidates.sort((x, y) => y.score - x.score || x.row.id - y.row.id);
    return ranked;
  }

  /**
   * The ranking terms: typed words, the indexed words a typed fragment
   * stands for and its synonyms (all in the typed word's group), and
   * identifier parts, each weighted by its rarity in the index.
   */
  #terms(
    typed: readonly string[],
    readings: ReadonlyArray<readonly string[]>,
    parts: readonly string[],
  ): SearchTerm[] {
    const total = Number(
      this.#statement("SELECT count(*) AS n FROM chunks").get()?.n ?? 0,
    );
    // Counting stops at a cap: past it a word is common, and counting on
    // would cost more than the whole search.
    const frequency = (word: string): number =>
      Number(
        this.#statement(
          `SELECT count(*) AS n FROM (SELECT 1 FROM chunks_words
           WHERE chunks_words MATCH ? LIMIT ${COUNT_CAP})`,
        ).get(quoteTerm(word))?.n ?? 0,
      ) / Math.max(1, total);
    const terms: SearchTerm[] = [];
    const seen = new Set<string>();
    const add = (
      word: string,
      group: number,
      weight: number,
      isTyped: boolean,
    ) => {
      if (seen.has(word)) return;
      seen.add(word);
      const share = frequency(word);
      // BM25's IDF, from the share of chunks holding the word; its square
      // root keeps rare words ahead without letting one incidental rare
      // word ("how many") outweigh all the others together.
      const idf = Math.log(
        1 + (1 - share + 0.5 / total) / (share + 0.5 / total),
      );
      terms.push({
        word,
        share,
        stem: roughStem(word),
        weight: weight * Math.sqrt(idf),
        typed: isTyped,
        group,
      });
    };
    typed.forEach((word, group) => add(word, group, typedWeight(word), true));
    // A fragment ("readFileSyn") stands for the indexed words that hold it.
    readings.forEach((words, group) => {
      for (const word of words) add(word, group, 1, false);
    });
    typed.forEach((word, group) => {
      for (const synonym of synonymsOf(word)) {
        add(synonym, group, SYNONYM_WEIGHT, false);
      }
    });
    parts.forEach((part, index) =>
      add(part, typed.length + index, PART_WEIGHT, false)
    );
    return terms;
  }

  /**
   * BM25 candidates: the best chunks for all match words, and, when synonyms
   * or identifier parts joined the match, also the best for the typed words
   * alone, so that expansions matching many short chunks cannot crowd out
   * the section that holds the rare words the user typed. A chunk found only
   * by the second list keeps its typed-words relevance, a lower bound of
   * what the full match would give it.
   */
  #candidates(terms: readonly SearchTerm[], scope: Scope): Map<number, number> {
    const all = matchWords(terms);
    const relevance = this.#wordRanked(all, scope);
    const typed = matchWords(terms.filter((term) => term.typed));
    // A match that returned fewer than its limit already holds every chunk
    // with a typed word.
    if (
      typed.length === 0 || typed.length === all.length ||
      relevance.size < CANDIDATES
    ) return relevance;
    for (
      const [id, value] of this.#wordRanked(typed, scope, TYPED_CANDIDATES)
    ) {
      if (!relevance.has(id)) relevance.set(id, value);
    }
    return relevance;
  }

  /** Chunks matching any word, with their BM25 relevance (higher is better). */
  #wordRanked(
    words: readonly string[],
    scope: Scope,
    limit = CANDIDATES,
  ): Map<number, number> {
    if (words.length === 0) return new Map();
    const sql =
      `SELECT rowid AS id, -bm25(chunks_words, ${BM25_WEIGHTS}) AS relevance
       FROM chunks_words WHERE chunks_words MATCH ?${
        scope ? ` AND +rowid IN (${SCOPED_CHUNKS})` : ""
      } ORDER BY relevance DESC LIMIT ${limit}`;
    const match = anyOf(words);
    const parameters = scope ? [match, scope] : [match];
    return new Map(
      this.#statement(sql).all(...parameters).map((
        row,
      ) => [Number(row.id), Number(row.relevance)]),
    );
  }

  /**
   * Chunk ids for identifier-shaped tokens, best BM25 first: each token is
   * cut where the tokenizer cuts it (`fsPromises.readF` → fspromises, readf),
   * fragments become the indexed words holding them (found through the
   * vocabulary's trigram index: `readf` → readfile), and the pieces must
   * stand next to each other, as they do in the identifier.
   */
  #substringRanked(tokens: readonly string[], scope: Scope): number[] {
    const phrases = tokens.flatMap((token) => {
      const pieces = token.match(/[\p{L}\p{N}]+/gu) ?? [];
      const choices = pieces.map((piece) => this.#wordsHolding(piece));
      if (choices.length === 0 || choices.some((c) => c.length === 0)) {
        return [];
      }
      // The likeliest reading first, then each fragment's other readings.
      const phrase = (words: readonly string[]) =>
        words.length === 1 ? quoteTerm(words[0]!) : quoteTerm(words.join(" "));
      const best = choices.map((c) => c[0]!);
      const readings = [phrase(best)];
      choices.forEach((c, index) => {
        for (const word of c.slice(1)) {
          readings.push(phrase(best.with(index, word)));
        }
      });
      return readings;
    });
    if (phrases.length === 0) return [];
    const sql =
      `SELECT rowid AS id FROM chunks_words WHERE chunks_words MATCH ?${
        scope ? ` AND +rowid IN (${SCOPED_CHUNKS})` : ""
      } ORDER BY bm25(chunks_words, ${BM25_WEIGHTS}) LIMIT ${SUBSTRING_CANDIDATES}`;
    const match = [...new Set(phrases)].slice(0, MAX_READINGS).join(" OR ");
    const parameters = scope ? [match, scope] : [match];
    return this.#statement(sql).all(...parameters).map((row) => Number(row.id));
  }

  /**
   * The indexed words a piece of an identifier stands for: itself when it is
   * a word (or too short to be a fragment), else the most used vocabulary
   * words holding it, those starting with it first.
   */
  #wordsHolding(piece: string): string[] {
    if (piece.length < 3 || /\d/.test(piece) || this.#isWord(piece)) {
      return [piece];
    }
    return this.#statement(
      `SELECT vocabulary.word AS word FROM vocabulary_trigram
       JOIN vocabulary ON vocabulary.id = vocabulary_trigram.rowid
       WHERE vocabulary_trigram.word LIKE ?
       ORDER BY substr(vocabulary.word, 1, length(?)) = ? DESC, vocabulary.uses DESC
       LIMIT ${FRAGMENT_READINGS}`,
    ).all(`%${piece}%`, piece, piece).map((row) => String(row.word));
  }

  #isWord(word: string): boolean {
    return this.#inVocabulary(word) || Boolean(
      this.#statement(
        "SELECT 1 FROM chunks_words WHERE chunks_words MATCH ? LIMIT 1",
      ).get(quoteTerm(word)),
    );
  }

  /**
   * Whether the vocabulary holds the word; one query asks this of a word
   * several times (typo check, fragment readings, substring layer), so the
   * answers are kept for the query.
   */
  #inVocabulary(word: string): boolean {
    let known = this.#known.get(word);
    if (known === undefined) {
      known = Boolean(
        this.#statement("SELECT 1 FROM vocabulary WHERE word = ?").get(word),
      );
      this.#known.set(word, known);
    }
    return known;
  }

  #rows(ids: readonly number[]): Map<number, ChunkRow> {
    const rows = this.#statement(
      `SELECT chunks.id AS id, chunks.title AS title,
         chunks.body AS body, chunks.context AS context, chunks.line AS line,
         chunks.source_id AS source_id, sources.label AS label,
         sources.indexed_at AS indexed_at
       FROM chunks JOIN sources ON sources.id = chunks.source_id
       WHERE chunks.id IN (SELECT value FROM json_each(?))
         AND sources.content_hash <> ''`,
    ).all(JSON.stringify(ids));
    return new Map(rows.map((row) => [Number(row.id), {
      id: Number(row.id),
      indexedAt: Number(row.indexed_at),
      title: String(row.title),
      body: String(row.body),
      context: String(row.context),
      label: String(row.label),
      sourceId: Number(row.source_id),
      line: Number(row.line),
    }]));
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
    if (!this.#inVocabulary(token)) return true;
    return scope !== undefined && this.#wordRanked([token], scope).size === 0;
  }
}

/** Whether every token of the query is an identifier (see `identifierTokens`). */
function onlyIdentifiers(query: string): boolean {
  const tokens = query.trim().split(/\s+/).filter((token) => token !== "");
  return tokens.length > 0 &&
    tokens.every((token) => identifierTokens(token).length === 1);
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
