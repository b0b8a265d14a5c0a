/**
 * A partial reading of PowerShell, enough for the guard: statements split into
 * words (quotes, backtick escapes, `$HOME`/`$env:USERPROFILE`/`~` expanded,
 * script blocks and subexpressions read as statements of their own), and the
 * rules for `Remove-Item` and its aliases with `-Recurse` and `-Force`. Also
 * finds the script in `pwsh -Command …` / `powershell -EncodedCommand …` run
 * from a POSIX shell.
 *
 * Pure: never runs PowerShell or touches the file system. Beyond its limits it
 * answers `{ ok: false }`, never a partial reading.
 *
 * @module
 */

import {
  allow,
  deny,
  type Env,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import { toPosixPath } from "./_paths.ts";
import { CATASTROPHIC, classifyTarget, expandBraces } from "./_rm.ts";
import type { Word } from "./shell_parse.ts";

/** `Remove-Item` and the aliases PowerShell defines for it. */
export const REMOVE_ITEM_NAMES = new Set([
  "remove-item",
  "rm",
  "del",
  "erase",
  "rd",
  "rmdir",
  "ri",
]);

/** Cmdlets that only print, test or look at names and metadata. */
export const POWERSHELL_NO_CONTENT = new Set([
  "test-path",
  "get-childitem",
  "gci",
  "dir",
  "ls",
  "get-item",
  "gi",
  "resolve-path",
  "split-path",
  "join-path",
  "write-host",
  "write-output",
  "echo",
  "new-item",
  "ni",
  "mkdir",
  "set-location",
  "cd",
  "sl",
  "push-location",
  "pop-location",
]);

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

const REMOVE_ITEM_PARAMETERS = [
  "path",
  "literalpath",
  "filter",
  "include",
  "exclude",
  "recurse",
  "force",
  "credential",
  "stream",
  "whatif",
  "confirm",
  "erroraction",
  "warningaction",
  "informationaction",
  "errorvariable",
  "warningvariable",
  "informationvariable",
  "outvariable",
  "outbuffer",
  "pipelinevariable",
  "verbose",
  "debug",
];
const SWITCHES = new Set([
  "recurse",
  "force",
  "whatif",
  "confirm",
  "verbose",
  "debug",
]);
const PARAMETER_ALIASES: Record<string, string> = {
  lp: "literalpath",
  pspath: "literalpath",
  wi: "whatif",
  cf: "confirm",
  ea: "erroraction",
  wa: "warningaction",
  r: "recurse",
  f: "force",
};

function parameterName(token: string): string | null {
  const name = token.slice(1).toLowerCase();
  if (PARAMETER_ALIASES[name]) return PARAMETER_ALIASES[name] ?? null;
  if (REMOVE_ITEM_PARAMETERS.includes(name)) return name;
  const matches = REMOVE_ITEM_PARAMETERS.filter((p) => p.startsWith(name));
  return matches.length === 1 ? matches[0] ?? null : null;
}

/** Whether a target is a drive root (`C:\`, `C:\*`) once spelled `/c`, `/c/*`. */
function isDriveRoot(w: Word): boolean {
  return /^\/[a-z](\/\*?)?$/.test(w.value.replace(/\/+/g, "/"));
}

/**
 * Checks `Remove-Item` (or an alias) with its words: recursive deletes follow
 * the same rules as `rm -r`/`rm -rf`; `-WhatIf` only reports.
 *
 * @param args The words after the cmdlet name.
 * @param cwd The directory it runs in.
 * @param env The analysis environment.
 * @returns The verdict.
 */
export function checkRemoveItem(
  args: Word[],
  cwd: string | null,
  env: Env,
): Verdict {
  let recurse = false;
  let force = false;
  let whatIf = false;
  const targets: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    if (!w.value.startsWith("-") || w.quoted || w.value === "-") {
      targets.push(w);
      continue;
    }
    const colon = w.value.indexOf(":");
    const name = parameterName(
      colon === -1 ? w.value : w.value.slice(0, colon),
    );
    const on = colon === -1 || !/^\$?false$/i.test(w.value.slice(colon + 1));
    if (name === "recurse") recurse = on;
    else if (name === "force") force = on;
    else if (name === "whatif") whatIf = on;
    else if (name === "path" || name === "literalpath") {
      if (colon !== -1) targets.push({ ...w, value: w.value.slice(colon + 1) });
      else if (args[i + 1]) targets.push(args[++i] as Word);
    } else if (name !== null && !SWITCHES.has(name) && colon === -1) i++;
  }
  if (!recurse || whatIf) return allow();
  if (targets.length === 0 && force && env.level !== "standard") {
    return deny(
      "rm.dynamic",
      "Remove-Item -Recurse -Force takes its targets from the pipeline, which cannot be checked. Name the paths explicitly",
    );
  }
  const verdicts = targets.flatMap(expandBraces).map((t) =>
    classifyTarget(
      isDriveRoot(t) ? { ...t, value: "/", dynamic: false } : t,
      cwd,
      env,
      force,
    )
  );
  return verdicts.find((v) => v && CATASTROPHIC.has(v.rule ?? "")) ??
    verdicts.find((v) => v !== null) ?? allow();
}

