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

function withoutComments(text: string): string {
  return text.replace(/(^|\s)#[^\n]*/g, "$1");
}

/** The text without comments, split at operators and parentheses, with quotes and escapes removed. */
export function looseSegments(text: string): string[] {
  return withoutComments(text).split(/[;&|\n()`{}]+/).map((segment) =>
    segment.replace(/['"\\$]/g, " ").trim()
  ).filter((segment) => segment !== "");
}

/** Destructive commands recognised in text that cannot be parsed, by what they are called. */
const DESTRUCTIVE_TEXT: [RegExp, string][] = [
  [
    /\brm\s+(?:-[a-zA-Z]*(?:[rR][a-zA-Z]*f|f[a-zA-Z]*[rR])|--recursive\s+--force|--force\s+--recursive|-[rR]\s+-f|-f\s+-[rR])/,
    "rm -rf",
  ],
  [/\bgit\s+reset\s+--hard\b/, "git reset --hard"],
  [/\bgit\s+push\b[^\n;|&]*\s(?:-f|--force)(?![-\w])/, "git push --force"],
  [/\bgit\s+clean\s+-[a-zA-Z]*f/, "git clean -f"],
  [/\bgit\s+checkout\s+--(?:\s|$)/, "git checkout --"],
  [/\bgit\s+stash\s+(?:drop|clear)\b/, "git stash drop/clear"],
  [/\bgit\s+branch\s+-D\b/, "git branch -D"],
];

/** The destructive command named in unparsable text (comments aside), or null. */
export function destructiveText(text: string): string | null {
  const code = withoutComments(text);
  for (const [pattern, name] of DESTRUCTIVE_TEXT) {
    if (pattern.test(code)) return name;
  }
  return null;
}
