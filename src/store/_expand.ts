/**
 * Query terms beyond the words typed: the generic synonyms of
 * `query_expansion.json` (remove → delete, rm, unlink…) and the parts of
 * identifiers (`readFileSync` → read, file, sync), which ranking weighs below
 * the typed words.
 *
 * Pure: it must never do I/O beyond importing its data file.
 *
 * @module
 */

import expansionData from "./query_expansion.json" with { type: "json" };

const GROUPS: ReadonlyMap<string, readonly string[]> = (() => {
  const byWord = new Map<string, string[]>();
  for (const group of expansionData.groups) {
    for (const word of group) {
      const others = group.filter((other) => other !== word);
      byWord.set(word, [...(byWord.get(word) ?? []), ...others]);
    }
  }
  return byWord;
})();

/**
 * The other words of the expansion groups a word belongs to.
 *
 * @param word A lower-case query word.
 * @returns Its synonyms, possibly none.
 */
export function synonymsOf(word: string): readonly string[] {
  return GROUPS.get(word) ?? [];
}

/**
 * The lower-case parts of the camelCase identifiers in a query
 * (`readFileSync` → `read`, `file`, `sync`); snake_case and dotted names are
 * split by the tokenizer already.
 *
 * @param query The query as typed.
 * @returns Parts of at least two characters, each once.
 */
export function identifierParts(query: string): string[] {
  const parts = new Set<string>();
  for (const [token] of query.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!/\p{Ll}\p{Lu}/u.test(token)) continue;
    for (const part of token.split(/(?<=\p{Ll})(?=\p{Lu})/u)) {
      if (part.length >= 2) parts.add(part.toLowerCase());
    }
  }
  return [...parts];
}

/**
 * The query's identifier-like tokens, lower case, to be found whole in a
 * heading: with inner punctuation (`--max-time`, `fs.rm`, `FST_ERR_X`) or
 * inner capitals (`setErrorHandler`).
 *
 * @param query The query as typed.
 * @returns The tokens, each once.
 */
export function identifierTokens(query: string): string[] {
  const tokens = new Set<string>();
  for (const raw of query.split(/\s+/)) {
    const token = raw.replace(/^[^\p{L}\p{N}_$-]+|[^\p{L}\p{N}_$)\]]+$/gu, "");
    if (token.length < 3) continue;
    if (/[^\p{L}\p{N}]/u.test(token) || /\p{Ll}\p{Lu}/u.test(token)) {
      tokens.add(token.toLowerCase());
    }
  }
  return [...tokens];
}
