/**
 * Readings of a command line the parser rejects: the line with a dangling
 * operator dropped or an unterminated quote or parenthesis closed, and its
 * pieces with quoting removed — so a destructive command inside broken text is
 * still recognised (a shell would run the part before the syntax error, or the
 * agent's next attempt will be the fixed line).
 *
 * Pure string work.
 *
 * @module
 */

const LEADING_OPERATOR = /^\s*(?:\|&|&&|\|\||[|&;])\s*/;
const TRAILING_OPERATOR = /\s*(?:\|&|&&|\|\||[|&;])\s*$/;

/** Repaired versions of the text, most faithful first. */
export function repairs(text: string): string[] {
  const base = text.replace(LEADING_OPERATOR, "").replace(
    TRAILING_OPERATOR,
    "",
  );
  const out = [base];
  for (const close of ["'", '"', ")", "`", "'\"", "\"'", "')", '")']) {
    out.push(base + close);
  }
  return out;
}

/** The text split at operators and parentheses, with quotes and escapes removed. */
export function looseSegments(text: string): string[] {
  return text.split(/[;&|\n()`{}]+/).map((segment) =>
    segment.replace(/['"\\$]/g, " ").trim()
  ).filter((segment) => segment !== "");
}