const LISTERS = new Set([
  "get-childitem",
  "gci",
  "ls",
  "dir",
  "get-item",
  "gi",
]);

/**
 * The paths a pipeline lists into a `Remove-Item` that names no target
 * (`Get-ChildItem ~ | Remove-Item -Recurse`): the listed folder, as a
 * pattern of its children when the listing is filtered.
 *
 * @param statements The statements of the text.
 * @param pipes Each statement's pipeline and position.
 * @param at The index of the `Remove-Item` statement.
 * @returns The words standing for what reaches it, or [] when nothing known does.
 */
export function pipedTargets(
  statements: Word[][],
  pipes: { pipeline: number; index: number }[],
  at: number,
): Word[] {
  const own = pipes[at];
  if (own === undefined || own.index === 0) return [];
  const before = statements.filter((_, i) =>
    pipes[i]?.pipeline === own.pipeline && (pipes[i]?.index ?? 0) < own.index
  );
  const lister = before.find((words) =>
    LISTERS.has((words[0]?.value ?? "").toLowerCase())
  );
  if (lister === undefined) return [];
  const filtered = before.length > 1 ||
    lister.some((w) =>
      /^-(?:filter|include|exclude|file|directory|name)/i.test(w.value)
    );
  let path: Word | undefined;
  for (let i = 1; i < lister.length; i++) {
    const w = lister[i] as Word;
    if (/^-(?:path|literalpath)$/i.test(w.value)) {
      path = lister[i + 1];
      break;
    }
    if (/^-(?:filter|include|exclude|depth)$/i.test(w.value)) i++;
    else if (!w.value.startsWith("-") && path === undefined) path = w;
  }
  if (path === undefined) return [];
  const base = path;
  if (!filtered) return [base];
  const prefix = base.dynamic ? base.literalPrefix : `${base.value}/`;
  return [{
    ...base,
    value: `${base.value}/*`,
    dynamic: true,
    literalPrefix: prefix,
  }];
}

const POWERSHELL_HOSTS = new Set([
  "pwsh",
  "pwsh.exe",
  "powershell",
  "powershell.exe",
]);

/** Whether a program name is a PowerShell host. */
export function isPowerShellHost(name: string): boolean {
  return POWERSHELL_HOSTS.has(name);
}

function decodeUtf16(base64: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-16le", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The script a PowerShell host runs from its command line (`-Command`,
 * `-c`, `-EncodedCommand`), or null when it runs a file or nothing.
 */
export function powerShellScript(inv: Invocation): string | null {
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    const lower = a.toLowerCase();
    if (!a.startsWith("-")) {
      return args.slice(i).map((w) => w.value).join(" ");
    }
    if (/^-(c|co|com|comm|comma|comman|command)$/.test(lower)) {
      return args.slice(i + 1).map((w) => w.value).join(" ");
    }
    if (
      /^-(e|ec|en|enc|encodedcommand)$/.test(lower) ||
      lower.startsWith("-encoded")
    ) {
      return decodeUtf16(args[i + 1]?.value ?? "") ?? "\u0000";
    }
    if (/^-(f|fi|fil|file)$/.test(lower)) return null;
    if (
      /^-(executionpolicy|ep|ex|workingdirectory|wd|configurationname|settingsfile|outputformat|of|inputformat|if|windowstyle|w)$/
        .test(lower)
    ) {
      i++;
    }
  }
  return null;
}
