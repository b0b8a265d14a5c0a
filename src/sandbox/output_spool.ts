/**
 * The whole standard output of a run, up to a cap, in a file of the server's
 * own, so that what the capture drops from the middle can still be indexed.
 *
 * The file lives in a fresh private directory (mode 0700) under the server's
 * temp dir — never in the run's temp dir nor in the project — and on Unix it
 * is unlinked, directory and all, as soon as it is opened: no path leads to it
 * while the run goes on, and nothing is left behind whatever ends the server.
 * Elsewhere it is removed on `close` (and when the process unloads).
 *
 * Writing never throws: past the cap, or once the disk refuses a write,
 * spooling stops and the rest is only counted. Nothing here decodes or
 * interprets the bytes.
 *
 * @module
 */

import { join } from "node:path";
import type { OutputSink } from "./_output.ts";
import { removeOnExit } from "./_process.ts";

export type { OutputSink } from "./_output.ts";

/** The default cap of a spool: 64 MiB. */
export const DEFAULT_MAX_SPOOL_BYTES = 64 * 1024 * 1024;

const READ_BYTES = 256 * 1024;

/** Options for {@linkcode OutputSpool}. */
export interface OutputSpoolOptions {
  /** The most bytes spooled; the rest is counted, not kept. @default {67_108_864} */
  maxBytes?: number;
  /** The folder the private directory is made in. @default {the system temp dir} */
  tempDir?: string | undefined;
}

/**
 * A write-once, read-once file of a run's output; nothing touches the disk
 * until the first byte arrives. Close it (or `await using`) when done.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { OutputSpool } from "./output_spool.ts";
 * await using spool = new OutputSpool({ maxBytes: 4 });
 * spool.write(new TextEncoder().encode("abcdef"));
 * assert.equal(spool.spooledBytes, 4);
 * assert.equal(spool.skippedBytes, 2);
 * let text = "";
 * for await (const piece of spool.read()) text += new TextDecoder().decode(piece);
 * assert.equal(text, "abcd");
 * ```
 */
export class OutputSpool implements OutputSink, AsyncDisposable {
  /** The most bytes spooled. */
  readonly maxBytes: number;
  #tempDir: string | undefined;
  #file: Deno.FsFile | undefined;
  #dir: string | undefined;
  #untrack: (() => void) | undefined;
  #spooled = 0;
  #skipped = 0;
  #failure: string | undefined;
  #closed = false;

  /**
   * Makes a spool; the file is made on the first write.
   *
   * @param options The cap and the temp folder.
   * @throws {RangeError} When the cap is not a whole number of bytes.
   */
  constructor(options: OutputSpoolOptions = {}) {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_SPOOL_BYTES;
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
      throw new RangeError(
        `Cannot spool "${maxBytes}" bytes of output: the cap must be a whole number of bytes`,
      );
    }
    this.maxBytes = maxBytes;
    this.#tempDir = options.tempDir;
  }

  /** Bytes in the spool. */
  get spooledBytes(): number {
    return this.#spooled;
  }

  /** Bytes that arrived past the cap (or after a write failed) and were not spooled. */
  get skippedBytes(): number {
    return this.#skipped;
  }

  /** Every byte that arrived. */
  get receivedBytes(): number {
    return this.#spooled + this.#skipped;
  }

  /** Why spooling stopped before the cap, when a write failed. */
  get failure(): string | undefined {
    return this.#failure;
  }

  /** Spools a chunk, up to the cap; never throws. */
  write(chunk: Uint8Array): void {
    const room = this.#closed || this.#failure !== undefined
      ? 0
      : Math.min(chunk.length, this.maxBytes - this.#spooled);
    if (room <= 0) {
      this.#skipped += chunk.length;
      return;
    }
    try {
      const file = this.#file ?? this.#open();
      let part = chunk.subarray(0, room);
      while (part.length > 0) part = part.subarray(file.writeSync(part));
      this.#spooled += room;
      this.#skipped += chunk.length - room;
    } catch (error) {
      this.#failure = error instanceof Error ? error.message : String(error);
      this.#skipped += chunk.length;
    }
  }

  /**
   * Reads back what was spooled, from the start, in pieces of 256 KiB.
   *
   * @returns The spooled bytes, in order.
   */
  async *read(): AsyncGenerator<Uint8Array> {
    const file = this.#file;
    if (file === undefined || this.#closed) return;
    await file.seek(0, Deno.SeekMode.Start);
    let left = this.#spooled;
    while (left > 0) {
      const buffer = new Uint8Array(Math.min(READ_BYTES, left));
      const read = await file.read(buffer);
      if (read === null || read === 0) break;
      left -= read;
      yield buffer.subarray(0, read);
    }
  }

  /** Closes the file and removes whatever is left of it; safe to call twice. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.#file?.close();
    } catch {
      // already closed
    }
    this.#file = undefined;
    if (this.#dir !== undefined) {
      try {
        Deno.removeSync(this.#dir, { recursive: true });
      } catch {
        // already gone (unlinked on open)
      }
    }
    this.#untrack?.();
  }

  /** Closes the spool (for `await using`). */
  [Symbol.asyncDispose](): Promise<void> {
    this.close();
    return Promise.resolve();
  }

  #open(): Deno.FsFile {
    const dir = Deno.makeTempDirSync({
      prefix: "ctx-mode-spool-",
      ...(this.#tempDir === undefined ? {} : { dir: this.#tempDir }),
    });
    const path = join(dir, "stdout");
    try {
      if (Deno.build.os !== "windows") Deno.chmodSync(dir, 0o700);
      this.#file = Deno.openSync(path, {
        read: true,
        write: true,
        createNew: true,
        mode: 0o600,
      });
    } catch (error) {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // the error that matters is the one above
      }
      throw error;
    }
    if (Deno.build.os === "windows") {
      // An open file cannot be unlinked here: remove it on close or on exit.
      this.#dir = dir;
      this.#untrack = removeOnExit(dir);
    } else {
      Deno.removeSync(path);
      Deno.removeSync(dir);
    }
    return this.#file;
  }
}
