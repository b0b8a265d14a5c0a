/**
 * The string literals of a one-liner in any of the usual languages (quoted
 * with `'`, `"` or a backtick, backslash escapes taken as the character they
 * escape), with where each starts and ends.
 *
 * @module
 */

/** One literal: its text and its span in the code (`end` is past the closing quote). */
export interface StringLiteral {
  text: string;
  at: number;
  end: number;
}

/** Extracts the string literals of `code`, in order. */
export function stringLiterals(code: string): StringLiteral[] {
  const out: StringLiteral[] = [];
  for (let i = 0; i < code.length; i++) {
    const q = code[i];
    if (q !== "'" && q !== '"' && q !== "`") continue;
    let text = "";
    let j = i + 1;
    for (; j < code.length && code[j] !== q; j++) {
      if (code[j] === "\\") j++;
      text += code[j] ?? "";
    }
    out.push({ text, at: i, end: j + 1 });
    i = j;
  }
  return out;
}
