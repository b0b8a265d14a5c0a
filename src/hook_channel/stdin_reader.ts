/**
 * Standard input read whole, in steps that can stop and resume: the hook's
 * fast path reads within its one deadline, and when that deadline passes
 * first the in-process engine goes on from where it stopped, nothing lost.
 *
 * Plain reads, no streams (creating a stream loads code the hook path does
 * without), and `AbortSignal.timeout` rather than `setTimeout` (a process's
 * first `setTimeout` costs tens of milliseconds of start-up).
 *
 * @module
 */

/** How long a hook waits for its payload before letting the call proceed. */
export const HOOK_STDIN_TIMEOUT_MS = 5_000;

/** What the reader reads from: `Deno.stdin`, or a file or pipe in tests. */
export interface ByteSource {
  read(buffer: Uint8Array): Promise<number | null>;
  close(): void;
}

/** A source read to its end, across calls. */
export class StdinReader {
  #source: ByteSource;
  #chunks: Uint8Array[] = [];
  #total = 0;
  #pending: Promise<number | null> | undefined;
  #buffer: Uint8Array = new Uint8Array(0);
  #ended = false;

  /** @param source What to read. */
  constructor(source: ByteSource) {
    this.#source = source;
  }

  /**
   * Starts the next read without waiting for it, so that the input arrives
   * while the caller does other work; the next {@linkcode readUntil} (or
   * {@linkcode readAll}) takes it up.
   */
  prefetch(): void {
    if (this.#ended || this.#pending !== undefined) return;
    this.#pending = this.#nextRead();
    // Its failure is the taker's; nobody may take it (the process exits first).
    this.#pending.catch(() => {});
  }

  /**
   * Reads to the end of the input, or until `signal` aborts; a read in
   * flight then is kept for the next call, so no byte is lost.
   *
   * @param signal When to stop waiting.
   * @returns Every byte of the input, or undefined when it had not ended in time.
   */
  async readUntil(signal: AbortSignal): Promise<Uint8Array | undefined> {
    let onAbort = () => {};
    const aborted = new Promise<"aborted">((resolve) => {
      onAbort = () => resolve("aborted");
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      while (!this.#ended) {
        this.#pending ??= this.#nextRead();
        const read = await Promise.race([this.#pending, aborted]);
        if (read === "aborted") return undefined;
        this.#pending = undefined;
        if (read === null) this.#ended = true;
        else {
          this.#chunks.push(this.#buffer.subarray(0, read));
          this.#total += read;
        }
      }
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
    return this.#bytes();
  }

  /**
   * Reads to the end within `timeoutMs`, closing the source when that
   * passes first: a pending read would otherwise keep the process alive
   * until the writer closes its end.
   *
   * @param timeoutMs How long to wait for the end of the input.
   * @returns Every byte, or undefined when the input had not ended in time.
   */
  async readAll(timeoutMs: number): Promise<Uint8Array | undefined> {
    const bytes = await this.readUntil(AbortSignal.timeout(timeoutMs));
    if (bytes === undefined) {
      try {
        this.#source.close();
      } catch {
        // Already closed: nothing is pending then either.
      }
    }
    return bytes;
  }

  #nextRead(): Promise<number | null> {
    this.#buffer = new Uint8Array(this.#total < 65_536 ? 65_536 : 1_048_576);
    return this.#source.read(this.#buffer);
  }

  #bytes(): Uint8Array {
    if (this.#chunks.length === 1) return this.#chunks[0]!;
    const bytes = new Uint8Array(this.#total);
    let at = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    this.#chunks = [bytes];
    return bytes;
  }
}
