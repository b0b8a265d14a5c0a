/**
 * A partial reading of PowerShell, enough for the guard: statements split into
 * words (quotes, backtick escapes, `$HOME`/`$env:USERPROFILE`/`~` expanded,
 * script blocks and subexpressions read as statements of their own), with
 * each statement's place in its pipeline.
 *
 * Pure: never runs PowerShell or touches the file system. Beyond its limits it
 * answers `{ ok: false }`, never a partial reading.
 *
 * @module
 */

import { toPosixPath } from "./_paths.ts";
import type { Word } from "./shell_parse.ts";

/** The outcome of {@linkcode parsePowerShell}. */
export type PowerShellParse =
  | {
    ok: true;
    statements: Word[][];
    /** For each statement: its pipeline's id and its position in that pipeline. */
    pipes: { pipeline: number; index: number }[];
  }
  | { ok: false; reason: string; tooComplex: boolean };

const MAX_LENGTH = 20000;
const MAX_DEPTH = 12;
const MAX_WORDS = 2000;
const TEMP_VARIABLES = new Set(["env:temp", "env:tmp", "env:tmpdir"]);
const HOME_VARIABLES = new Set(["home", "env:home", "env:userprofile"]);

class Failure extends Error {
  constructor(message: string, readonly tooComplex: boolean) {
    super(message);
  }
}

interface Builder {
  value: string;
  raw: string;
  dynamic: boolean;
  prefix: string;
  quoted: boolean;
}

class Reader {
  readonly #src: string;
  readonly #cwd: string | null;
  readonly #home: string;
  #pos = 0;
  #depth = 0;
  #words = 0;
  readonly statements: Word[][] = [];
  /** For each statement: its pipeline's id and its position in that pipeline. */
  readonly pipes: { pipeline: number; index: number }[] = [];
  #pipelines = 0;

  constructor(src: string, cwd: string | null, home: string) {
    this.#src = src;
    this.#cwd = cwd;
    this.#home = home;
  }

  read(): void {
    this.#block(null);
    if (this.#pos < this.#src.length) {
      throw new Failure("unexpected text", false);
    }
  }

  #block(end: string | null): void {
    let words: Word[] = [];
    let pipeline = this.#pipelines++;
    let index = 0;
    const flush = (): void => {
      if (words.length > 0) {
        this.statements.push(words);
        this.pipes.push({ pipeline, index });
      }
      words = [];
    };
    for (;;) {
      const c = this.#src[this.#pos];
      if (c === undefined) {
        if (end !== null) throw new Failure(`missing "${end}"`, false);
        flush();
        return;
      }
      if (c === end) {
        flush();
        this.#pos++;
        return;
      }
      if (c === ")" || c === "}") throw new Failure(`unexpected "${c}"`, false);
      if (c === " " || c === "\t" || c === "\r" || c === ",") {
        this.#pos++;
      } else if (c === "#") {
        while (this.#pos < this.#src.length && this.#src[this.#pos] !== "\n") {
          this.#pos++;
        }
      } else if (this.#src.startsWith("<#", this.#pos)) {
        const close = this.#src.indexOf("#>", this.#pos);
        if (close === -1) throw new Failure("unterminated comment", false);
        this.#pos = close + 2;
      } else if (
        c === ";" || c === "\n" || c === "|" ||
        c === "&" && this.#src[this.#pos + 1] === "&"
      ) {
        flush();
        const pipe = c === "|" && this.#src[this.#pos + 1] !== "|";
        if (pipe) index++;
        else {
          pipeline = this.#pipelines++;
          index = 0;
        }
        this.#pos += this.#src.startsWith("&&", this.#pos) ||
            this.#src.startsWith("||", this.#pos)
          ? 2
          : 1;
      } else if (c === "&" && words.length === 0) {
        this.#pos++;
      } else if (c === "(" || c === "{") {
        this.#nested(c === "(" ? ")" : "}");
        words.push(this.#word(`${c}…`, true));
      } else {
        words.push(this.#readWord());
      }
    }
  }

  #nested(end: string): void {
    this.#pos++;
    if (++this.#depth > MAX_DEPTH) {
      throw new Failure(`nesting deeper than ${MAX_DEPTH} levels`, true);
    }
    this.#block(end);
    this.#depth--;
  }

