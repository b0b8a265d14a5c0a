/**
 * Splits a string into pieces that each fit a UTF-8 byte cap: the last resort
 * of every chunker, for content that has no structure left to cut on.
 *
 * Pieces are cut on code point boundaries only (a surrogate pair is never
 * separated) and are never trimmed, so `pieces.join("")` gives back the input
 * exactly. Each cut prefers the last newline within the final quarter of a
 * full window, then the last ASCII whitespace there, and only then cuts hard
 * at the window's end; the newline or whitespace a cut breaks at stays at the
 * end of the earlier piece. A piece may therefore be whitespace only (when the
 * input holds a cap's worth of blanks); chunkers drop such pieces.
 *
 * This module is pure: it must never do I/O. It leaves the forward scan of each
 * window to `TextEncoder.encodeInto` and walks back over at most a quarter of
 * it, so a megabyte of minified text splits in milliseconds.
 *
 * @module
 */

/** The smallest cap that can hold any code point (UTF-8 needs up to 4 bytes). */
const MIN_MAX_BYTES = 4;

/** Share of a window a cut must keep, so breaking on whitespace never makes tiny pieces. */
const MIN_FILL = 0.75;

const encoder = new TextEncoder();

/** Runs of UTF-16 units that UTF-8 writes in more than one byte. */
const NON_ASCII_RUN = /[\u0080-\uffff]+/g;

/**
 * Counts the UTF-8 bytes of a string without allocating an encoded copy.
 *
 * A lone surrogate counts as 3 bytes, as `TextEncoder` writes it as U+FFFD.
 *
 * @param text The string to measure.
 * @returns The length of `new TextEncoder().encode(text)`.
 *
 * @example Count bytes of ASCII, CJK and an emoji
 * ```ts
 * import assert from "node:assert/strict";
 * import { utf8ByteLength } from "./split_oversize.ts";
 *
 * assert.equal(utf8ByteLength("abc"), 3);
 * assert.equal(utf8ByteLength("日本"), 6);
 * assert.equal(utf8ByteLength("😀"), 4);
 * ```
 */
export function utf8ByteLength(text: string): number {
  // Each UTF-16 unit is at least one byte; only runs of non-ASCII units add
  // more, and the regular expression finds them far faster than a loop over
  // every unit (a megabyte of ASCII in under a millisecond).
  let bytes = text.length;
  NON_ASCII_RUN.lastIndex = 0;
  for (
    let match = NON_ASCII_RUN.exec(text);
    match !== null;
    match = NON_ASCII_RUN.exec(text)
  ) {
    const run = match[0];
    const length = run.length;
    for (let i = 0; i < length; i++) {
      const code = run.charCodeAt(i);
      if (code < 0x800) {
        bytes += 1;
      } else if (
        isHighSurrogate(code) && i + 1 < length &&
        isLowSurrogate(run.charCodeAt(i + 1))
      ) {
        // Two units, four bytes.
        bytes += 2;
        i++;
      } else {
        bytes += 2;
      }
    }
  }
  return bytes;
}

/**
 * Checks that a chunk size cap is usable: an integer of at least 4 bytes.
 *
 * @param maxBytes The cap to check.
 * @returns The same cap, for use in an expression.
 * @throws {RangeError} When the cap is not an integer or cannot hold a code point.
 */
export function assertMaxBytes(maxBytes: number): number {
  if (!Number.isInteger(maxBytes) || maxBytes < MIN_MAX_BYTES) {
    throw new RangeError(
      `Cannot split with maxBytes "${maxBytes}": it must be an integer of at least ${MIN_MAX_BYTES}`,
    );
  }
  return maxBytes;
}

/**
 * Splits a string into non-empty pieces of at most `maxBytes` UTF-8 bytes each.
 *
 * Joining the pieces with `""` reproduces `text` exactly: nothing is trimmed,
 * and a newline or space that a cut breaks at ends the earlier piece.
 *
 * @param text The string to split; may be any size.
 * @param maxBytes The cap of each piece in UTF-8 bytes; an integer of at least 4.
 * @returns The pieces in order; `[]` for an empty string, `[text]` when it already fits.
 * @throws {RangeError} When `maxBytes` is not an integer of at least 4.
 *
 * @example Break a long line at spaces and keep every byte
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitOversize } from "./split_oversize.ts";
 *
 * const pieces = splitOversize("alpha beta gamma delta", 12);
 * assert.deepEqual(pieces, ["alpha beta ", "gamma delta"]);
 * assert.equal(pieces.join(""), "alpha beta gamma delta");
 * ```
 */
export function splitOversize(text: string, maxBytes: number): string[] {
  assertMaxBytes(maxBytes);
  const pieces: string[] = [];
  const length = text.length;
  const minBytes = Math.ceil(maxBytes * MIN_FILL);
  // No text needs more than 3 bytes per UTF-16 unit, so a huge cap never
  // allocates more than the text could fill.
  const buffer = new Uint8Array(Math.min(maxBytes, length * 3));
  let start = 0;
  while (start < length) {
    // The native encoder finds the window: it stops before the first code
    // point that would overflow the buffer. A window never holds more UTF-16
    // units than bytes, so slicing maxBytes units is enough; and a surrogate
    // pair cut by the slice never counts, as its lone high half (3 bytes as
    // U+FFFD) after maxBytes - 1 units cannot fit.
    const window = text.slice(start, start + maxBytes);
    const { read, written } = encoder.encodeInto(window, buffer);
    const end = start + read;
    if (end >= length) {
      pieces.push(text.slice(start));
      break;
    }
    const cut = findBreak(text, start, end, written, minBytes) ?? end;
    pieces.push(text.slice(start, cut));
    start = cut;
  }
  return pieces;
}

/**
 * Finds where to cut `[start, end)` (which holds `bytes` bytes), walking back
 * while the piece would keep at least `minBytes`: just after the last newline,
 * else just after the last whitespace; `undefined` when there is neither.
 */
function findBreak(
  text: string,
  start: number,
  end: number,
  bytes: number,
  minBytes: number,
): number | undefined {
  let space: number | undefined;
  // `bytes` is always the size of [start, k + 1), the piece a cut at k + 1 keeps.
  for (let k = end - 1; k >= start && bytes >= minBytes; k--) {
    const code = text.charCodeAt(k);
    if (code === 0x0a) return k + 1;
    if (space === undefined && isSpace(code)) space = k + 1;
    if (code < 0x80) {
      bytes -= 1;
    } else if (code < 0x800) {
      bytes -= 2;
    } else if (
      isLowSurrogate(code) && k - 1 >= start &&
      isHighSurrogate(text.charCodeAt(k - 1))
    ) {
      bytes -= 4;
      k -= 1;
    } else {
      bytes -= 3;
    }
  }
  return space;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** ASCII whitespace other than the newline: space, tab, CR, VT and FF. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0b ||
    code === 0x0c;
}
