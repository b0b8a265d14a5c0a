/**
 * HTML pages that overflowed the converter's stack or held the server's
 * thread before the markup bounds and the conversion worker, for the tests
 * and the soak benchmark.
 *
 * @module
 */

/** Pathological pages: each overflowed the stack or held the thread for long before bounds. */
export const PATHOLOGICAL = {
  nestedDivs: "<div>".repeat(100_000) + "deep text" + "</div>".repeat(100_000),
  unclosedBold: "<b>".repeat(5_000) + "bold text",
  nestedTables: "<table><tr><td>".repeat(3_000) + "cell text",
  nestedLists: "<ul><li>".repeat(5_000) + "item text",
  cellsClosingDivs: "<div><table><tr><td></div>".repeat(2_000) + "odd text",
};

/**
 * A page that converts slowly: many paragraphs, after formatting elements
 * that a `</div>` closes (the parser would reopen them in every paragraph,
 * were they not dropped first).
 */
export function slowPage(paragraphs: number): string {
  return `<div>${
    Array.from({ length: 8 }, (_, i) => `<b id="b${i}">`).join("")
  }</div>${"<p>slow paragraph</p>".repeat(paragraphs)}`;
}
