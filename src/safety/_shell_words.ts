/**
 * The words of the shell grammar and their quoting: backslashes, single and
 * double quotes, ANSI-C `$'…'`, tilde prefixes, and the globs and brace
 * expansions that make a word's value depend on run time.
 *
 * Never expands against the real environment, touches the file system or
 * prints.
 *
 * @module
 */

import { readBacktick, readDollar } from "./_shell_expansions.ts";
import {
  type Context,
  isMeta,
  isNameOnly,
  type Scanner,
  WordBuilder,
} from "./_shell_scanner.ts";
import type { Word } from "./_shell_types.ts";

/**
 * Reads one word at the cursor, with its quotes removed and its provenance.
 *
 * @param s The scanner, at the word.
 * @param ctx The context it is read in.
 * @returns The word.
 */
export function readWord(s: Scanner, ctx: Context): Word {
  s.countWord();
  const start = s.pos;
  const b = new WordBuilder();
  if (s.peek === "~") tilde(s, b, ctx);
  for (;;) {
    const c = s.peek;
    if (isMeta(c)) break;
    if (c === "\\") {
      const next = s.src[s.pos + 1];
      s.pos += 2;
      if (next === "\n") continue;
      b.quoted = true;
      b.literal(next ?? "");
    } else if (c === "'") {
      b.quoted = true;
      const end = s.src.indexOf("'", s.pos + 1);
      if (end === -1) s.fail("unterminated single quote");
      b.literal(s.src.slice(s.pos + 1, end));
      s.pos = end + 1;
    } else if (c === '"') {
      doubleQuoted(s, b, ctx);
    } else if (c === "$" && s.src[s.pos + 1] === "'") {
      b.quoted = true;
      s.pos += 2;
      b.literal(ansiC(s));
    } else if (c === "$" && s.src[s.pos + 1] === '"') {
      s.pos++;
      doubleQuoted(s, b, ctx);
    } else if (c === "$") {
      readDollar(s, b, ctx);
    } else if (c === "`") {
      readBacktick(s, b, ctx);
    } else if (
      c === "~" && !b.quoted && /^[A-Za-z_][A-Za-z0-9_]*=$/.test(b.value)
    ) {
      tilde(s, b, ctx);
    } else if (
      c === "*" || c === "?" || (c === "[" && closesBracket(s))
    ) {
      b.dynamicPart(c);
      s.pos++;
    } else if (c === "{" && isBraceExpansion(s)) {
      b.dynamicPart(c);
      s.pos++;
    } else {
      b.literal(c ?? "");
      s.pos++;
    }
  }
  const raw = s.src.slice(start, s.pos);
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

/**
 * Whether a word read from `raw` is a `NAME=value` (or `NAME+=value`) assignment.
 *
 * @param word The word.
 * @param raw Its source text.
 * @returns Whether it assigns.
 */
export function isAssignment(word: Word, raw: string): boolean {
  const eq = raw.indexOf("=");
  if (eq <= 0) return false;
  const name = raw.slice(0, raw[eq - 1] === "+" ? eq - 1 : eq);
  return isNameOnly(name) && word.value.startsWith(raw.slice(0, eq));
}

/** Whether the `[` at the cursor opens a glob bracket expression (a `]` follows in the word). */
function closesBracket(s: Scanner): boolean {
  for (let i = s.pos + 1; i < s.src.length; i++) {
    const c = s.src[i];
    if (isMeta(c)) return false;
    if (c === "]") return true;
  }
  return false;
}

function isBraceExpansion(s: Scanner): boolean {
  let depth = 0;
  for (let i = s.pos; i < s.src.length; i++) {
    const c = s.src[i];
    if (isMeta(c)) return false;
    if (c === "{") depth++;
    if (c === "}" && --depth === 0) {
      const inner = s.src.slice(s.pos + 1, i);
      return inner.includes(",") || inner.includes("..");
    }
  }
  return false;
}

function tilde(s: Scanner, b: WordBuilder, ctx: Context): void {
  let end = s.pos + 1;
  while (!isMeta(s.src[end]) && s.src[end] !== "/") end++;
  const user = s.src.slice(s.pos + 1, end);
  if (user === "" && s.shared.home !== null) b.literal(s.shared.home);
  else if (user === "+" && ctx.cwd !== null) b.literal(ctx.cwd);
  else b.dynamicPart(s.src.slice(s.pos, end));
  s.pos = end;
}

function doubleQuoted(s: Scanner, b: WordBuilder, ctx: Context): void {
  b.quoted = true;
  s.pos++;
  for (;;) {
    const c = s.peek;
    if (c === undefined) s.fail("unterminated double quote");
    if (c === '"') {
      s.pos++;
      return;
    }
    if (c === "\\") {
      const next = s.src[s.pos + 1];
      if (next === "\n") s.pos += 2;
      else if (
        next === "$" || next === "`" || next === '"' || next === "\\"
      ) {
        b.literal(next);
        s.pos += 2;
      } else {
        b.literal("\\");
        s.pos++;
      }
    } else if (c === "$") readDollar(s, b, ctx);
    else if (c === "`") readBacktick(s, b, ctx);
    else {
      b.literal(c);
      s.pos++;
    }
  }
}

function ansiC(s: Scanner): string {
  let out = "";
  for (;;) {
    const c = s.peek;
    if (c === undefined) s.fail("unterminated $'…' quote");
    s.pos++;
    if (c === "'") return out;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = s.peek ?? "";
    s.pos++;
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
      while (hex.length < max && /[0-9a-fA-F]/.test(s.peek ?? "")) {
        hex += s.src[s.pos++];
      }
      out += hex === "" ? `\\${e}` : String.fromCodePoint(parseInt(hex, 16));
    } else if (/[0-7]/.test(e)) {
      let oct = e;
      while (oct.length < 3 && /[0-7]/.test(s.peek ?? "")) {
        oct += s.src[s.pos++];
      }
      out += String.fromCharCode(parseInt(oct, 8) & 0xff);
    } else if (e === "c") {
      const ch = s.src[s.pos++] ?? "";
      out += String.fromCharCode(ch.toUpperCase().charCodeAt(0) ^ 0x40);
    } else out += `\\${e}`;
  }
}
