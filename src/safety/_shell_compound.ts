/**
 * The command floor of the shell grammar: lists joined by `;`, `&`, `&&`,
 * `||` and newlines, pipelines, simple commands with their assignments and
 * redirections, subshells, groups, function definitions, `for`/`select`
 * headers and the reserved words of `if`/`while`/`until` bodies. It follows
 * what a finished command changes for later segments: variables, and the
 * directory after `cd`, `pushd`, `popd` or a function whose body moves.
 *
 * Never executes or prints. `case` statements are refused as too complex.
 *
 * @module
 */

import { resolveFrom } from "./_paths.ts";
import {
  atRedirect,
  newline,
  readRedirect,
  skipBlanksAndNewlines,
} from "./_shell_redirects.ts";
import { readProcessSubstitution } from "./_shell_expansions.ts";
import {
  type Context,
  copyContext,
  type Grammar,
  isMeta,
  isNameOnly,
  ParseFailure,
  type Scanner,
} from "./_shell_scanner.ts";
import type { Redirect, SimpleCommand, Word } from "./_shell_types.ts";
import { isAssignment, readWord } from "./_shell_words.ts";

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

/** The readers of command lists, for the expansions that nest them. */
export const COMMAND_GRAMMAR: Grammar = { list, program };

function program(s: Scanner, ctx: Context): void {
  list(s, ctx, null);
  if (s.pos < s.src.length) s.fail("unexpected text");
}

function list(s: Scanner, ctx: Context, end: ")" | "}" | null): void {
  for (;;) {
    skipBlanksAndNewlines(s);
    const c = s.peek;
    if (c === undefined) {
      if (end !== null) s.fail(`missing "${end}"`);
      return;
    }
    if (c === ")") {
      if (end === ")") return;
      s.fail('unexpected ")"');
    }
    if (end === "}" && atReserved(s, "}")) return;
    if (c === ";" || c === "&" || c === "|") {
      s.fail(`unexpected "${c}"`);
    }
    pipeline(s, ctx);
    s.skipBlanks();
    if (s.at("&&") || s.at("||")) {
      s.pos += 2;
      skipBlanksAndNewlines(s);
      const next: string | undefined = s.src[s.pos];
      if (
        next === undefined || next === ")" || next === ";" || next === "&" ||
        next === "|"
      ) {
        s.fail("missing command after a connector");
      }
    } else if (s.at(";;")) s.fail('unexpected ";;"');
    else if (s.peek === ";" || s.peek === "&") s.pos++;
    else if (s.peek === "\n") newline(s);
    else if (s.peek === undefined || s.peek === ")") continue;
    else if (end === "}" && atReserved(s, "}")) continue;
    else s.fail(`unexpected "${s.peek}"`);
  }
}

function atReserved(s: Scanner, word: string): boolean {
  return s.at(word) && isMeta(s.src[s.pos + word.length]);
}

function pipeline(s: Scanner, ctx: Context): void {
  const id = s.shared.pipelines++;
  const members: (SimpleCommand | null)[] = [];
  for (;;) {
    members.push(command(s, ctx, id, members.length));
    s.skipBlanks();
    if (s.peek === "|" && !s.at("||")) {
      s.pos += s.at("|&") ? 2 : 1;
      skipBlanksAndNewlines(s);
      const next: string | undefined = s.src[s.pos];
      if (
        next === undefined || next === ")" || next === ";" ||
        next === "&" || next === "|"
      ) {
        s.fail("missing command after a pipe");
      }
      continue;
    }
    break;
  }
  const background = s.peek === "&" && !s.at("&&") && !s.at("&>");
  for (const member of members) {
    if (member === null) continue;
    member.pipelineLength = members.length;
    member.background = background;
  }
  const only = members[0];
  if (members.length === 1 && only) applyEffects(s, only, ctx);
}

function applyEffects(s: Scanner, command: SimpleCommand, ctx: Context): void {
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
  const mover = name === undefined ? undefined : s.shared.movers.get(name);
  if (mover) ctx.cwd = ctx.cwd === mover.from ? mover.to : null;
  if (name !== "cd" && name !== "pushd") return;
  const args = words.slice(1);
  while (args[0] && /^-[LPe@]+$/.test(args[0].value)) args.shift();
  if (args[0]?.value === "--") args.shift();
  const target = args[0];
  if (target === undefined) {
    ctx.cwd = s.shared.home;
  } else if (target.dynamic || target.value === "-") {
    ctx.cwd = null;
  } else if (target.value.startsWith("/")) {
    ctx.cwd = resolveFrom("/", target.value);
  } else {
    ctx.cwd = ctx.cwd === null ? null : resolveFrom(ctx.cwd, target.value);
  }
}

function compoundRedirects(
  s: Scanner,
  ctx: Context,
  id: number,
  index: number,
): void {
  const redirects: Redirect[] = [];
  for (;;) {
    s.skipBlanks();
    if (!atRedirect(s)) break;
    redirects.push(readRedirect(s, ctx));
  }
  if (redirects.length > 0) {
    register(s, ctx, { argv: [], assignments: [], redirects }, id, index);
  }
}

