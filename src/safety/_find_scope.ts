/**
 * When a deleting `find` is an everyday clean-up: `find . -name '*.pyc'
 * -delete`, `find . -name __pycache__ -type d -exec rm -rf {} +`. The
 * expression is a plain AND (no `-o`, `!`, `-not`, `,` or parentheses, which
 * can widen what the action reaches), and before its first deleting action a
 * name or path test picks specific names: not a match-all glob (`*`, `.*`),
 * nothing git keeps in `.git` (`HEAD`, `objects`, `*.pack`, a branch named
 * `main`), no secret (`.env*`, `id_rsa`). The caller then checks that every
 * starting point lies in the project or a temp dir.
 *
 * Pure: reads the words; never runs find.
 *
 * @module
 */

import { literalWord } from "./_context.ts";
import { patternSecret } from "./_secret_patterns.ts";
import type { Word } from "./shell_parse.ts";

const NAME_TESTS = /^-(?:i?name|i?path|i?wholename)$/;

/** Operators and grouping that change which files an action reaches. */
const LOGIC = new Set(["-o", "-or", ",", "!", "-not", "(", ")"]);

/** Names git keeps inside `.git`, which a walk from the project root reaches. */
const GIT_NAMES = [
  ".git",
  "HEAD",
  "ORIG_HEAD",
  "FETCH_HEAD",
  "index",
  "config",
  "description",
  "packed-refs",
  "COMMIT_EDITMSG",
  "objects",
  "refs",
  "heads",
  "tags",
  "remotes",
  "logs",
  "hooks",
  "info",
  "exclude",
  "pack",
  "pack-0123abcd.pack",
  "pack-0123abcd.idx",
  "pack-0123abcd.rev",
  "main",
  "master",
  "origin",
  "ab",
  "0123456789abcdef0123456789abcdef012345",
];

/** Options before the starting points, and whether they follow links. */
const FOLLOWS = new Set(["-L", "-follow", "-f"]);

/** Actions that delete what reaches them. */
function deletes(words: Word[], i: number): boolean {
  const a = words[i]?.value ?? "";
  if (a === "-delete") return true;
  if (!/^-(?:exec|execdir|ok|okdir)$/.test(a)) return false;
  const program = words[i + 1]?.value ?? "";
  return /(?:^|\/)(?:rm|rmdir|unlink|shred)$/.test(program);
}

/** A glob as a regular expression over one name. */
function globRegExp(glob: string, ignoreCase: boolean): RegExp {
  let out = "";
  for (const c of glob) {
    if (c === "*") out += ".*";
    else if (c === "?") out += ".";
    else out += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`, ignoreCase ? "i" : "");
}

/** Whether a name test's pattern picks specific, safe names. */
function specific(test: string, pattern: string): boolean {
  if (pattern.includes(".git")) return false;
  if (/^-i?(?:path|wholename)$/.test(test)) {
    return /[^*?/.]/.test(pattern) &&
      specific("-name", pattern.slice(pattern.lastIndexOf("/") + 1) || "x");
  }
  if (/^[*?]*(?:\.[*?]*)?$/.test(pattern)) return false;
  let re: RegExp;
  try {
    re = globRegExp(pattern, test === "-iname");
  } catch {
    return false;
  }
  if (GIT_NAMES.some((n) => re.test(n))) return false;
  return patternSecret(pattern, { cwd: "/", home: "/nonexistent" }) === null;
}

/**
 * The starting points of a find whose deleting actions only reach files its
 * name tests pick, or null when the expression can reach more (or follows
 * links, or has a dynamic word).
 *
 * @param args find's arguments.
 * @returns The starting points (`.` when none is written), or null.
 */
export function scopedStarts(args: Word[]): Word[] | null {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (FOLLOWS.has(a)) return null;
    if (a === "-D") i++;
    else if (!/^-([HPEXsxd]|O\d*)$/.test(a)) break;
  }
  const starts: Word[] = [];
  for (; i < args.length; i++) {
    const w = args[i] as Word;
    if (/^[-(!,]/.test(w.value)) break;
    if (w.dynamic) return null;
    starts.push(w);
  }
  let named = false;
  let deleting = false;
  for (; i < args.length; i++) {
    const w = args[i] as Word;
    const a = w.value;
    if (LOGIC.has(a) || FOLLOWS.has(a)) return null;
    if (NAME_TESTS.test(a)) {
      const value = args[++i];
      if (value === undefined || value.dynamic) return null;
      if (specific(a, value.value)) named = true;
      continue;
    }
    if (deletes(args, i)) {
      if (!named) return null;
      deleting = true;
    }
    if (/^-(?:exec|execdir|ok|okdir)$/.test(a)) {
      while (i < args.length && !/^[;+]$/.test(args[i]?.value ?? "")) i++;
    }
  }
  if (!deleting) return null;
  return starts.length > 0 ? starts : [literalWord(".")];
}
