/**
 * The cursor the shell grammar modules share: the text and the position in
 * it, the limits and what one parse has gathered so far, the context a
 * segment runs in, and the builder a word is read into.
 *
 * The grammar is split by floor (words and quoting, expansions, redirections
 * and heredocs, compound commands), each floor importing only the ones below.
 * Expansions nest whole command lists (`$(…)`, backticks, `<(…)`), which the
 * top floor reads: it hands its readers down through {@linkcode Grammar}
 * instead of being imported from below.
 *
 * Never executes, touches the file system or prints.
 *
 * @module
 */

import type { Heredoc, Redirect, SimpleCommand, Word } from "./_shell_types.ts";

/** Why a parse stopped: malformed text, or text beyond the limits (`tooComplex`). */
export class ParseFailure extends Error {
  /** Whether the text was beyond the limits rather than malformed. */
  readonly tooComplex: boolean;
  constructor(message: string, tooComplex: boolean) {
    super(message);
    this.tooComplex = tooComplex;
  }
}

/** The readers of command lists, handed down by the compound-command floor. */
export interface Grammar {
  /** Reads a command list up to `end` (the end of the text when null). */
  list(s: Scanner, ctx: Context, end: ")" | "}" | null): void;
  /** Reads a whole text as a command list. */
  program(s: Scanner, ctx: Context): void;
}

/** What every scanner of one parse shares. */
export interface Shared {
  home: string | null;
  maxWords: number;
  maxDepth: number;
  words: number;
  pipelines: number;
  commands: SimpleCommand[];
  /** Functions whose body changes directory: where it was defined and where the body ends up. */
  movers: Map<string, { from: string | null; to: string | null }>;
  grammar: Grammar;
}

/** What a segment runs with: its directory, its variables, where it is nested. */
export interface Context {
  cwd: string | null;
  inSub: boolean;
  fn: string | null;
  vars: Map<string, string | null>;
  /** Loop variables (`for f in ~/.ssh/*`) and the word they range over. */
  loops: Map<string, Word>;
}

/** A heredoc whose body starts after the next newline. */
export interface PendingHeredoc {
  redirect: Redirect;
  heredoc: Heredoc;
  ctx: Context;
}

/** A position in one text: the command line, or a text nested in it (backticks, heredoc bodies). */
export class Scanner {
  readonly src: string;
  readonly shared: Shared;
  pos = 0;
  depth: number;
  /** Heredocs of this text whose bodies come after the next newline. */
  pending: PendingHeredoc[] = [];

  constructor(src: string, shared: Shared, depth: number) {
    this.src = src;
    this.shared = shared;
    this.depth = depth;
  }

  /** The character at the cursor. */
  get peek(): string | undefined {
    return this.src[this.pos];
  }

  /** Whether the text at the cursor starts with `text`. */
  at(text: string): boolean {
    return this.src.startsWith(text, this.pos);
  }

  /** Stops the parse: the text is malformed. */
  fail(message: string): never {
    throw new ParseFailure(message, false);
  }

  /** Goes one level deeper, within the depth limit. */
  enter(): void {
    this.depth++;
    if (this.depth > this.shared.maxDepth) {
      throw new ParseFailure(
        `nesting deeper than ${this.shared.maxDepth} levels`,
        true,
      );
    }
  }

  /** Comes back one level. */
  leave(): void {
    this.depth--;
  }

  /** Skips blanks, continued lines and a comment, not newlines. */
  skipBlanks(): void {
    for (;;) {
      const c = this.peek;
      if (c === " " || c === "\t") this.pos++;
      else if (c === "\\" && this.src[this.pos + 1] === "\n") this.pos += 2;
      else if (c === "#") {
        while (this.pos < this.src.length && this.peek !== "\n") {
          this.pos++;
        }
      } else return;
    }
  }

  /** Counts one more word, within the word limit. */
  countWord(): void {
    this.shared.words++;
    if (this.shared.words > this.shared.maxWords) {
      throw new ParseFailure(
        `more than ${this.shared.maxWords} words`,
        true,
      );
    }
  }
}

/** A word being read: its value so far and what is known of it. */
export class WordBuilder {
  value = "";
  dynamic = false;
  prefix = "";
  quoted = false;
  substitutions: SimpleCommand[] = [];
  alternatives: string[] | null = null;

  /** Appends literal text. */
  literal(text: string): void {
    this.value += text;
  }

  /** Appends a part known only at run time; the first one fixes the literal prefix. */
  dynamicPart(text: string, prefix = ""): void {
    if (!this.dynamic) {
      this.dynamic = true;
      this.prefix = this.value + prefix;
    }
    this.value += text;
  }
}

/** Whether `c` ends a word (the end of the text counts). */
export function isMeta(c: string | undefined): boolean {
  return c === undefined || c === " " || c === "\t" || c === "\n" ||
    c === ";" || c === "&" || c === "|" || c === "(" || c === ")" ||
    c === "<" || c === ">";
}

/** Whether `c` may start a variable name. */
export function isNameStart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z_]/.test(c);
}

/** Whether `c` may continue a variable name. */
export function isNameChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_]/.test(c);
}

/** Whether `text` is a variable name and nothing else. */
export function isNameOnly(text: string): boolean {
  return text.length > 0 && isNameStart(text[0]) &&
    [...text].every((c) => isNameChar(c));
}

/** A copy of a context that later changes to it do not reach, with `patch` applied. */
export function copyContext(
  ctx: Context,
  patch: Partial<Context> = {},
): Context {
  return {
    ...ctx,
    vars: new Map(ctx.vars),
    loops: new Map(ctx.loops),
    ...patch,
  };
}
