/**
 * Typo correction for search: a query word that matches nothing in the
 * knowledge base (not as a word, not as part of an indexed word, not through
 * a synonym) is replaced by the closest indexed word, when one word is
 * clearly the likeliest.
 *
 * Reads only; never writes to the database.
 *
 * @module
 */

import type { StatementSync } from "node:sqlite";
import { editDistance, typoBudget } from "./_levenshtein.ts";
import { anyOf, quoteTerm, trigrams } from "./_terms.ts";
import { synonymsOf } from "./_expand.ts";

/** A fuzzy correction the search made to a query term. */
export interface Correction {
  /** The term as typed. */
  from: string;
  /** The indexed word searched instead. */
  to: string;
}

/** A prepared statement for `sql`, made once per connection. */
export type Prepare = (sql: string) => StatementSync;

/**
 * Fuzzy corrections for the words that match nothing at all.
 *
 * @param prepare The connection's statement cache.
 * @param words The query's lower-case words.
 */
export function correctTypos(
  prepare: Prepare,
  words: readonly string[],
): Correction[] {
  const corrections: Correction[] = [];
  for (const word of words) {
    if (word.length < 4 || /\d/.test(word) || isKnown(prepare, word)) continue;
    // A word whose synonyms are indexed is searched through them: it is
    // a real word the text says differently, not a typo.
    if (synonymsOf(word).some((synonym) => isKnown(prepare, synonym))) {
      continue;
    }
    const to = closestWord(prepare, word);
    if (to) corrections.push({ from: word, to });
  }
  return corrections;
}

/** Whether the index holds the word, or a word holding it. */
function isKnown(prepare: Prepare, word: string): boolean {
  if (prepare("SELECT 1 FROM vocabulary WHERE word = ?").get(word)) {
    return true;
  }
  if (
    prepare("SELECT 1 FROM chunks_words WHERE chunks_words MATCH ? LIMIT 1")
      .get(quoteTerm(word))
  ) return true;
  return word.length >= 3 && Boolean(
    prepare("SELECT 1 FROM vocabulary_trigram WHERE word LIKE ? LIMIT 1")
      .get(`%${word}%`),
  );
}

/** The indexed word closest to `word`, unless two are about as likely. */
function closestWord(prepare: Prepare, word: string): string | undefined {
  const budget = typoBudget(word.length);
  // Words sharing trigrams catch most typos; words sharing the first two
  // letters catch swapped letters in short words ("chlid"), which share none.
  const candidates = [
    ...prepare(
      `SELECT vocabulary.word AS word, vocabulary.uses AS uses
       FROM vocabulary_trigram JOIN vocabulary ON vocabulary.id = vocabulary_trigram.rowid
       WHERE vocabulary_trigram MATCH ? ORDER BY rank LIMIT 200`,
    ).all(anyOf(trigrams(word))),
    ...prepare(
      `SELECT word, uses FROM vocabulary
       WHERE word >= ? AND word < ? AND length(word) BETWEEN ? AND ? LIMIT 400`,
    ).all(
      word.slice(0, 2),
      word.slice(0, 1) + String.fromCodePoint(word.codePointAt(1)! + 1),
      word.length - budget,
      word.length + budget,
    ),
  ];
  const close = new Map<string, { distance: number; uses: number }>();
  for (const row of candidates) {
    const candidate = String(row.word);
    const distance = editDistance(word, candidate, budget);
    if (distance <= budget) {
      close.set(candidate, { distance, uses: Number(row.uses) });
    }
  }
  const ranked = [...close].sort(([, x], [, y]) =>
    x.distance - y.distance || y.uses - x.uses
  );
  const [best, second] = ranked;
  if (!best) return undefined;
  // Two words as close as each other and about as common: which one was
  // meant is a guess, and a wrong guess rewrites the query.
  if (
    second && second[1].distance === best[1].distance &&
    best[1].uses < 2 * second[1].uses
  ) return undefined;
  return best[0];
}
