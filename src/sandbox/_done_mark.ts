/**
 * The line a sandbox host writes on stdout and on stderr when its run is
 * over, after all of the run's output, and the scanner that finds it in a
 * stream. The server then ends the host at
 * once instead of waiting for the Deno process to tear itself down (10–20
 * ms). Code in the run could print the same line: that would only end its
 * own run early, since a host serves one run.
 *
 * Pure byte handling; this module never reads or writes a stream itself.
 *
 * @module
 */

/** The mark, followed by the exit code and a newline. */
export const DONE_MARK = "\u0000ctx-mode run done:";

const MARK = new TextEncoder().encode(DONE_MARK);
const NEWLINE = 0x0a;

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0]!;
  let at = haystack.indexOf(first);
  while (at !== -1 && at + needle.length <= haystack.length) {
    let match = true;
    for (let i = 1; i < needle.length; i++) {
      if (haystack[at + i] !== needle[i]) {
        match = false;
        break;
      }
    }
    if (match) return at;
    at = haystack.indexOf(first, at + 1);
  }
  return -1;
}

function endsWithStartOfMark(bytes: Uint8Array, size: number): boolean {
  const offset = bytes.length - size;
  for (let i = 0; i < size; i++) {
    if (bytes[offset + i] !== MARK[i]) return false;
  }
  return true;
}

/**
 * Finds the done mark in a byte stream, passing the bytes before it through
 * and dropping those after it. A tail that could be the start of a split mark
 * is held back until the next chunk (or {@link DoneMarkScanner.flush}).
 */
export class DoneMarkScanner {
  #held = new Uint8Array(0);
  /** The exit code the host reported, once its mark has arrived. */
  code: number | undefined;

  /**
   * Takes the next chunk.
   *
   * @param chunk Bytes from the stream.
   * @returns The bytes to pass on now.
   */
  push(chunk: Uint8Array): Uint8Array {
    // The run is over at the mark: what follows (a host's own mark) is not its output.
    if (this.code !== undefined) return new Uint8Array(0);
    const bytes = new Uint8Array(this.#held.length + chunk.length);
    bytes.set(this.#held);
    bytes.set(chunk, this.#held.length);
    const at = indexOf(bytes, MARK);
    if (at !== -1) {
      const end = bytes.indexOf(NEWLINE, at + MARK.length);
      if (end === -1) {
        this.#held = bytes.slice(at);
        return bytes.subarray(0, at);
      }
      const digits = new TextDecoder().decode(
        bytes.subarray(at + MARK.length, end),
      );
      this.code = Number.parseInt(digits, 10) || 0;
      this.#held = new Uint8Array(0);
      return bytes.subarray(0, at);
    }
    // Hold back as much as could begin the mark.
    let keep = Math.min(MARK.length - 1, bytes.length);
    while (keep > 0 && !endsWithStartOfMark(bytes, keep)) keep--;
    this.#held = bytes.slice(bytes.length - keep);
    return bytes.subarray(0, bytes.length - keep);
  }

  /**
   * Ends the stream.
   *
   * @returns The bytes still held back.
   */
  flush(): Uint8Array {
    const held = this.#held;
    this.#held = new Uint8Array(0);
    return held;
  }
}
