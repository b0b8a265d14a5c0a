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

import { resolveFrom } from "./_paths.ts";

/** One shell word after quote removal, with its provenance. */
export interface Word {
  /** The word after quote removal; dynamic parts are kept as written (`$X`, `*`). */
  value: string;
  /** The source text of the word. */
  raw: string;
  /** Whether the word's value depends on run time: variables, substitutions, globs, braces. */
  dynamic: boolean;
  /** The literal text before the first dynamic part (the whole value when literal). */
  literalPrefix: string;
  /** Whether any part of the word was quoted or escaped. */
  quoted: boolean;
  /** The simple commands run by substitutions inside this word. */
  substitutions: SimpleCommand[];
  /** The literal values a word made only of a loop variable takes (`$c` in `for c in ls rm`). */
  alternatives?: string[];
}

/** A redirection operator. */
export type RedirectOperator =
  | "<"
  | ">"
  | ">>"
  | ">|"
  | "<>"
  | "<&"
  | ">&"
  | "&>"
  | "&>>"
  | "<<"
  | "<<-"
  | "<<<";

/** The body of a heredoc. */
export interface Heredoc {
  /** The delimiter after quote removal. */
  delimiter: string;
  /** Whether the delimiter was quoted (the body is then literal data). */
  quoted: boolean;
  /** Whether the operator was `<<-` (leading tabs stripped). */
  stripTabs: boolean;
  /** The body text, without the delimiter line. */
  body: string;
}

/** One redirection of a command. */
export interface Redirect {
  /** The operator. */
  op: RedirectOperator;
  /** The explicit file descriptor (`2>`), or null. */
  fd: number | null;
  /** The target word; null for heredocs. */
  target: Word | null;
  /** The heredoc, for `<<` and `<<-`. */
  heredoc: Heredoc | null;
}

/** One simple command as the shell would run it. */
export interface SimpleCommand {
  /** The command words: name and arguments. */
  argv: Word[];
  /** Leading `NAME=value` assignments. */
  assignments: Word[];
  /** Redirections, in order. */
  redirects: Redirect[];
  /** The absolute directory it runs in, or null when an earlier `cd` made it unknowable. */
  cwd: string | null;
  /** Whether it runs inside `$(…)`, backticks or a process substitution. */
  inSubstitution: boolean;
  /** An identifier shared by the commands of one pipeline. */
  pipeline: number;
  /** Its position in the pipeline (0 for the first). */
  pipelineIndex: number;
  /** How many commands the pipeline has. */
  pipelineLength: number;
  /** Whether the pipeline is sent to the background with `&`. */
  background: boolean;
  /** The innermost function whose body holds it, or null. */
  functionName: string | null;
}

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

class ParseFailure extends Error {
  readonly tooComplex: boolean;
  constructor(message: string, tooComplex: boolean) {
    super(message);
    this.tooComplex = tooComplex;
  }
}

interface Shared {
  home: string | null;
  maxWords: number;
  maxDepth: number;
  words: number;
  pipelines: number;
  commands: SimpleCommand[];
  /** Functions whose body changes directory: where it was defined and where the body ends up. */
  movers: Map<string, { from: string | null; to: string | null }>;
}

interface Context {
  cwd: string | null;
  inSub: boolean;
  fn: string | null;
  vars: Map<string, string | null>;
  /** Loop variables (`for f in ~/.ssh/*`) and the word they range over. */
  loops: Map<string, Word>;
}

interface PendingHeredoc {
  redirect: Redirect;
  heredoc: Heredoc;
  ctx: Context;
}

const RESERVED_SKIPPED = new Set([
  "if",
  "then",
  "elif",
  "else",
  "fi",
  "do",
  "done",
  "while",
  "until",
  "!",
  "esac",
]);

/** Words that run the builtin after them (`builtin cd ..`, `time cd ..`). */
const PREFIXES = new Set(["builtin", "command", "time"]);

/** Builtins whose `NAME=value` arguments set variables for later segments. */
const DECLARATIONS = new Set([
  "export",
  "declare",
  "typeset",
  "local",
  "readonly",
]);

