/**
 * Newline-delimited input read with a bound: each line is held until its
 * newline, unless it grows past the limit, in which case only its head and
 * tail are kept and the rest is counted and dropped. Memory stays at most
 * the limit plus one chunk, whatever the writer sends.
 *
 * This module only splits bytes: it never parses, prints or answers.
 *
 * @module
 */

/** What a line of input became. */
export type InputLine =
  | {
    kind: "line";
    /** The line, decoded, without its line break. */
    text: string;
  }
  | {
    kind: "oversized";
    /** The line's length in bytes. */
    bytes: number;
    /** The line's first bytes, decoded. */
    head: string;
    /** The line's last bytes, decoded. */
    tail: string;
  };

const NEWLINE = 0x0a;
const RETURN = 0x0d;
/** Bytes kept from each end of an oversized line: enough to find its id. */
const KEPT_BYTES = 4096;

/**
 * Reads lines from `reader` until it ends, yielding each one, or a notice for
 * each line longer than `maxBytes`. A last line without a line break is
 * yielded too; blank lines are skipped.
 *
 * @param reader The input; cancelling it ends the loop.
 * @param maxBytes The longest line kept whole, in bytes.
 * @returns The lines in order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readLines } from "./_line_reader.ts";
 *
 * const input = ReadableStream.from([new TextEncoder().encode('{"a":1}\n' + "x".repeat(20) + "\n{")]);
 * const lines = [];
 * for await (const line of readLines(input.getReader(), 10)) lines.push(line.kind);
 * assert.deepEqual(lines, ["line", "oversized", "line"]);
 * ```
 */
export async function* readLines(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): AsyncGenerator<InputLine> {
  const line = new PendingLine(maxBytes);
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    let start = 0;
    while (start < value.length) {
      const end = value.indexOf(NEWLINE, start);
      if (end === -1) {
        line.add(value.subarray(start));
        break;
      }
      line.add(value.subarray(start, end));
      const finished = line.take();
      if (finished) yield finished;
      start = end + 1;
    }
  }
  const last = line.take();
  if (last) yield last;
}

/** The line being read: its parts while it fits, its ends once it does not. */
class PendingLine {
  #max: number;
  #parts: Uint8Array[] = [];
  #bytes = 0;
  #head: Uint8Array | undefined;
  #tail = new Uint8Array(0);

  constructor(max: number) {
    this.#max = max;
  }

  add(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.#bytes += bytes.length;
    if (this.#head === undefined && this.#bytes <= this.#max) {
      // Copied: the reader may reuse its buffer for the next chunk.
      this.#parts.push(bytes.slice());
      return;
    }
    // Past the limit only the last bytes matter for the tail.
    const held = this.#head === undefined
      ? concat([...this.#parts, bytes])
      : concat([this.#tail, bytes.subarray(-KEPT_BYTES)]);
    this.#parts = [];
    this.#head ??= held.slice(0, KEPT_BYTES);
    this.#tail = held.slice(-KEPT_BYTES);
  }

  take(): InputLine | undefined {
    const bytes = this.#bytes;
    const head = this.#head;
    const parts = this.#parts;
    const tail = this.#tail;
    this.#parts = [];
    this.#bytes = 0;
    this.#head = undefined;
    this.#tail = new Uint8Array(0);
    if (head !== undefined) {
      return {
        kind: "oversized",
        bytes,
        head: decode(head),
        tail: decode(tail),
      };
    }
    let whole = concat(parts);
    if (whole.at(-1) === RETURN) whole = whole.subarray(0, -1);
    const text = decode(whole);
    return text.trim() === "" ? undefined : { kind: "line", text };
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const whole = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}
