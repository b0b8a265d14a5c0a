/**
 * The expansions of the shell grammar: `$NAME` and `${…}` (resolved when the
 * parse knows the value: `HOME`, `PWD`, earlier assignments, loop variables),
 * arithmetic `$((…))`, and the substitutions that run commands, `$(…)`,
 * backticks and `<(…)`/`>(…)`, whose commands are kept on the word.
 *
 * Never expands against the real environment, executes or prints.
 *
 * @module
 */

import {
  type Context,
  copyContext,
  isNameChar,
  isNameOnly,
  isNameStart,
  Scanner,
  WordBuilder,
} from "./_shell_scanner.ts";
import type { SimpleCommand, Word } from "./_shell_types.ts";

/**
 * Finds the substitutions in text that undergoes expansion but not word
 * splitting (a heredoc body, the inside of `${…}`).
 *
 * @param s The scanner of the enclosing text.
 * @param text The text.
 * @param ctx The context it is expanded in.
 * @returns The text as one word.
 */
export function scanExpansions(
  s: Scanner,
  text: string,
  ctx: Context,
): WordBuilder {
  const sub = new Scanner(text, s.shared, s.depth);
  const builder = new WordBuilder();
  while (sub.pos < text.length) {
    const c = sub.peek;
    if (c === "\\") {
      builder.literal(text[sub.pos + 1] ?? "");
      sub.pos += 2;
    } else if (c === "$") readDollar(sub, builder, ctx);
    else if (c === "`") readBacktick(sub, builder, ctx);
    else {
      builder.literal(c ?? "");
      sub.pos++;
    }
  }
  return builder;
}

/** Scans text nested in a word (arithmetic, `${…}`) one level deeper, keeping the commands it would run. */
function scanNested(
  s: Scanner,
  inner: string,
  b: WordBuilder,
  ctx: Context,
): void {
  s.enter();
  const sub = scanExpansions(s, inner, copyContext(ctx, { inSub: true }));
  s.leave();
  b.substitutions.push(...sub.substitutions);
}

/**
 * Reads the expansion at a `$` into the word being built.
 *
 * @param s The scanner, at the `$`.
 * @param b The word being built.
 * @param ctx The context the word is read in.
 */
export function readDollar(s: Scanner, b: WordBuilder, ctx: Context): void {
  const start = s.pos;
  const next = s.src[s.pos + 1];
  if (next === "(" && s.src[s.pos + 2] === "(") {
    const end = arithmeticEnd(s);
    if (end !== -1) {
      const inner = s.src.slice(s.pos + 3, end);
      s.pos = end + 2;
      scanNested(s, inner, b, ctx);
      b.dynamicPart(s.src.slice(start, s.pos));
      return;
    }
  }
  if (next === "(") {
    b.substitutions.push(...substitutionList(s, ctx));
    b.dynamicPart(s.src.slice(start, s.pos));
    return;
  }
  if (next === "{") {
    let depth = 0;
    let i = s.pos + 1;
    for (; i < s.src.length; i++) {
      const c = s.src[i];
      if (c === "\\") i++;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    if (i >= s.src.length) s.fail('unterminated "${"');
    const inner = s.src.slice(s.pos + 2, i);
    s.pos = i + 1;
    const known = isNameOnly(inner) ? lookup(s, inner, ctx) : null;
    if (known !== null) {
      b.literal(known);
      return;
    }
    if (isNameOnly(inner) && loopVariable(inner, b, ctx)) return;
    if (inner.includes("$") || inner.includes("`")) {
      scanNested(s, inner, b, ctx);
    }
    b.dynamicPart(s.src.slice(start, s.pos));
    return;
  }
  if (isNameStart(next)) {
    let end = s.pos + 1;
    while (isNameChar(s.src[end])) end++;
    const name = s.src.slice(s.pos + 1, end);
    s.pos = end;
    const known = lookup(s, name, ctx);
    if (known !== null) b.literal(known);
    else if (!loopVariable(name, b, ctx)) b.dynamicPart(`$${name}`);
    return;
  }
  if (next !== undefined && /[0-9@*#?$!-]/.test(next)) {
    s.pos += 2;
    b.dynamicPart(`$${next}`);
    return;
  }
  b.literal("$");
  s.pos++;
}

/** The index of the `))` closing an arithmetic expansion opened at the cursor, or -1. */
function arithmeticEnd(s: Scanner): number {
  let depth = 0;
  for (let i = s.pos + 3; i < s.src.length; i++) {
    const c = s.src[i];
    if (c === "(") depth++;
    else if (c === ")") {
      if (depth === 0) return s.src[i + 1] === ")" ? i : -1;
      depth--;
    }
  }
  return -1;
}

/** Appends a loop variable: the word it ranges over, dynamic, with that word's literal prefix. */
function loopVariable(name: string, b: WordBuilder, ctx: Context): boolean {
  const range = ctx.vars.has(name) ? undefined : ctx.loops.get(name);
  if (range === undefined) return false;
  if (b.value === "" && range.alternatives) {
    b.alternatives = range.alternatives;
  } else b.alternatives = null;
  b.dynamicPart(range.value, range.literalPrefix);
  b.substitutions.push(...range.substitutions);
  return true;
}

function lookup(s: Scanner, name: string, ctx: Context): string | null {
  if (ctx.vars.has(name)) return ctx.vars.get(name) ?? null;
  if (name === "HOME") return s.shared.home;
  if (name === "PWD") return ctx.cwd;
  return null;
}

/**
 * Reads a backtick substitution into the word being built.
 *
 * @param s The scanner, at the opening backtick.
 * @param b The word being built.
 * @param ctx The context the word is read in.
 */
export function readBacktick(s: Scanner, b: WordBuilder, ctx: Context): void {
  const start = s.pos;
  s.pos++;
  let inner = "";
  for (;;) {
    const c = s.peek;
    if (c === undefined) s.fail("unterminated backtick");
    s.pos++;
    if (c === "`") break;
    if (c === "\\") {
      const next = s.peek;
      if (next === "`" || next === "\\" || next === "$") {
        inner += next;
        s.pos++;
        continue;
      }
    }
    inner += c;
  }
  const before = s.shared.commands.length;
  const sub = new Scanner(inner, s.shared, s.depth);
  sub.enter();
  s.shared.grammar.program(sub, copyContext(ctx, { inSub: true }));
  b.substitutions.push(...s.shared.commands.slice(before));
  b.dynamicPart(s.src.slice(start, s.pos));
}

/**
 * Reads a process substitution, `<(…)` or `>(…)`, as one dynamic word.
 *
 * @param s The scanner, at the `<` or `>`.
 * @param ctx The context it is read in.
 * @returns The word, with the commands it runs.
 */
export function readProcessSubstitution(s: Scanner, ctx: Context): Word {
  const start = s.pos;
  const substitutions = substitutionList(s, ctx);
  s.countWord();
  const raw = s.src.slice(start, s.pos);
  return {
    value: raw,
    raw,
    dynamic: true,
    literalPrefix: "",
    quoted: false,
    substitutions,
  };
}

/**
 * Reads the command list of `$(…)`, `<(…)` or `>(…)`, one level deeper, from
 * its two opening characters at the cursor to past its `)`.
 */
function substitutionList(s: Scanner, ctx: Context): SimpleCommand[] {
  s.pos += 2;
  const before = s.shared.commands.length;
  s.enter();
  s.shared.grammar.list(s, copyContext(ctx, { inSub: true }), ")");
  s.leave();
  s.pos++;
  return s.shared.commands.slice(before);
}
