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
  stdin: ReadableStream<Uint8Array>;
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
    stdin: Deno.stdin.readable,
    stdinIsTerminal: Deno.stdin.isTerminal(),
    stdoutIsTerminal: Deno.stdout.isTerminal(),
    stderrIsTerminal: Deno.stderr.isTerminal(),
    out: (text) => writeAll(Deno.stdout, text),
    err: (text) => writeAll(Deno.stderr, text),
  };
}
