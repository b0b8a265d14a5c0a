/**
 * Redirections in the shell grammar, heredocs among them: the operator, its
 * descriptor and target, and the heredoc bodies read after the next newline
 * (an unquoted body is scanned for the substitutions it would run).
 *
 * Never opens a file or prints.
 *
 * @module
 */

import {
  readProcessSubstitution,
  scanExpansions,
} from "./_shell_expansions.ts";
import {
  type Context,
  copyContext,
  isMeta,
  type PendingHeredoc,
  type Scanner,
} from "./_shell_scanner.ts";
import type { Heredoc, Redirect, RedirectOperator } from "./_shell_types.ts";
import { readWord } from "./_shell_words.ts";

/** Longest first, so that `>>` is not read as `>`. */
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

/**
 * Whether a redirection starts at the cursor (and not a process substitution).
 *
 * @param s The scanner.
 * @returns Whether one does.
 */
export function atRedirect(s: Scanner): boolean {
  let i = s.pos;
  while (/[0-9]/.test(s.src[i] ?? "")) i++;
  const c = s.src[i];
  if (i > s.pos) return c === "<" || c === ">";
  if (c === "<" || c === ">") return s.src[i + 1] !== "(";
  return c === "&" && s.src[i + 1] === ">";
}

/**
 * Reads the redirection at the cursor; a heredoc's body waits for the next newline.
 *
 * @param s The scanner, at the redirection.
 * @param ctx The context it is read in.
 * @returns The redirection.
 */
export function readRedirect(s: Scanner, ctx: Context): Redirect {
  let digits = "";
  while (/[0-9]/.test(s.peek ?? "")) digits += s.src[s.pos++];
  const op = REDIRECT_OPERATORS.find((o) => s.at(o));
  if (op === undefined) s.fail("bad redirection");
  s.pos += op.length;
  s.skipBlanks();
  if (
    (s.peek === "<" || s.peek === ">") &&
    s.src[s.pos + 1] === "(" && op !== "<<" && op !== "<<-"
  ) {
    const fd = digits === "" ? null : Number(digits);
    return { op, fd, target: readProcessSubstitution(s, ctx), heredoc: null };
  }
  if (isMeta(s.peek)) s.fail(`missing target after "${op}"`);
  const fd = digits === "" ? null : Number(digits);
  if (op === "<<" || op === "<<-") {
    const word = readWord(s, { ...ctx, vars: new Map(), loops: new Map() });
    const heredoc: Heredoc = {
      delimiter: word.quoted ? unquoteDelimiter(word.raw) : word.raw,
      quoted: word.quoted,
      stripTabs: op === "<<-",
      body: "",
    };
    const redirect: Redirect = { op, fd, target: null, heredoc };
    s.pending.push({ redirect, heredoc, ctx: copyContext(ctx) });
    return redirect;
  }
  return { op, fd, target: readWord(s, ctx), heredoc: null };
}

/**
 * Steps over the newline at the cursor and reads the heredoc bodies that follow it.
 *
 * @param s The scanner, at a newline.
 */
export function newline(s: Scanner): void {
  s.pos++;
  const pending = s.pending;
  s.pending = [];
  for (const entry of pending) readHeredoc(s, entry);
}

/**
 * Skips blanks, comments and newlines, with the heredoc bodies after them.
 *
 * @param s The scanner.
 */
export function skipBlanksAndNewlines(s: Scanner): void {
  for (;;) {
    s.skipBlanks();
    if (s.peek !== "\n") return;
    newline(s);
  }
}

function readHeredoc(s: Scanner, entry: PendingHeredoc): void {
  const { heredoc } = entry;
  const lines: string[] = [];
  while (s.pos < s.src.length) {
    let end = s.src.indexOf("\n", s.pos);
    if (end === -1) end = s.src.length;
    let line = s.src.slice(s.pos, end);
    s.pos = Math.min(end + 1, s.src.length);
    if (heredoc.stripTabs) line = line.replace(/^\t+/, "");
    if (line === heredoc.delimiter) {
      heredoc.body = lines.join("\n");
      if (!heredoc.quoted) scanExpansions(s, heredoc.body, entry.ctx);
      return;
    }
    lines.push(line);
  }
  heredoc.body = lines.join("\n");
  if (!heredoc.quoted) scanExpansions(s, heredoc.body, entry.ctx);
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
