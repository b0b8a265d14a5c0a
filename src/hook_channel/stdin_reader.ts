/**
 * Standard input read whole, in steps that can stop and resume: the hook's
 * fast path reads within its one deadline, and when that deadline passes
 * first the in-process engine goes on from where it stopped, nothing lost.
 *
 * Plain reads, no streams (creating a stream loads code the hook path does
 * without), and a {@linkcode Deadline} rather than `setTimeout` (a process's
 * first `setTimeout` costs tens of milliseconds of start-up). Once started,
 * the reads go on by themselves to the end of the input, so that its end is
 * known by the time the payload is taken, without a wait for one more read.
 *
 * @module
 */

import { type Deadline, deadlineIn } from "./deadline.ts";

/**
 * How long a hook waits with no byte of its payload arriving before letting
 * the call proceed; a payload still arriving is read on, however large.
 */
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
  /** Reads to the end of the source, once started. */
  #reading: Promise<void> | undefined;

  /** @param source What to read. */
  constructor(source: ByteSource) {
    this.#source = source;
  }

  /**
   * Starts reading without waiting, so that the input arrives while the
   * caller does other work; {@linkcode readUntil} and {@linkcode readAll}
   * take up what came.
   */
  prefetch(): void {
    if (this.#reading !== undefined) return;
    this.#reading = this.#readToEnd();
    // Its failure is the taker's; nobody may take it (the process exits first).
    this.#reading.catch(() => {});
  }

  /**
   * Reads to the end of the input, or until `deadline` passes; the reading
   * goes on then, for the next call, so no byte is lost.
   *
   * @param deadline When to stop waiting.
   * @returns Every byte of the input, or undefined when it had not ended in time.
   */
  async readUntil(deadline: Deadline): Promise<Uint8Array | undefined> {
    this.prefetch();
    const outcome = await Promise.race([
      this.#reading!.then(() => "ended" as const),
      deadline.reached.then(() => "late" as const),
    ]);
    return outcome === "ended" ? this.#bytes() : undefined;
  }

  /**
   * Reads to the end, giving up only when a whole window of `idleMs` passes
   * with no byte arriving, and closing the source then: a pending read would
   * otherwise keep the process alive until the writer closes its end. A
   * large payload on a slow machine is read on rather than cut, since the
   * writer would meet a closed pipe.
   *
   * @param idleMs How long the input may stay quiet.
   * @returns Every byte, or undefined when the input went quiet before its end.
   */
  async readAll(idleMs: number): Promise<Uint8Array | undefined> {
    for (;;) {
      const readBefore = this.#total;
      const deadline = deadlineIn(idleMs);
      try {
        const bytes = await this.readUntil(deadline);
        if (bytes !== undefined) return bytes;
      } finally {
        deadline.cancel();
      }
      if (this.#total > readBefore) continue;
      try {
        this.#source.close();
      } catch {
        // Already closed: nothing is pending then either.
      }
      return undefined;
    }
  }

  async #readToEnd(): Promise<void> {
    for (;;) {
      const buffer = new Uint8Array(
        this.#total < 65_536 ? 65_536 : 1_048_576,
      );
      const read = await this.#source.read(buffer);
      if (read === null) return;
      this.#chunks.push(buffer.subarray(0, read));
      this.#total += read;
    }
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
