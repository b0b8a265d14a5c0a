/**
 * A bounded POSIX shell parser for the safety guard.
 *
 * It turns a command line into the flat list of simple commands it would run
 * (including those inside `$(…)`, backticks, process substitutions, subshells,
 * groups, function bodies and unquoted heredocs), each with its words and their
 * provenance (literal or dynamic), its redirections and the directory it would
 * run in after earlier `cd`/`pushd` segments.
 *
 * It must never execute, expand against the real environment, touch the file
 * system or print. Beyond its limits (length, word count, nesting depth) or on
 * text it cannot read, it answers `{ ok: false }` and never a partial parse.
 *
 * @module
 */

import { COMMAND_GRAMMAR } from "./_shell_compound.ts";
import {
  type Context,
  ParseFailure,
  Scanner,
  type Shared,
} from "./_shell_scanner.ts";
import type { SimpleCommand } from "./_shell_types.ts";

export type {
  Heredoc,
  Redirect,
  RedirectOperator,
  SimpleCommand,
  Word,
} from "./_shell_types.ts";

/** The outcome of {@linkcode parseShell}. */
export type ParseResult =
  | { ok: true; commands: SimpleCommand[] }
  | { ok: false; reason: string; tooComplex: boolean };

/** Options of {@linkcode parseShell}. */
export interface ParseOptions {
  /**
   * The absolute directory the command starts in; null when unknown.
   * @default {null}
   */
  cwd?: string | null;
  /**
   * The home directory, for `~` and `$HOME`; null when unknown.
   * @default {null}
   */
  home?: string | null;
  /**
   * The longest command accepted, in characters.
   * @default {100000}
   */
  maxLength?: number;
  /**
   * The most words accepted.
   * @default {10000}
   */
  maxWords?: number;
  /**
   * The deepest nesting of subshells, groups and substitutions accepted.
   * @default {12}
   */
  maxDepth?: number;
}

/**
 * Parses a shell command line into the simple commands it would run.
 *
 * @param command The command line.
 * @param options Starting directory, home directory and limits.
 * @returns The simple commands, or `{ ok: false }` with a reason when the text is
 * malformed or beyond the limits.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseShell } from "./shell_parse.ts";
 * const result = parseShell("cd build && rm -rf out", { cwd: "/p" });
 * assert.ok(result.ok);
 * assert.equal(result.commands[1]?.cwd, "/p/build");
 * ```
 */
export function parseShell(
  command: string,
  options: ParseOptions = {},
): ParseResult {
  const maxLength = options.maxLength ?? 100_000;
  if (command.length > maxLength) {
    return {
      ok: false,
      reason: `longer than ${maxLength} characters`,
      tooComplex: true,
    };
  }
  const shared: Shared = {
    home: options.home ?? null,
    maxWords: options.maxWords ?? 10_000,
    maxDepth: options.maxDepth ?? 12,
    words: 0,
    pipelines: 0,
    commands: [],
    movers: new Map(),
    grammar: COMMAND_GRAMMAR,
  };
  const ctx: Context = {
    cwd: options.cwd ?? null,
    inSub: false,
    fn: null,
    vars: new Map(),
    loops: new Map(),
  };
  try {
    COMMAND_GRAMMAR.program(new Scanner(command, shared, 0), ctx);
  } catch (error) {
    if (error instanceof ParseFailure) {
      return { ok: false, reason: error.message, tooComplex: error.tooComplex };
    }
    throw error;
  }
  return { ok: true, commands: shared.commands };
}