const REDIRECT_OPERATORS: RedirectOperator[] = [
  "&>>",
  "&>",
  "<<<",
  "<<-",
  "<<",
  "<>",
  "<&",
  ">>",
  ">&",
  ">|",
  "<",
  ">",
];

function isMeta(c: string | undefined): boolean {
  return c === undefined || c === " " || c === "\t" || c === "\n" ||
    c === ";" || c === "&" || c === "|" || c === "(" || c === ")" ||
    c === "<" || c === ">";
}

function isNameStart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z_]/.test(c);
}

function isNameChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_]/.test(c);
}

function copyContext(ctx: Context, patch: Partial<Context> = {}): Context {
  return {
    ...ctx,
    vars: new Map(ctx.vars),
    loops: new Map(ctx.loops),
    ...patch,
  };
}

class WordBuilder {
  value = "";
  dynamic = false;
  prefix = "";
  quoted = false;
  substitutions: SimpleCommand[] = [];
  alternatives: string[] | null = null;

  literal(text: string): void {
    this.value += text;
  }

  dynamicPart(text: string, prefix = ""): void {
    if (!this.dynamic) {
      this.dynamic = true;
      this.prefix = this.value + prefix;
    }
    this.value += text;
  }
}

class Parser {
  readonly #src: string;
  readonly #shared: Shared;
  #pos = 0;
  #depth: number;
  #pending: PendingHeredoc[] = [];

  constructor(src: string, shared: Shared, depth: number) {
    this.#src = src;
    this.#shared = shared;
    this.#depth = depth;
  }

