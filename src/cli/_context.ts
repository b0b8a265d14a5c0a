/**
 * What a command gets from the outside world: arguments, environment,
 * working directory, and the three standard streams.
 *
 * `main.ts` builds the real one; tests may build their own.
 *
 * @module
 */

import type { Env } from "../config/paths.ts";
import { StdinReader } from "../hook_channel/stdin_reader.ts";

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

/**
 * The context of the real process.
 *
 * @param stdin Standard input's reader, when part of it may be read already
 *   (the hook's fast path hands its reader on). @default {a new one}
 * @returns The context.
 */
export function processContext(
  stdin: StdinReader = new StdinReader(Deno.stdin),
): CliContext {
  return {
    env: Deno.env.toObject(),
    cwd: Deno.cwd(),
    // A getter: creating the stream loads Deno's streams code, which the hook path does without.
    get stdin() {
      return Deno.stdin.readable;
    },
    readStdin: (timeoutMs) => stdin.readAll(timeoutMs),
    stdinIsTerminal: Deno.stdin.isTerminal(),
    stdoutIsTerminal: Deno.stdout.isTerminal(),
    stderrIsTerminal: Deno.stderr.isTerminal(),
    out: (text) => writeAll(Deno.stdout, text),
    err: (text) => writeAll(Deno.stderr, text),
  };
}