  #word(value: string, dynamic: boolean): Word {
    if (++this.#words > MAX_WORDS) {
      throw new Failure(`more than ${MAX_WORDS} words`, true);
    }
    return {
      value,
      raw: value,
      dynamic,
      literalPrefix: dynamic ? "" : value,
      quoted: false,
      substitutions: [],
    };
  }

  #readWord(): Word {
    if (++this.#words > MAX_WORDS) {
      throw new Failure(`more than ${MAX_WORDS} words`, true);
    }
    const start = this.#pos;
    const b: Builder = {
      value: "",
      raw: "",
      dynamic: false,
      prefix: "",
      quoted: false,
    };
    const literal = (text: string): void => {
      b.value += text;
      b.raw += text;
    };
    const dynamicPart = (text: string, raw = text): void => {
      if (!b.dynamic) {
        b.dynamic = true;
        b.prefix = b.value;
      }
      b.value += text;
      b.raw += raw;
    };
    if (
      this.#src[this.#pos] === "~" &&
      /[\\/\s]|$/.test(this.#src[this.#pos + 1] ?? "")
    ) {
      literal(this.#home);
      this.#pos++;
    }
    for (;;) {
      const c = this.#src[this.#pos];
      if (
        c === undefined || /[\s;|,(){}]/.test(c) ||
        (c === "&" && this.#src[this.#pos + 1] === "&")
      ) break;
      if (c === "`") {
        const next = this.#src[this.#pos + 1] ?? "";
        this.#pos += 2;
        if (next !== "\n") literal(next);
        b.quoted = true;
      } else if (c === "'") {
        b.quoted = true;
        this.#pos++;
        for (;;) {
          const q = this.#src[this.#pos];
          if (q === undefined) throw new Failure("unterminated quote", false);
          this.#pos++;
          if (q === "'") {
            if (this.#src[this.#pos] !== "'") break;
            this.#pos++;
          }
          literal(q);
        }
      } else if (c === '"') {
        b.quoted = true;
        this.#pos++;
        for (;;) {
          const q = this.#src[this.#pos];
          if (q === undefined) throw new Failure("unterminated quote", false);
          if (q === '"') {
            this.#pos++;
            break;
          }
          if (q === "`") {
            literal(this.#src[this.#pos + 1] ?? "");
            this.#pos += 2;
          } else if (q === "$") this.#variable(literal, dynamicPart);
          else {
            literal(q);
            this.#pos++;
          }
        }
      } else if (c === "$") this.#variable(literal, dynamicPart);
      else if (c === "*" || c === "?" || c === "[") {
        dynamicPart(c);
        this.#pos++;
      } else {
        literal(c === "\\" ? "/" : c);
        this.#pos++;
      }
    }
    if (this.#pos === start) {
      throw new Failure(`unexpected "${this.#src[start]}"`, false);
    }
    const value = toPosixPath(b.value);
    return {
      value,
      raw: b.raw,
      dynamic: b.dynamic,
      literalPrefix: b.dynamic ? toPosixPath(b.prefix) : value,
      quoted: b.quoted,
      substitutions: [],
    };
  }

  #variable(
    literal: (text: string) => void,
    dynamicPart: (text: string, raw?: string) => void,
  ): void {
    const rest = this.#src.slice(this.#pos + 1);
    if (rest.startsWith("(")) {
      this.#pos++;
      this.#nested(")");
      dynamicPart("$(…)");
      return;
    }
    const m =
      /^\{([^}]*)\}|^([A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z_][A-Za-z0-9_]*)?)/
        .exec(rest);
    if (m === null) {
      literal("$");
      this.#pos++;
      return;
    }
    this.#pos += 1 + m[0].length;
    const name = (m[1] ?? m[2] ?? "").toLowerCase();
    if (HOME_VARIABLES.has(name)) literal(this.#home);
    else if (name === "pwd" && this.#cwd !== null) literal(this.#cwd);
    else if (TEMP_VARIABLES.has(name)) dynamicPart("$TMPDIR", "$TMPDIR");
    else dynamicPart(`$${name}`);
  }
}

/**
 * Reads PowerShell text into statements of words.
 *
 * @param text The PowerShell command text.
 * @param options The directory it runs in and the home directory.
 * @returns The statements, or `{ ok: false }` beyond the limits or on unreadable text.
 */
export function parsePowerShell(
  text: string,
  options: { cwd: string | null; home: string },
): PowerShellParse {
  if (text.length > MAX_LENGTH) {
    return {
      ok: false,
      reason: `longer than ${MAX_LENGTH} characters`,
      tooComplex: true,
    };
  }
  const reader = new Reader(text, options.cwd, options.home);
  try {
    reader.read();
  } catch (error) {
    if (error instanceof Failure) {
      return { ok: false, reason: error.message, tooComplex: error.tooComplex };
    }
    throw error;
  }
  return { ok: true, statements: reader.statements, pipes: reader.pipes };
}
