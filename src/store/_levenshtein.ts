/**
 * Edit distance between two words (Levenshtein with adjacent transpositions,
 * the "optimal string alignment" distance), bounded so that hopeless
 * candidates are rejected early.
 *
 * @module
 */

/**
 * The edit distance of `a` and `b`, where swapping two neighbours costs one
 * edit like an insertion, deletion or substitution; `max + 1` once it is known
 * to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/**
 * How many edits a typo in a word of this length may carry: one slip in a
 * short word, two in a long one. A wider budget turns real words the text
 * lacks into unrelated ones ("hidden" → "hide", "tmpfs" → "tmp").
 */
export function typoBudget(length: number): number {
  if (length <= 7) return 1;
  if (length <= 12) return 2;
  return 3;
}