  get #peek(): string | undefined {
    return this.#src[this.#pos];
  }

  #at(text: string): boolean {
    return this.#src.startsWith(text, this.#pos);
  }

  #fail(message: string): never {
    throw new ParseFailure(message, false);
  }

  #enter(): void {
    this.#depth++;
    if (this.#depth > this.#shared.maxDepth) {
      throw new ParseFailure(
        `nesting deeper than ${this.#shared.maxDepth} levels`,
        true,
      );
    }
  }

  #leave(): void {
    this.#depth--;
  }

  #skipBlanks(): void {
    for (;;) {
      const c = this.#peek;
      if (c === " " || c === "\t") this.#pos++;
      else if (c === "\\" && this.#src[this.#pos + 1] === "\n") this.#pos += 2;
      else if (c === "#") {
        while (this.#pos < this.#src.length && this.#peek !== "\n") {
          this.#pos++;
        }
      } else return;
    }
  }

  #skipBlanksAndNewlines(): void {
    for (;;) {
      this.#skipBlanks();
      if (this.#peek !== "\n") return;
      this.#newline();
    }
  }

  #newline(): void {
    this.#pos++;
    const pending = this.#pending;
    this.#pending = [];
    for (const entry of pending) this.#readHeredoc(entry);
  }

  #readHeredoc(entry: PendingHeredoc): void {
    const { heredoc } = entry;
    const lines: string[] = [];
    while (this.#pos < this.#src.length) {
      let end = this.#src.indexOf("\n", this.#pos);
      if (end === -1) end = this.#src.length;
      let line = this.#src.slice(this.#pos, end);
      this.#pos = Math.min(end + 1, this.#src.length);
      if (heredoc.stripTabs) line = line.replace(/^\t+/, "");
      if (line === heredoc.delimiter) {
        heredoc.body = lines.join("\n");
        if (!heredoc.quoted) this.#scanBody(heredoc.body, entry.ctx);
        return;
      }
      lines.push(line);
    }
    heredoc.body = lines.join("\n");
    if (!heredoc.quoted) this.#scanBody(heredoc.body, entry.ctx);
  }

  /** Finds the substitutions in text that undergoes expansion but not word splitting. */
  #scanBody(text: string, ctx: Context): WordBuilder {
    const sub = new Parser(text, this.#shared, this.#depth);
    const builder = new WordBuilder();
    while (sub.#pos < text.length) {
      const c = sub.#peek;
      if (c === "\\") {
        builder.literal(text[sub.#pos + 1] ?? "");
        sub.#pos += 2;
      } else if (c === "$") sub.#dollar(builder, ctx);
      else if (c === "`") sub.#backtick(builder, ctx);
      else {
        builder.literal(c ?? "");
        sub.#pos++;
      }
    }
    return builder;
  }

  parseProgram(ctx: Context): void {
    this.#list(ctx, null);
    if (this.#pos < this.#src.length) this.#fail("unexpected text");
  }

  #list(ctx: Context, end: ")" | "}" | null): void {
    for (;;) {
      this.#skipBlanksAndNewlines();
      const c = this.#peek;
      if (c === undefined) {
        if (end !== null) this.#fail(`missing "${end}"`);
        return;
      }
      if (c === ")") {
        if (end === ")") return;
        this.#fail('unexpected ")"');
      }
      if (end === "}" && this.#atReserved("}")) return;
      if (c === ";" || c === "&" || c === "|") {
        this.#fail(`unexpected "${c}"`);
      }
      this.#pipeline(ctx);
      this.#skipBlanks();
      if (this.#at("&&") || this.#at("||")) {
        this.#pos += 2;
        this.#skipBlanksAndNewlines();
        const next: string | undefined = this.#src[this.#pos];
        if (
          next === undefined || next === ")" || next === ";" || next === "&" ||
          next === "|"
        ) {
          this.#fail("missing command after a connector");
        }
      } else if (this.#at(";;")) this.#fail('unexpected ";;"');
      else if (this.#peek === ";" || this.#peek === "&") this.#pos++;
      else if (this.#peek === "\n") this.#newline();
      else if (this.#peek === undefined || this.#peek === ")") continue;
      else if (end === "}" && this.#atReserved("}")) continue;
      else this.#fail(`unexpected "${this.#peek}"`);
    }
  }

  #atReserved(word: string): boolean {
    return this.#at(word) && isMeta(this.#src[this.#pos + word.length]);
  }

  #pipeline(ctx: Context): void {
    const id = this.#shared.pipelines++;
    const members: (SimpleCommand | null)[] = [];
    for (;;) {
      members.push(this.#command(ctx, id, members.length));
      this.#skipBlanks();
      if (this.#peek === "|" && !this.#at("||")) {
        this.#pos += this.#at("|&") ? 2 : 1;
        this.#skipBlanksAndNewlines();
        const next: string | undefined = this.#src[this.#pos];
        if (
          next === undefined || next === ")" || next === ";" ||
          next === "&" || next === "|"
        ) {
          this.#fail("missing command after a pipe");
        }
        continue;
      }
      break;
    }
    const background = this.#peek === "&" && !this.#at("&&") &&
      !this.#at("&>");
    for (const member of members) {
      if (member === null) continue;
      member.pipelineLength = members.length;
      member.background = background;
    }
    const only = members[0];
    if (members.length === 1 && only) this.#applyEffects(only, ctx);
  }

  #applyEffects(command: SimpleCommand, ctx: Context): void {
    const declares = DECLARATIONS.has(command.argv[0]?.value ?? "");
    if (command.argv.length === 0 || declares) {
      const words = declares
        ? command.argv.slice(1).filter((w) => isAssignment(w, w.raw))
        : command.assignments;
      for (const assignment of words) {
        const eq = assignment.value.indexOf("=");
        const name = assignment.value.slice(0, eq);
        ctx.vars.set(
          name,
          assignment.dynamic ? null : assignment.value.slice(eq + 1),
        );
      }
      return;
    }
    let words = command.argv;
    while (PREFIXES.has(words[0]?.value ?? "")) {
      words = words.slice(1);
      while (words[0] && /^-[a-z]+$/.test(words[0].value)) {
        words = words.slice(1);
      }
      if (words[0]?.value === "--") words = words.slice(1);
    }
    const name = words[0]?.value;
    if (name === "popd") ctx.cwd = null;
    // A call of a function whose body moves (`up() { cd ..; }; up && rm -rf x`)
    // moves the caller too: to the same place when called from where it was defined.
    const mover = name === undefined
      ? undefined
      : this.#shared.movers.get(name);
    if (mover) ctx.cwd = ctx.cwd === mover.from ? mover.to : null;
    if (name !== "cd" && name !== "pushd") return;
    const args = words.slice(1);
    while (args[0] && /^-[LPe@]+$/.test(args[0].value)) args.shift();
    if (args[0]?.value === "--") args.shift();
    const target = args[0];
    if (target === undefined) {
      ctx.cwd = this.#shared.home;
    } else if (target.dynamic || target.value === "-") {
      ctx.cwd = null;
    } else if (target.value.startsWith("/")) {
      ctx.cwd = resolveFrom("/", target.value);
    } else {
      ctx.cwd = ctx.cwd === null ? null : resolveFrom(ctx.cwd, target.value);
    }
  }

  #compoundRedirects(ctx: Context, id: number, index: number): void {
    const redirects: Redirect[] = [];
    for (;;) {
      this.#skipBlanks();
      if (!this.#atRedirect()) break;
      redirects.push(this.#redirect(ctx));
    }
    if (redirects.length > 0) {
      this.#register(ctx, { argv: [], assignments: [], redirects }, id, index);
    }
  }

  #register(
    ctx: Context,
    parts: Pick<SimpleCommand, "argv" | "assignments" | "redirects">,
    id: number,
    index: number,
  ): SimpleCommand {
    const command: SimpleCommand = {
      ...parts,
      cwd: ctx.cwd,
      inSubstitution: ctx.inSub,
      pipeline: id,
      pipelineIndex: index,
      pipelineLength: 1,
      background: false,
      functionName: ctx.fn,
    };
    this.#shared.commands.push(command);
    return command;
  }

  #command(ctx: Context, id: number, index: number): SimpleCommand | null {
    this.#skipBlanks();
    if (this.#peek === "(") {
      this.#pos++;
      this.#enter();
      this.#list(copyContext(ctx), ")");
      this.#leave();
      this.#pos++;
      this.#compoundRedirects(ctx, id, index);
      return null;
    }
    if (this.#atReserved("{")) {
      this.#pos++;
      this.#enter();
      this.#list(ctx, "}");
      this.#leave();
      this.#pos++;
      this.#compoundRedirects(ctx, id, index);
      return null;
    }
    const argv: Word[] = [];
    const assignments: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      this.#skipBlanks();
      const c = this.#peek;
      if (
        (c === "<" || c === ">") && this.#src[this.#pos + 1] === "("
      ) {
        argv.push(this.#processSubstitution(ctx));
        continue;
      }
      if (this.#atRedirect()) {
        redirects.push(this.#redirect(ctx));
        continue;
      }
      if (c === "(") {
        const name = argv[0];
        if (argv.length === 1 && name && !name.dynamic) {
          return this.#functionBody(ctx, name.value, id, index);
        }
        this.#fail('unexpected "("');
      }
      if (isMeta(c)) break;
      const start = this.#pos;
      const word = this.#word(ctx);
      if (argv.length === 0 && !word.quoted) {
        if (RESERVED_SKIPPED.has(word.value)) continue;
        if (word.value === "case") {
          throw new ParseFailure("case statements are not analysed", true);
        }
        if (word.value === "for" || word.value === "select") {
          this.#loopHeader(ctx);
          return null;
        }
        if (word.value === "function") {
          this.#skipBlanks();
          const name = this.#word(ctx);
          this.#skipBlanks();
          if (this.#at("()")) this.#pos += 2;
          return this.#functionBody(ctx, name.value, id, index, true);
        }
      }
      if (
        argv.length === 0 &&
        isAssignment(word, this.#src.slice(start, this.#pos))
      ) {
        if (this.#peek === "(") {
          this.#arrayLiteral(ctx);
          word.dynamic = true;
        }
        assignments.push(word);
        continue;
      }
      argv.push(word);
    }
    if (
      argv.length === 0 && assignments.length === 0 && redirects.length === 0
    ) {
      return null;
    }
    return this.#register(ctx, { argv, assignments, redirects }, id, index);
  }

  /**
   * Reads `NAME in WORDS` of a for/select loop: the variable then stands for
   * the word it ranges over (one word), or for the words' common literal prefix.
   */
  #loopHeader(ctx: Context): void {
    const words: Word[] = [];
    for (;;) {
      this.#skipBlanks();
      if (isMeta(this.#peek)) break;
      words.push(this.#word(ctx));
    }
    const [name, keyword, ...list] = words;
    if (!name || keyword?.value !== "in" || !isNameOnly(name.value)) return;
    ctx.vars.delete(name.value);
    if (list.length === 0) return;
    if (list.length === 1 && list[0]) {
      if (list[0].dynamic) ctx.loops.set(name.value, list[0]);
      else ctx.vars.set(name.value, list[0].value);
      return;
    }
    let prefix = list[0]?.literalPrefix ?? "";
    for (const w of list) {
      while (!w.literalPrefix.startsWith(prefix)) prefix = prefix.slice(0, -1);
    }
    ctx.loops.set(name.value, {
      value: `$${name.value}`,
      raw: `$${name.value}`,
      dynamic: true,
      literalPrefix: prefix,
      quoted: false,
      substitutions: list.flatMap((w) => w.substitutions),
      ...(list.every((w) => !w.dynamic)
        ? { alternatives: list.map((w) => w.value) }
        : {}),
    });
  }

  #arrayLiteral(ctx: Context): void {
    this.#pos++;
    for (;;) {
      this.#skipBlanksAndNewlines();
      if (this.#peek === ")") {
        this.#pos++;
        return;
      }
      if (isMeta(this.#peek)) this.#fail("unterminated array");
      this.#word(ctx);
    }
  }

  #functionBody(
    ctx: Context,
    name: string,
    id: number,
    index: number,
    parensDone = false,
  ): null {
    if (!parensDone) {
      this.#pos++;
      this.#skipBlanks();
      if (this.#peek !== ")") this.#fail('expected ")"');
      this.#pos++;
    }
    this.#skipBlanksAndNewlines();
    this.#enter();
    const body = copyContext(ctx, { fn: name });
    this.#command(body, id, index);
    this.#leave();
    if (body.cwd !== ctx.cwd) {
      this.#shared.movers.set(name, { from: ctx.cwd, to: body.cwd });
    } else this.#shared.movers.delete(name);
    return null;
  }

  #atRedirect(): boolean {
    let i = this.#pos;
    while (/[0-9]/.test(this.#src[i] ?? "")) i++;
    const c = this.#src[i];
    if (i > this.#pos) return c === "<" || c === ">";
    if (c === "<" || c === ">") return this.#src[i + 1] !== "(";
    return c === "&" && this.#src[i + 1] === ">";
  }

  #redirect(ctx: Context): Redirect {
    let digits = "";
    while (/[0-9]/.test(this.#peek ?? "")) digits += this.#src[this.#pos++];
    const op = REDIRECT_OPERATORS.find((o) => this.#at(o));
    if (op === undefined) this.#fail("bad redirection");
    this.#pos += op.length;
    this.#skipBlanks();
    if (
      (this.#peek === "<" || this.#peek === ">") &&
      this.#src[this.#pos + 1] === "(" && op !== "<<" && op !== "<<-"
    ) {
      const fd = digits === "" ? null : Number(digits);
      return { op, fd, target: this.#processSubstitution(ctx), heredoc: null };
    }
    if (isMeta(this.#peek)) this.#fail(`missing target after "${op}"`);
    const fd = digits === "" ? null : Number(digits);
    if (op === "<<" || op === "<<-") {
      const word = this.#word({ ...ctx, vars: new Map(), loops: new Map() });
      const heredoc: Heredoc = {
        delimiter: word.quoted ? unquoteDelimiter(word.raw) : word.raw,
        quoted: word.quoted,
        stripTabs: op === "<<-",
        body: "",
      };
      const redirect: Redirect = { op, fd, target: null, heredoc };
      this.#pending.push({ redirect, heredoc, ctx: copyContext(ctx) });
      return redirect;
    }
    return { op, fd, target: this.#word(ctx), heredoc: null };
  }

  #processSubstitution(ctx: Context): Word {
    const start = this.#pos;
    this.#pos += 2;
    const before = this.#shared.commands.length;
    this.#enter();
    this.#list(copyContext(ctx, { inSub: true }), ")");
    this.#leave();
    this.#pos++;
    this.#countWord();
    const raw = this.#src.slice(start, this.#pos);
    return {
      value: raw,
      raw,
      dynamic: true,
      literalPrefix: "",
      quoted: false,
      substitutions: this.#shared.commands.slice(before),
    };
  }

  #countWord(): void {
    this.#shared.words++;
    if (this.#shared.words > this.#shared.maxWords) {
      throw new ParseFailure(
        `more than ${this.#shared.maxWords} words`,
        true,
      );
    }
  }

  #word(ctx: Context): Word {
    this.#countWord();
    const start = this.#pos;
    const b = new WordBuilder();
    if (this.#peek === "~") this.#tilde(b, ctx);
    for (;;) {
      const c = this.#peek;
      if (isMeta(c)) break;
      if (c === "\\") {
        const next = this.#src[this.#pos + 1];
        this.#pos += 2;
        if (next === "\n") continue;
        b.quoted = true;
        b.literal(next ?? "");
      } else if (c === "'") {
        b.quoted = true;
        const end = this.#src.indexOf("'", this.#pos + 1);
        if (end === -1) this.#fail("unterminated single quote");
        b.literal(this.#src.slice(this.#pos + 1, end));
        this.#pos = end + 1;
      } else if (c === '"') {
        this.#doubleQuoted(b, ctx);
      } else if (c === "$" && this.#src[this.#pos + 1] === "'") {
        b.quoted = true;
        this.#pos += 2;
        b.literal(this.#ansiC());
      } else if (c === "$" && this.#src[this.#pos + 1] === '"') {
        this.#pos++;
        this.#doubleQuoted(b, ctx);
      } else if (c === "$") {
        this.#dollar(b, ctx);
      } else if (c === "`") {
        this.#backtick(b, ctx);
      } else if (
        c === "~" && !b.quoted && /^[A-Za-z_][A-Za-z0-9_]*=$/.test(b.value)
      ) {
        this.#tilde(b, ctx);
      } else if (
        c === "*" || c === "?" || (c === "[" && this.#closesBracket())
      ) {
        b.dynamicPart(c);
        this.#pos++;
      } else if (c === "{" && this.#isBraceExpansion()) {
        b.dynamicPart(c);
        this.#pos++;
      } else {
        b.literal(c ?? "");
        this.#pos++;
      }
    }
    const raw = this.#src.slice(start, this.#pos);
    return {
      value: b.value,
      raw,
      dynamic: b.dynamic,
      literalPrefix: b.dynamic ? b.prefix : b.value,
      quoted: b.quoted,
      substitutions: b.substitutions,
      ...(b.alternatives && /^"?\$\{?\w+\}?"?$/.test(raw)
        ? { alternatives: b.alternatives }
        : {}),
    };
  }

  /** Whether the `[` at the cursor opens a glob bracket expression (a `]` follows in the word). */
  #closesBracket(): boolean {
    for (let i = this.#pos + 1; i < this.#src.length; i++) {
      const c = this.#src[i];
      if (isMeta(c)) return false;
      if (c === "]") return true;
    }
    return false;
  }

  #isBraceExpansion(): boolean {
    let depth = 0;
    for (let i = this.#pos; i < this.#src.length; i++) {
      const c = this.#src[i];
      if (isMeta(c)) return false;
      if (c === "{") depth++;
      if (c === "}" && --depth === 0) {
        const inner = this.#src.slice(this.#pos + 1, i);
        return inner.includes(",") || inner.includes("..");
      }
    }
    return false;
  }

  #tilde(b: WordBuilder, ctx: Context): void {
    let end = this.#pos + 1;
    while (!isMeta(this.#src[end]) && this.#src[end] !== "/") end++;
    const user = this.#src.slice(this.#pos + 1, end);
    if (user === "" && this.#shared.home !== null) b.literal(this.#shared.home);
    else if (user === "+" && ctx.cwd !== null) b.literal(ctx.cwd);
    else b.dynamicPart(this.#src.slice(this.#pos, end));
    this.#pos = end;
  }

  #doubleQuoted(b: WordBuilder, ctx: Context): void {
    b.quoted = true;
    this.#pos++;
    for (;;) {
      const c = this.#peek;
      if (c === undefined) this.#fail("unterminated double quote");
      if (c === '"') {
        this.#pos++;
        return;
      }
      if (c === "\\") {
        const next = this.#src[this.#pos + 1];
        if (next === "\n") this.#pos += 2;
        else if (
          next === "$" || next === "`" || next === '"' || next === "\\"
        ) {
          b.literal(next);
          this.#pos += 2;
        } else {
          b.literal("\\");
          this.#pos++;
        }
      } else if (c === "$") this.#dollar(b, ctx);
      else if (c === "`") this.#backtick(b, ctx);
      else {
        b.literal(c);
        this.#pos++;
      }
    }
  }

  #ansiC(): string {
    let out = "";
    for (;;) {
      const c = this.#peek;
      if (c === undefined) this.#fail("unterminated $'…' quote");
      this.#pos++;
      if (c === "'") return out;
      if (c !== "\\") {
        out += c;
        continue;
      }
      const e = this.#peek ?? "";
      this.#pos++;
      const simple: Record<string, string> = {
        n: "\n",
        t: "\t",
        r: "\r",
        a: "\x07",
        b: "\b",
        e: "\x1b",
        E: "\x1b",
        f: "\f",
        v: "\v",
        "\\": "\\",
        "'": "'",
        '"': '"',
        "?": "?",
      };
      const mapped = simple[e];
      if (mapped !== undefined) out += mapped;
      else if (e === "x" || e === "u" || e === "U") {
        const max = e === "x" ? 2 : e === "u" ? 4 : 8;
        let hex = "";
        while (hex.length < max && /[0-9a-fA-F]/.test(this.#peek ?? "")) {
          hex += this.#src[this.#pos++];
        }
        out += hex === "" ? `\\${e}` : String.fromCodePoint(parseInt(hex, 16));
      } else if (/[0-7]/.test(e)) {
        let oct = e;
        while (oct.length < 3 && /[0-7]/.test(this.#peek ?? "")) {
          oct += this.#src[this.#pos++];
        }
        out += String.fromCharCode(parseInt(oct, 8) & 0xff);
      } else if (e === "c") {
        const ch = this.#src[this.#pos++] ?? "";
        out += String.fromCharCode(ch.toUpperCase().charCodeAt(0) ^ 0x40);
      } else out += `\\${e}`;
    }
  }

  /** Scans text nested in a word (arithmetic, `${…}`) one level deeper, keeping the commands it would run. */
  #scanNested(inner: string, b: WordBuilder, ctx: Context): void {
    this.#enter();
    const sub = this.#scanBody(inner, copyContext(ctx, { inSub: true }));
    this.#leave();
    b.substitutions.push(...sub.substitutions);
  }

  #dollar(b: WordBuilder, ctx: Context): void {
    const start = this.#pos;
    const next = this.#src[this.#pos + 1];
    if (next === "(" && this.#src[this.#pos + 2] === "(") {
      const end = this.#arithmeticEnd();
      if (end !== -1) {
        const inner = this.#src.slice(this.#pos + 3, end);
        this.#pos = end + 2;
        this.#scanNested(inner, b, ctx);
        b.dynamicPart(this.#src.slice(start, this.#pos));
        return;
      }
    }
    if (next === "(") {
      this.#pos += 2;
      const before = this.#shared.commands.length;
      this.#enter();
      this.#list(copyContext(ctx, { inSub: true }), ")");
      this.#leave();
      this.#pos++;
      b.substitutions.push(...this.#shared.commands.slice(before));
      b.dynamicPart(this.#src.slice(start, this.#pos));
      return;
    }
    if (next === "{") {
      let depth = 0;
      let i = this.#pos + 1;
      for (; i < this.#src.length; i++) {
        const c = this.#src[i];
        if (c === "\\") i++;
        else if (c === "{") depth++;
        else if (c === "}" && --depth === 0) break;
      }
      if (i >= this.#src.length) this.#fail('unterminated "${"');
      const inner = this.#src.slice(this.#pos + 2, i);
      this.#pos = i + 1;
      const known = isNameOnly(inner) ? this.#lookup(inner, ctx) : null;
      if (known !== null) {
        b.literal(known);
        return;
      }
      if (isNameOnly(inner) && this.#loopVariable(inner, b, ctx)) return;
      if (inner.includes("$") || inner.includes("`")) {
        this.#scanNested(inner, b, ctx);
      }
      b.dynamicPart(this.#src.slice(start, this.#pos));
      return;
    }
    if (isNameStart(next)) {
      let end = this.#pos + 1;
      while (isNameChar(this.#src[end])) end++;
      const name = this.#src.slice(this.#pos + 1, end);
      this.#pos = end;
      const known = this.#lookup(name, ctx);
      if (known !== null) b.literal(known);
      else if (!this.#loopVariable(name, b, ctx)) b.dynamicPart(`$${name}`);
      return;
    }
    if (next !== undefined && /[0-9@*#?$!-]/.test(next)) {
      this.#pos += 2;
      b.dynamicPart(`$${next}`);
      return;
    }
    b.literal("$");
    this.#pos++;
  }

  /** The index of the `))` closing an arithmetic expansion opened at the cursor, or -1. */
  #arithmeticEnd(): number {
    let depth = 0;
    for (let i = this.#pos + 3; i < this.#src.length; i++) {
      const c = this.#src[i];
      if (c === "(") depth++;
      else if (c === ")") {
        if (depth === 0) return this.#src[i + 1] === ")" ? i : -1;
        depth--;
      }
    }
    return -1;
  }

  /** Appends a loop variable: the word it ranges over, dynamic, with that word's literal prefix. */
  #loopVariable(name: string, b: WordBuilder, ctx: Context): boolean {
    const range = ctx.vars.has(name) ? undefined : ctx.loops.get(name);
    if (range === undefined) return false;
    if (b.value === "" && range.alternatives) {
      b.alternatives = range.alternatives;
    } else b.alternatives = null;
    b.dynamicPart(range.value, range.literalPrefix);
    b.substitutions.push(...range.substitutions);
    return true;
  }

  #lookup(name: string, ctx: Context): string | null {
    if (ctx.vars.has(name)) return ctx.vars.get(name) ?? null;
    if (name === "HOME") return this.#shared.home;
    if (name === "PWD") return ctx.cwd;
    return null;
  }

  #backtick(b: WordBuilder, ctx: Context): void {
    const start = this.#pos;
    this.#pos++;
    let inner = "";
    for (;;) {
      const c = this.#peek;
      if (c === undefined) this.#fail("unterminated backtick");
      this.#pos++;
      if (c === "`") break;
      if (c === "\\") {
        const next = this.#peek;
        if (next === "`" || next === "\\" || next === "$") {
          inner += next;
          this.#pos++;
          continue;
        }
      }
      inner += c;
    }
    const before = this.#shared.commands.length;
    const sub = new Parser(inner, this.#shared, this.#depth);
    sub.#enter();
    sub.parseProgram(copyContext(ctx, { inSub: true }));
    b.substitutions.push(...this.#shared.commands.slice(before));
    b.dynamicPart(this.#src.slice(start, this.#pos));
  }
}

function isNameOnly(text: string): boolean {
  return text.length > 0 && isNameStart(text[0]) &&
    [...text].every((c) => isNameChar(c));
}

function isAssignment(word: Word, raw: string): boolean {
  const eq = raw.indexOf("=");
  if (eq <= 0) return false;
  const name = raw.slice(0, raw[eq - 1] === "+" ? eq - 1 : eq);
  return isNameOnly(name) && word.value.startsWith(raw.slice(0, eq));
}

function unquoteDelimiter(raw: string): string {
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === "'" || c === '"') continue;
    if (c === "\\") {
      out += raw[++i] ?? "";
      continue;
    }
    out += c;
  }
  return out;
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
  };
  const ctx: Context = {
    cwd: options.cwd ?? null,
    inSub: false,
    fn: null,
    vars: new Map(),
    loops: new Map(),
  };
  try {
    new Parser(command, shared, 0).parseProgram(ctx);
  } catch (error) {
    if (error instanceof ParseFailure) {
      return { ok: false, reason: error.message, tooComplex: error.tooComplex };
    }
    throw error;
  }
  return { ok: true, commands: shared.commands };
}
