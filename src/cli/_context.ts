/**
 * What a command gets from the outside world: arguments, environment,
 * working directory, and the three standard streams.
 *
 * `main.ts` builds the real one; tests may build their own.
 *
 * @module
 */

import type { Env } from "../config/paths.ts";

/** The outside world of one command run. */
export interface CliContext {
  /** Environment variables. */
  env: Env;
  /** The working directory. */
  cwd: string;
  /** Standard input. */
  readonly stdin: ReadableStream<Uint8Array>;
  /**
   * Reads standard input whole, or undefined when it has not ended within
   * `timeoutMs`; standard input is closed then, so that a writer that never
   * closes its end cannot keep the process alive.
   */
  readStdin(timeoutMs: number): Promise<Uint8Array | undefined>;
  /** Whether standard input is a terminal. */
  stdinIsTerminal: boolean;
  /** Whether standard output is a terminal (readable output, colours). */
  stdoutIsTerminal: boolean;
  /** Whether standard error is a terminal (progress bars). */
  stderrIsTerminal: boolean;
  /** Writes to standard output. */
  out(text: string): Promise<void>;
  /** Writes to standard error. */
  err(text: string): Promise<void>;
}

/** A command module's contract. */
export interface Command {
  /** Usage text printed by `ctx-mode <command> --help`. */
  usage: string;
  /** Runs the command; resolves to the exit code. */
  run(args: string[], context: CliContext): Promise<number>;
}

const encoder = new TextEncoder();

async function writeAll(
  writer: { write(p: Uint8Array): Promise<number> },
  text: string,
) {
  const bytes = encoder.encode(text);
  for (let written = 0; written < bytes.length;) {
    written += await writer.write(bytes.subarray(written));
  }
}

/** The context of the real process. */
export function processContext(): CliContext {
  return {
    env: Deno.env.toObject(),
    cwd: Deno.cwd(),
    // A getter: creating the stream loads Deno's streams code, which the hook path does without.
    get stdin() {
      return Deno.stdin.readable;
    },
    readStdin: (timeoutMs) => readAll(Deno.stdin, timeoutMs),
    stdinIsTerminal: Deno.stdin.isTerminal(),
    stdoutIsTerminal: Deno.stdout.isTerminal(),
    stderrIsTerminal: Deno.stderr.isTerminal(),
    out: (text) => writeAll(Deno.stdout, text),
    err: (text) => writeAll(Deno.stderr, text),
  };
}

/**
 * Reads a reader to its end with plain reads (no streams), giving up after
 * `timeoutMs` and closing the reader then: a pending read would otherwise keep
 * the process alive until the writer closes its end.
 */
async function readAll(
  reader: { read(p: Uint8Array): Promise<number | null>; close(): void },
  timeoutMs: number,
): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  // AbortSignal.timeout rather than setTimeout: the first setTimeout of a
  // process costs about 10 ms of start-up, a third of a hook's own budget.
  // Removing the listener afterwards lets the process exit at once.
  const signal = AbortSignal.timeout(timeoutMs);
  let onAbort = () => {};
  const timeout = new Promise<"timeout">((resolve) => {
    onAbort = () => resolve("timeout");
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    while (true) {
      const buffer = new Uint8Array(total < 65_536 ? 65_536 : 1_048_576);
      const read = await Promise.race([reader.read(buffer), timeout]);
      if (read === "timeout") {
        try {
          reader.close();
        } catch {
          // Already closed: nothing is pending then either.
        }
        return undefined;
      }
      if (read === null) break;
      chunks.push(buffer.subarray(0, read));
      total += read;
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
