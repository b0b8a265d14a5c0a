/**
 * The vocabulary that fuzzy correction draws on: the distinct words of what
 * was indexed, with the number of sources each was indexed in.
 *
 * Writes only the `vocabulary` table, inside the caller's transaction.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";

/**
 * Adds words to the vocabulary, counting one more use for the known ones.
 * Two set-based statements instead of one call per word keep this off the
 * indexing profile.
 *
 * @param db An open project database, inside a write transaction.
 * @param words Distinct words of one source.
 */
export function rememberWords(
  db: DatabaseSync,
  words: readonly string[],
): void {
  if (words.length === 0) return;
  const list = JSON.stringify(words);
  db.prepare(
    "UPDATE vocabulary SET uses = uses + 1 WHERE word IN (SELECT value FROM json_each(?))",
  ).run(list);
  db.prepare(
    `INSERT INTO vocabulary (word, uses) SELECT value, 1 FROM json_each(?)
     WHERE value NOT IN (SELECT word FROM vocabulary)`,
  ).run(list);
}
