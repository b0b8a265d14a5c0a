/**
 * Words that a man page renderer broke at the end of a line (groff marks
 * the break with U+2010 HYPHEN: `decompres‐` then `sion is successful`),
 * joined again, so that the index holds `decompression` rather than the
 * fragments `decompres` and `sion`. A real hyphen in the text is rendered
 * as `-`, so U+2010 at the end of a line is always such a break.
 *
 * The line count stays the same: the fragment moves up to the line it
 * belongs to, or, when it is all the next line holds, the first half moves
 * down to it.
 *
 * Pure: it maps lines to lines.
 *
 * @module
 */

/** A line ending in a letter and groff's hyphenation mark. */
const BROKEN = /(\S*\p{L})\u2010$/u;
/** The next line: its indentation, the word's second half, and the rest. */
const REST = /^(\s*)(\p{Ll}[^\s]*)(?:\s+(.*))?$/u;

/**
 * The lines with each word broken by a hyphenation mark at a line end made
 * whole on one of the two lines.
 *
 * @param lines The text's lines.
 */
export function joinHyphenated(lines: readonly string[]): string[] {
  const out = [...lines];
  for (let i = 0; i + 1 < out.length; i++) {
    const broken = BROKEN.exec(out[i]!);
    if (!broken) continue;
    const rest = REST.exec(out[i + 1]!);
    if (!rest) continue;
    const [, indent, second, after] = rest;
    const head = out[i]!.slice(0, broken.index);
    if (after) {
      out[i] = `${head}${broken[1]}${second}`;
      out[i + 1] = `${indent}${after}`;
    } else if (head.trim() !== "") {
      out[i] = head.trimEnd();
      out[i + 1] = `${indent}${broken[1]}${second}`;
    }
  }
  return out;
}
