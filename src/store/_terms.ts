/**
 * Turning user text into safe search terms.
 *
 * Nothing a user types reaches FTS5's query parser as syntax: terms are
 * extracted here and every one is quoted, so quotes, `*`, `-`, `:`,
 * parentheses, `NEAR`, `AND`/`OR` and emoji are only ever searched for.
 *
 * @module
 */

/** At most this many terms of one query are searched; the rest of a 10 KB paste adds nothing. */
export const MAX_TERMS = 24;

const MAX_TERM_LENGTH = 64;

const STOPWORDS = new Set(
  `a about an and are as at be been but by can could did do does doing for from
  get gets got had has have how i if in into is it its me my no not of on or
  our should so some than that the their them then there these they this to
  use used uses using via was we what when where which while who why will with
  would you your
  able also anything instead just lets many much need needs please possible
  something too very want wants way`.split(/\s+/),
);

/**
 * Words that say how rather than what ("another", "between", "every"): they
 * are searched, but weigh as little as a synonym, so that a heading holding
 * one ("Another Example:", "Sharing Between Contexts") does not pass for
 * the section about the question.
 */
const WEAK_WORDS = new Set(
  "another already between both each every own whether".split(" "),
);

/** How much a typed word weighs in a query, relative to others (1 or less). */
export function typedWeight(word: string): number {
  return WEAK_WORDS.has(word) ? WEAK_WEIGHT : 1;
}

const WEAK_WEIGHT = 0.5;

// The same split as FTS5's unicode61 tokenizer: letters and digits; `_`, `.` and the rest separate.
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The lower-cased words of a query, stopwords dropped unless nothing else is
 * left, duplicates removed, at most {@linkcode MAX_TERMS}.
 */
export function queryWords(query: string): string[] {
  const words = [
    ...new Set(
      Array.from(query.toLowerCase().matchAll(WORD), (m) => m[0])
        .filter((word) => word.length <= MAX_TERM_LENGTH),
    ),
  ];
  const meaningful = words.filter((word) => !STOPWORDS.has(word));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_TERMS);
}

/**
 * The whitespace-separated tokens of a query for substring search: outer
 * punctuation trimmed, inner kept (`fs.rm`, `useEff`), at least 3 characters.
 */
export function querySubstrings(query: string): string[] {
  const tokens = query.toLowerCase().split(/\s+/)
    .map((token) =>
      token.replace(/^[^\p{L}\p{N}_$]+|[^\p{L}\p{N}_$)\]]+$/gu, "")
    )
    .filter((token) =>
      token.length >= 3 && token.length <= MAX_TERM_LENGTH &&
      !STOPWORDS.has(token)
    );
  return [...new Set(tokens)].slice(0, MAX_TERMS);
}

/** One FTS5 string literal: the text in double quotes, inner quotes doubled. */
export function quoteTerm(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** An FTS5 query matching any of the terms. */
export function anyOf(terms: readonly string[]): string {
  return terms.map(quoteTerm).join(" OR ");
}

/**
 * A crude English stem used to spot a term in text (`directories` →
 * `director`, `removing` → `remov`): good enough for snippets and reranking,
 * where FTS5's porter stemmer is out of reach.
 */
export function roughStem(word: string): string {
  if (word.length <= 4) return word;
  const stripped = word.replace(
    /(?:ies|ied|ing|ed|(?<=[sxz]|[cs]h)es|s|ly|er|ion)$/u,
    "",
  );
  const stem = stripped.length >= 3 ? stripped : word;
  // "remove" → "remov" finds "removing"; "line" → "lin" would find "link".
  return stem.length >= 5 ? stem.replace(/e$/u, "") : stem;
}

/** The distinct words of an indexed text worth offering as fuzzy corrections. */
export function vocabularyWords(text: string): string[] {
  const words = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(/\p{L}+/gu)) {
    if (word.length >= 3 && word.length <= 32) words.add(word);
  }
  return [...words];
}

/** The trigrams of a word, for candidate lookup in the vocabulary. */
export function trigrams(word: string): string[] {
  const grams = new Set<string>();
  const chars = Array.from(word);
  for (let i = 0; i + 3 <= chars.length; i++) {
    grams.add(chars.slice(i, i + 3).join(""));
  }
  return [...grams];
}
