/**
 * Counts for people: `1 source`, `2 sources`, `0 chunks`.
 *
 * @module
 */

/**
 * A count with its noun, singular for exactly one.
 *
 * @param count The count.
 * @param noun The singular noun.
 * @param plural The plural, when it is not the noun plus "s". @default {`${noun}s`}
 * @returns The count and the noun.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatCount } from "./format_count.ts";
 * assert.equal(formatCount(1, "source"), "1 source");
 * assert.equal(formatCount(3, "chunk"), "3 chunks");
 * assert.equal(formatCount(2, "entry", "entries"), "2 entries");
 * ```
 */
export function formatCount(
  count: number,
  noun: string,
  plural = `${noun}s`,
): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
