/**
 * The search call a receipt ends with: the real source labels, quoted so
 * that an agent can copy the call as it stands.
 *
 * @module
 */

/**
 * The `ctx_search` call that searches what was indexed under `labels`.
 *
 * Labels are written as JSON strings (quotes, backslashes and line breaks
 * escaped), one label as a string and several as an array, each once.
 *
 * @param labels The source labels the content was indexed under (at least one).
 * @param tool The search tool's name as the agent sees it. @default {"ctx_search"}
 * @returns The call, e.g. `ctx_search(queries, source: "docs/api")`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchCall } from "./search_call.ts";
 * assert.equal(searchCall(["docs/api"]), 'ctx_search(queries, source: "docs/api")');
 * assert.equal(searchCall(["a", "b", "a"]), 'ctx_search(queries, source: ["a", "b"])');
 * ```
 */
export function searchCall(
  labels: readonly string[],
  tool = "ctx_search",
): string {
  const distinct = [...new Set(labels)];
  if (distinct.length === 0) {
    throw new RangeError("A search call needs at least one source label");
  }
  const quoted = distinct.map((label) => JSON.stringify(label));
  const source = quoted.length === 1 ? quoted[0] : `[${quoted.join(", ")}]`;
  return `${tool}(queries, source: ${source})`;
}
