/**
 * The calls in scanned program text (`_code_scan.ts`): each call's name,
 * receiver and arguments split at top-level commas, and an argument's value
 * when it is a literal, a list of literals or a name.
 *
 * Pure: reads masked text; never runs code.
 *
 * @module
 */

import {
  type Arg,
  type Call,
  type CodeLanguage,
  FILL,
  type Literal,
  OPEN,
  type Scanned,
} from "./_code_scan.ts";

/** The index of the bracket that closes the one at `open`, or the text's end. */
function closing(masked: string, open: number): number {
  let depth = 0;
  for (let i = open; i < masked.length; i++) {
    const c = masked[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return masked.length;
}

/** Splits an argument region at its top-level commas. */
export function splitArgs(masked: string, from: number, to: number): Arg[] {
  const args: Arg[] = [];
  let depth = 0;
  let start = from;
  const push = (end: number) => {
    const raw = masked.slice(start, end);
    const text = raw.trim();
    if (text === "") return;
    const kw = /^([A-Za-z_$][\w$]*)\s*(?:=(?!=)|:(?!:))\s*/.exec(text);
    args.push({
      text: kw ? text.slice(kw[0].length) : text,
      start: start + raw.indexOf(text) + (kw ? kw[0].length : 0),
      keyword: kw ? kw[1]! : null,
    });
  };
  for (let i = from; i < to; i++) {
    const c = masked[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (
      (c === "," || (c === "=" && masked[i + 1] === ">")) && depth === 0
    ) {
      push(i);
      start = c === "=" ? i + 2 : i + 1;
      if (c === "=") i++;
    }
  }
  push(to);
  return args;
}

/** Where the `)` of `f(…).name` or `f(…)->name` is, reading back from `name`; -1 when none. */
function receiverEnd(masked: string, start: number): number {
  let i = start - 1;
  while (i >= 0 && /\s/.test(masked[i]!)) i--;
  if (masked[i] === ".") i--;
  else if (masked[i] === ">" && masked[i - 1] === "-") i -= 2;
  else return -1;
  while (i >= 0 && /\s/.test(masked[i]!)) i--;
  return masked[i] === ")" ? i : -1;
}

const NAME =
  /((?:new\s+)?[A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]*)*)(\s*)/g;
const BARE_STOP = /^[^=.,;)\]}?:+\-*/<>|&!~\n]/;

/**
 * The calls in scanned code: `name(…)` everywhere, and for Ruby and Perl also
 * `name arg, …` up to the end of the statement.
 *
 * @param scanned The scanned code.
 * @param language Its language.
 * @returns The calls in order.
 */
export function findCalls(scanned: Scanned, language: CodeLanguage): Call[] {
  const { masked } = scanned;
  const calls: Call[] = [];
  const byEnd = new Map<number, { name: string; args: Arg[] }>();
  for (const m of masked.matchAll(NAME)) {
    const start = m.index ?? 0;
    if (/[\w$]/.test(masked[start - 1] ?? "")) continue;
    const name = m[1]!.replace(/\s+/g, (s) => (s.includes(" ") ? " " : ""))
      .replace(/\s*(?:::|->)\s*/g, ".").replace(/\s*\.\s*/g, ".");
    const after = start + m[0].length;
    let args: Arg[];
    let end: number;
    if (masked[after] === "(") {
      end = closing(masked, after);
      args = splitArgs(masked, after + 1, end);
    } else if (
      (language === "ruby" || language === "perl") && m[2] !== "" &&
      BARE_STOP.test(masked[after] ?? "") &&
      !/^(?:if|unless|while|until|and|or|not|return|do|end|my|our|sub|def)$/
        .test(name)
    ) {
      const stop = masked.slice(after).search(
        language === "perl" ? /[;{}]/ : /[;\n]|\bdo\b|\{/,
      );
      end = stop === -1 ? masked.length : after + stop;
      args = splitArgs(masked, after, end);
    } else continue;
    let receiver: { name: string; args: Arg[] } | null = null;
    const dot = receiverEnd(masked, start);
    if (dot !== -1) receiver = byEnd.get(dot) ?? null;
    calls.push({ name, args, receiver });
    byEnd.set(end, { name, args });
  }
  return calls;
}

/** What an argument holds: one literal (maybe wrapped in single-argument calls like `Path(…)`), a list, or something else. */
export type ArgValue =
  | { kind: "literal"; literal: Literal }
  | { kind: "list"; items: ArgValue[] }
  | { kind: "other"; text: string };

/**
 * Reads an argument's value.
 *
 * @param arg The argument.
 * @param scanned The scanned code it comes from.
 * @returns The literal, the list, or other.
 */
export function argValue(arg: Arg, scanned: Scanned): ArgValue {
  let text = arg.text;
  let offset = arg.start;
  for (;;) {
    const wrap = /^(?:new\s+)?[A-Za-z_$][\w$.]*\s*\(/.exec(text);
    if (!wrap || !text.endsWith(")")) break;
    const inner = splitArgs(
      scanned.masked,
      offset + wrap[0].length,
      offset + text.length - 1,
    );
    if (inner.length !== 1) break;
    text = inner[0]!.text;
    offset = inner[0]!.start;
  }
  if (
    text.startsWith(OPEN) && !text.slice(1).replace(new RegExp(FILL, "g"), "")
  ) {
    const literal = scanned.literals.get(offset);
    if (literal?.words) {
      return {
        kind: "list",
        items: literal.text.split(/\s+/).filter((w) => w !== "").map((w) => ({
          kind: "literal",
          literal: { ...literal, text: w, prefix: w, words: false },
        })),
      };
    }
    if (literal) return { kind: "literal", literal };
  }
  if (
    /^[[(]/.test(text) &&
    closing(scanned.masked, offset) === offset + text.length - 1
  ) {
    return {
      kind: "list",
      items: splitArgs(scanned.masked, offset + 1, offset + text.length - 1)
        .map((a) => argValue(a, scanned)),
    };
  }
  return { kind: "other", text };
}
