/**
 * Splits a byte stream into lines with a cap per line: a line over the cap
 * is skipped to its end and reported by its first bytes (so its id can still
 * be answered), never held whole in memory.
 *
 * @module
 */

/** One line read, or the start of one that was too long. */
export type ReadLine = { line: string } | { tooLong: string };

const NEWLINE = 0x0a;
const HEAD_BYTES = 512;

/**
 * The lines of a stream, without their newlines; a last line without one
 * counts too.
 *
 * @param stream The bytes.
 * @param maxBytes The longest line kept.
 * @returns The lines, in order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readLines } from "./line_reader.ts";
 * const stream = ReadableStream.from([new TextEncoder().encode("a\nbbbb\nc")]);
 * const lines = await Array.fromAsync(readLines(stream, 3));
 * assert.deepEqual(lines, [{ line: "a" }, { tooLong: "bbbb" }, { line: "c" }]);
 * ```
 */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): AsyncGenerator<ReadLine> {
  const decoder = new TextDecoder();
  let parts: Uint8Array[] = [];
  let size = 0;
  let skipping = false;
  let head = "";
  const take = (): ReadLine => {
    const joined = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      joined.set(part, at);
      at += part.length;
    }
    parts = [];
    size = 0;
    return { line: decoder.decode(joined) };
  };
  const keep = (bytes: Uint8Array) => {
    if (skipping) return;
    if (size + bytes.length > maxBytes) {
      skipping = true;
      head = "";
      for (const part of [...parts, bytes]) {
        if (head.length >= HEAD_BYTES) break;
        head += new TextDecoder().decode(part.subarray(0, HEAD_BYTES));
      }
      parts = [];
      size = 0;
      return;
    }
    parts.push(bytes.slice());
    size += bytes.length;
  };
  for await (const chunk of stream) {
    let start = 0;
    for (
      let end = chunk.indexOf(NEWLINE);
      end !== -1;
      end = chunk.indexOf(NEWLINE, start)
    ) {
      keep(chunk.subarray(start, end));
      start = end + 1;
      if (skipping) {
        skipping = false;
        yield { tooLong: head };
      } else yield take();
    }
    if (start < chunk.length) keep(chunk.subarray(start));
  }
  if (skipping) yield { tooLong: head };
  else if (size > 0) yield take();
}
