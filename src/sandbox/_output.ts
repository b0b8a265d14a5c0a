/**
 * Bounded capture of one output stream: keeps the first and the last bytes
 * within a cap and counts what falls out of the middle.
 *
 * Memory stays bounded however much a child prints: at most the cap plus one
 * chunk is held at any time. A sink, when given, receives every byte as it
 * arrives (the output spool, so what is dropped here can still be indexed).
 * This module must never throw on any byte sequence (invalid UTF-8 decodes to
 * U+FFFD).
 *
 * @module
 */

const NEWLINE = 0x0a;

/** What a capture kept, decoded, with the counts of what it dropped. */
export interface CapturedOutput {
  /** Head and tail, joined by a one-line marker when bytes were dropped. */
  text: string;
  /** Every byte the stream delivered. */
  bytesProduced: number;
  /** The bytes kept (head plus tail), before decoding. */
  bytesKept: number;
  /** Bytes dropped from the middle. */
  droppedBytes: number;
  /** Newlines among the dropped bytes. */
  droppedLines: number;
}

function countNewlines(bytes: Uint8Array): number {
  let count = 0;
  let at = bytes.indexOf(NEWLINE);
  while (at !== -1) {
    count++;
    at = bytes.indexOf(NEWLINE, at + 1);
  }
  return count;
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Where a capture passes every byte on; `write` must not throw. */
export interface OutputSink {
  /** Takes one chunk; it is not kept past the call by the capture. */
  write(chunk: Uint8Array): void;
}

/** Accumulates a stream's chunks into a head and a rolling tail. */
export class OutputCapture {
  #headLimit: number;
  #tailLimit: number;
  #head: Uint8Array[] = [];
  #headBytes = 0;
  #tail: Uint8Array[] = [];
  #tailBytes = 0;
  #produced = 0;
  #droppedBytes = 0;
  #droppedLines = 0;
  #sink: OutputSink | undefined;

  /**
   * @param maxBytes The most bytes kept; half for the head, half for the tail.
   * @param options A sink that receives every byte.
   */
  constructor(
    maxBytes: number,
    options: { sink?: OutputSink | undefined } = {},
  ) {
    this.#headLimit = Math.ceil(maxBytes / 2);
    this.#tailLimit = Math.floor(maxBytes / 2);
    this.#sink = options.sink;
  }

  /** Adds one chunk; the capture copies what it keeps of a partial chunk. */
  push(chunk: Uint8Array): void {
    this.#sink?.write(chunk);
    this.#produced += chunk.length;
    let rest = chunk;
    if (this.#headBytes < this.#headLimit) {
      const take = Math.min(this.#headLimit - this.#headBytes, rest.length);
      this.#head.push(take === rest.length ? rest : rest.slice(0, take));
      this.#headBytes += take;
      rest = rest.subarray(take);
    }
    if (rest.length === 0) return;
    this.#tail.push(rest);
    this.#tailBytes += rest.length;
    while (this.#tailBytes > this.#tailLimit) {
      const first = this.#tail[0];
      if (first === undefined) break;
      const excess = this.#tailBytes - this.#tailLimit;
      if (first.length <= excess) {
        this.#drop(first);
        this.#tail.shift();
        this.#tailBytes -= first.length;
      } else {
        this.#drop(first.subarray(0, excess));
        this.#tail[0] = first.slice(excess);
        this.#tailBytes -= excess;
      }
    }
  }

  #drop(bytes: Uint8Array): void {
    this.#droppedBytes += bytes.length;
    this.#droppedLines += countNewlines(bytes);
  }

  /** Decodes what was kept; call once the stream has ended. */
  finish(): CapturedOutput {
    const head = concat(this.#head, this.#headBytes);
    const tail = concat(this.#tail, this.#tailBytes);
    const bytesKept = head.length + tail.length;
    if (this.#droppedBytes === 0) {
      return {
        text: new TextDecoder().decode(concat([head, tail], bytesKept)),
        bytesProduced: this.#produced,
        bytesKept,
        droppedBytes: 0,
        droppedLines: 0,
      };
    }
    // A cut can split a UTF-8 sequence: hold back the head's unfinished
    // character (stream mode) and skip the tail's leading continuation bytes.
    const headText = new TextDecoder().decode(head, { stream: true });
    let start = 0;
    while (
      start < 3 && start < tail.length && ((tail[start] ?? 0) & 0xc0) === 0x80
    ) start++;
    const tailText = new TextDecoder().decode(tail.subarray(start));
    const lines = this.#droppedLines === 1
      ? "1 line"
      : `${this.#droppedLines} lines`;
    const marker =
      `\n[ctx-mode: ${this.#droppedBytes} bytes (${lines}) dropped here]\n`;
    return {
      text: headText + marker + tailText,
      bytesProduced: this.#produced,
      bytesKept,
      droppedBytes: this.#droppedBytes,
      droppedLines: this.#droppedLines,
    };
  }
}
