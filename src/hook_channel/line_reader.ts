/**
 * Splits a byte stream into lines with a cap per line: a line over the cap
 * is skipped to its end and reported by its first bytes (so its id can still
 * be answered), never held whole in memory. A line may announce raw bytes
 * that follow it (the hook channel's `payloadBytes`), read with it under the
 * same cap.
 *
 * @module
 */

/**
 * One line read, with the bytes it announced (null when they were over the
 * cap and skipped); or the start of a line that was too long.
 */
export type ReadLine =
  | { line: string; attachment?: Uint8Array | null }
  | { tooLong: string };

const NEWLINE = 0x0a;
const HEAD_BYTES = 512;

/**
 * The lines of a stream, without their newlines; a last line without one
 * counts too.
 *
 * @param stream The bytes.
 * @param maxBytes The longest line kept.
 * @param attachedBytes How many raw bytes follow a line. @default {none}
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
  attachedBytes: (line: string) => number = () => 0,
): AsyncGenerator<ReadLine> {
  const decoder = new TextDecoder();
  let parts: Uint8Array[] = [];
  let size = 0;
  let skipping = false;
  let head = "";
  const take = (): { line: string } => {
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
  // The line whose raw bytes are being read, and how many are still owed.
  let announcing: { line: string; attachment: Uint8Array | null } | undefined;
  let owed = 0;
  for await (const chunk of stream) {
    let start = 0;
    while (start < chunk.length) {
      if (announcing) {
        const count = Math.min(owed, chunk.length - start);
        const { attachment } = announcing;
        attachment?.set(
          chunk.subarray(start, start + count),
          attachment.length - owed,
        );
        owed -= count;
        start += count;
        if (owed > 0) continue;
        yield announcing;
        announcing = undefined;
        continue;
      }
      const end = chunk.indexOf(NEWLINE, start);
      if (end === -1) {
        keep(chunk.subarray(start));
        break;
      }
      keep(chunk.subarray(start, end));
      start = end + 1;
      if (skipping) {
        skipping = false;
        yield { tooLong: head };
        continue;
      }
      const read = take();
      owed = attachedBytes(read.line);
      if (owed === 0) yield read;
      else {
        announcing = {
          line: read.line,
          attachment: owed <= maxBytes ? new Uint8Array(owed) : null,
        };
      }
    }
  }
  if (announcing) {
    // The stream ended before all the bytes came: what did come.
    const { line, attachment } = announcing;
    yield {
      line,
      attachment: attachment?.subarray(0, attachment.length - owed) ?? null,
    };
  } else if (skipping) yield { tooLong: head };
  else if (size > 0) yield take();
}
