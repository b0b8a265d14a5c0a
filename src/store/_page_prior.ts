/**
 * How much each candidate's whole page (its source) is about the query, for
 * the `page` feature of the ranking: the query likelihood of the page, with
 * a Dirichlet prior, where a page's "words" are its chunks.
 *
 * A question that names no program ("count how many lines a file has") is
 * asked of documentation that holds many programs; the option that answers
 * it belongs to the page most about the question (wc's, where every section
 * counts lines), not to another program's option line that happens to hold
 * the same words (shuf's `--head-count=COUNT`).
 *
 * Only sources flagged at indexing time as one program's page (a man page,
 * a `--help` output: `sources.one_program`, see `_source_shape.ts`) have a
 * score: in a Markdown reference of many functions per page, the page with
 * the most of the query's words is a survey, not the answer.
 *
 * Reads only; never writes to the database.
 *
 * @module
 */

import type { StatementSync } from "node:sqlite";
import { quoteTerm } from "./_terms.ts";

/** A query term as the page prior reads it. */
export interface PageTerm {
  /** The word searched for. */
  word: string;
  /** Its rarity times its weight in the query (see `RankTerm.weight`). */
  weight: number;
  /** Synonyms share a group; a group counts once, by its best term. */
  group: number;
  /** The share of all chunks holding the word. */
  share: number;
}

/** Words in more than this share of chunks say nothing about a page. */
const COMMON_SHARE = 0.15;
/** Terms of one query counted at most (the rarest). */
const MAX_TERMS = 8;

/**
 * The log-likelihood of the query under each page among `sourceIds`, by
 * source id: for each group of terms (by its best term, times its weight),
 * the share of the page's chunks holding the term, drawn toward its share
 * of all chunks by an average page's worth of chunks, over that share. A
 * term the page lacks counts against it; a page with many chunks holding
 * the query's rare words comes first. Empty when no term is rare enough;
 * sources not flagged as one program's page are absent.
 *
 * @param statement Prepares (and keeps) a statement of the connection.
 * @param sourceIds The sources of the candidates.
 * @param terms The query's terms; common ones (in more than 15% of chunks)
 *   are left out, as they are of the BM25 match.
 */
export function pageLikelihood(
  statement: (sql: string) => StatementSync,
  sourceIds: readonly number[],
  terms: readonly PageTerm[],
): Map<number, number> {
  const scores = new Map<number, number>();
  const counted = terms.filter((term) =>
    term.share > 0 && term.share <= COMMON_SHARE
  ).toSorted((x, y) => x.share - y.share).slice(0, MAX_TERMS);
  if (counted.length === 0 || sourceIds.length === 0) return scores;
  const wanted = JSON.stringify([...new Set(sourceIds)]);
  const lengths = new Map(
    statement(
      `SELECT id, chunk_count FROM sources
       WHERE one_program = 1 AND id IN (SELECT value FROM json_each(?))`,
    ).all(wanted).map((row) => [Number(row.id), Number(row.chunk_count)]),
  );
  if (lengths.size === 0) return scores;
  let average = 0;
  for (const length of lengths.values()) average += length;
  average = Math.max(1, average / lengths.size);
  // The unary plus keeps the source filter from driving the scan: the match
  // runs once, its chunks are joined by rowid and filtered.
  const holding = statement(
    `SELECT chunks.source_id AS source, count(*) AS n
     FROM chunks_words JOIN chunks ON chunks.id = chunks_words.rowid
     WHERE chunks_words MATCH ?
       AND +chunks.source_id IN (SELECT value FROM json_each(?))
     GROUP BY chunks.source_id`,
  );
  const held = counted.map((term) =>
    new Map(
      holding.all(quoteTerm(term.word), wanted).map((
        row,
      ) => [Number(row.source), Number(row.n)]),
    )
  );
  for (const [source, length] of lengths) {
    const groups = new Map<number, number>();
    counted.forEach((term, index) => {
      const chunks = Math.min(length, held[index]!.get(source) ?? 0);
      const value = term.weight * Math.log(
        (chunks + average * term.share) / ((length + average) * term.share),
      );
      groups.set(
        term.group,
        Math.max(groups.get(term.group) ?? -Infinity, value),
      );
    });
    let sum = 0;
    for (const value of groups.values()) sum += value;
    scores.set(source, sum);
  }
  return scores;
}
