/**
 * Reciprocal rank fusion of the answers to several phrasings of one question:
 * a section that two phrasings both rank high beats one that a single
 * phrasing ranks first, and no phrasing's scores need to be comparable with
 * another's.
 *
 * @module
 */

import type { QueryResult, SearchHit } from "./_search.ts";

/** The usual damping constant of reciprocal rank fusion. */
const RRF_K = 60;

/**
 * Fuses the ranked answers of several phrasings into one answer.
 *
 * @param results One result per phrasing, each best first.
 * @param limit The most hits to keep.
 * @returns One result whose query joins the phrasings with " | ", whose hits
 *   are scored by the sum of 1 / (60 + rank) over the phrasings that found
 *   them, and whose corrections are those of every phrasing.
 */
export function fuseResults(
  results: readonly QueryResult[],
  limit: number,
): QueryResult {
  const fused = new Map<string, { hit: SearchHit; score: number }>();
  for (const result of results) {
    result.hits.forEach((hit, rank) => {
      const key = `${hit.source}\u0000${hit.title}`;
      const entry = fused.get(key) ?? { hit, score: 0 };
      entry.score += 1 / (RRF_K + rank + 1);
      fused.set(key, entry);
    });
  }
  const hits = [...fused.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ hit, score }) => ({ ...hit, score }));
  return {
    query: results.map((result) => result.query).join(" | "),
    hits,
    corrections: results.flatMap((result) => result.corrections),
  };
}