function register(
  s: Scanner,
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
  s.shared.commands.push(command);
  return command;
}

function command(
  s: Scanner,
  ctx: Context,
  id: number,
  index: number,
): SimpleCommand | null {
  s.skipBlanks();
  if (s.peek === "(") {
    s.pos++;
    s.enter();
    list(s, copyContext(ctx), ")");
    s.leave();
    s.pos++;
    compoundRedirects(s, ctx, id, index);
    return null;
  }
  if (atReserved(s, "{")) {
    s.pos++;
    s.enter();
    list(s, ctx, "}");
    s.leave();
    s.pos++;
    compoundRedirects(s, ctx, id, index);
    return null;
  }
  const argv: Word[] = [];
  const assignments: Word[] = [];
  const redirects: Redirect[] = [];
  for (;;) {
    s.skipBlanks();
    const c = s.peek;
    if ((c === "<" || c === ">") && s.src[s.pos + 1] === "(") {
      argv.push(readProcessSubstitution(s, ctx));
      continue;
    }
    if (atRedirect(s)) {
      redirects.push(readRedirect(s, ctx));
      continue;
    }
    if (c === "(") {
      const name = argv[0];
      if (argv.length === 1 && name && !name.dynamic) {
        return functionBody(s, ctx, name.value, id, index);
      }
      s.fail('unexpected "("');
    }
    if (isMeta(c)) break;
    const start = s.pos;
    const word = readWord(s, ctx);
    if (argv.length === 0 && !word.quoted) {
      if (RESERVED_SKIPPED.has(word.value)) continue;
      if (word.value === "case") {
        throw new ParseFailure("case statements are not analysed", true);
      }
      if (word.value === "for" || word.value === "select") {
        loopHeader(s, ctx);
        return null;
      }
      if (word.value === "function") {
        s.skipBlanks();
        const name = readWord(s, ctx);
        s.skipBlanks();
        if (s.at("()")) s.pos += 2;
        return functionBody(s, ctx, name.value, id, index, true);
      }
    }
    if (argv.length === 0 && isAssignment(word, s.src.slice(start, s.pos))) {
      if (s.peek === "(") {
        const items = arrayLiteral(s, ctx);
        word.dynamic = true;
        const name = word.value.slice(0, word.value.indexOf("="));
        ctx.vars.set(
          `${name}[@]`,
          items.some((w) => w.dynamic)
            ? null
            : JSON.stringify(items.map((w) => w.value)),
        );
      }
      assignments.push(word);
      continue;
    }
    argv.push(...arrayWords(word, ctx) ?? [word]);
  }
  if (
    argv.length === 0 && assignments.length === 0 && redirects.length === 0
  ) {
    return null;
  }
  return register(s, ctx, { argv, assignments, redirects }, id, index);
}

/**
 * Reads `NAME in WORDS` of a for/select loop: the variable then stands for
 * the word it ranges over (one word), or for the words' common literal prefix.
 */
function loopHeader(s: Scanner, ctx: Context): void {
  const words: Word[] = [];
  for (;;) {
    s.skipBlanks();
    if (isMeta(s.peek)) break;
    words.push(readWord(s, ctx));
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

/** Reads `(a b c)` after `NAME=`, returning its words. */
function arrayLiteral(s: Scanner, ctx: Context): Word[] {
  s.pos++;
  const items: Word[] = [];
  for (;;) {
    skipBlanksAndNewlines(s);
    if (s.peek === ")") {
      s.pos++;
      return items;
    }
    if (isMeta(s.peek)) s.fail("unterminated array");
    items.push(readWord(s, ctx));
  }
}

/**
 * The words of `"${NAME[@]}"` when the line assigned NAME a literal array
 * earlier (`cmd=(git reset --hard); "${cmd[@]}"`), or null.
 */
function arrayWords(word: Word, ctx: Context): Word[] | null {
  const m = /^"?\$\{(\w+)\[[@*]\]\}"?$/.exec(word.raw);
  const known = m ? ctx.vars.get(`${m[1]}[@]`) : undefined;
  if (known === undefined || known === null) return null;
  return (JSON.parse(known) as string[]).map((value) => ({
    value,
    raw: value,
    dynamic: false,
    literalPrefix: value,
    quoted: true,
    substitutions: [],
  }));
}

function functionBody(
  s: Scanner,
  ctx: Context,
  name: string,
  id: number,
  index: number,
  parensDone = false,
): null {
  if (!parensDone) {
    s.pos++;
    s.skipBlanks();
    if (s.peek !== ")") s.fail('expected ")"');
    s.pos++;
  }
  skipBlanksAndNewlines(s);
  s.enter();
  const body = copyContext(ctx, { fn: name });
  command(s, body, id, index);
  s.leave();
  if (body.cwd !== ctx.cwd) {
    s.shared.movers.set(name, { from: ctx.cwd, to: body.cwd });
  } else s.shared.movers.delete(name);
  return null;
}
