/**
 * Which words of an invocation name files it reads or writes, and whether any
 * of them is a secret: every operand of an ordinary program counts, except for
 * programs that only print their arguments or look at names and metadata, the
 * pattern of a grep-like tool, and what curl does not upload. The same words,
 * less those only written, created, moved into or tested, are the files the
 * command reads, noted for the user's `Read(…)` rules when the analysis
 * collects them.
 *
 * Pure: classifies words; never reads or resolves anything.
 *
 * @module
 */

import {
  deny,
  type Env,
  type Invocation,
  literalWord,
  type Verdict,
} from "./_context.ts";
import {
  classifySecretPath,
  classifySecretPrefix,
  isReadableSshFile,
  type SecretMatch,
} from "./_secrets.ts";
import { findsSecret, patternSecret } from "./_secret_patterns.ts";
import { keyUses, templateCopy } from "./_secret_uses.ts";
import { substitutionText } from "./_substitution.ts";
import type { Word } from "./shell_parse.ts";

/**
 * Programs that print their arguments, only list names and metadata, test
 * whether a path exists, or only work on the text of a path. Touching a secret
 * path in any other way (`touch`, `chmod`, `ssh -i`) counts.
 */
const NO_CONTENT = new Set([
  "echo",
  "printf",
  "ls",
  "ll",
  "la",
  "exa",
  "eza",
  "lsd",
  "tree",
  "stat",
  "basename",
  "dirname",
  "which",
  "type",
  "whereis",
  "man",
  "find",
  "fd",
  "true",
  "false",
  "export",
  "unset",
  "alias",
  "command",
  "curl",
  "wget",
  "test",
  "[",
  "[[",
]);

/**
 * Programs whose operands are paths they never read: they change into,
 * create, remove, test or re-permission them, or (`tee`) only write them.
 */
const NO_READ = new Set([
  "cd",
  "pushd",
  "mkdir",
  "rmdir",
  "touch",
  "rm",
  "unlink",
  "chmod",
  "chown",
  "chgrp",
  "truncate",
  "mkfifo",
  "mknod",
  "tee",
  "du",
  "df",
  "realpath",
  "readlink",
]);

/**
 * chmod modes that leave group and others nothing (`400`, `0600`, `go-rwx`):
 * tightening a key's mode reads nothing and exposes nothing.
 */
const PRIVATE_MODE =
  /^(?:0?[0-7]00|(?:[ugoa]*[-=][rwxXst]*,?)*(?:go|og|o|g)[-=][rwxXst]*(?:,[ugoa]*[-=+][rwxXst]*)*)$/;

/** Programs that copy, move or link sources to a destination, which they do not read. */
const COPIERS = new Set(["cp", "mv", "ln", "install", "rsync", "scp"]);

/** Copiers whose `-t DIR` / `--target-directory` names the destination. */
const TARGET_OPTION = new Set(["cp", "mv", "ln", "install"]);

/** Git subcommands that print or store the contents of the paths they are given. */
const GIT_READERS = new Set([
  "add",
  "annotate",
  "blame",
  "diff",
  "grep",
  "hash-object",
  "log",
  "show",
  "stage",
]);

/** Short options that take a value, per tool (`e`/`f` give the pattern or program). */
const GREP_VALUES = "efmABCdD";
const PATTERN_SHORT_VALUES: Record<string, string> = {
  grep: GREP_VALUES,
  egrep: GREP_VALUES,
  fgrep: GREP_VALUES,
  zgrep: GREP_VALUES,
  rg: "efmABCgtTjMr",
  ag: "efmABCgG",
  ack: "efmABCtg",
  sed: "efl",
  awk: "fvF",
  gawk: "fvF",
  mawk: "fvF",
  nawk: "fvF",
};
const PATTERN_LONG_VALUES = new Set([
  "--regexp",
  "--expression",
  "--file",
  "--max-count",
  "--after-context",
  "--before-context",
  "--context",
  "--glob",
  "--type",
  "--type-not",
  "--threads",
  "--max-depth",
  "--field-separator",
]);

/** Whether a word can be a file name at all (not prose, not a URL). */
function pathLike(w: Word): boolean {
  return w.value !== "" && !/\s/.test(w.value) && !w.value.includes("://");
}

/** Classifies a word as a secret path, by its literal prefix when dynamic. */
export function secretOf(
  w: Word,
  cwd: string | null,
  env: Env,
): SecretMatch | null {
  const options = { cwd, home: env.home };
  const echoed = w.dynamic ? substitutionText(w) : null;
  if (echoed !== null && echoed !== "" && !/\s/.test(echoed)) {
    const match = classifySecretPath(echoed, options);
    if (match) return match;
  }
  if (w.dynamic) {
    const found = findsSecret(w.substitutions, { cwd, home: env.home });
    if (found) return found;
  }
  if (!pathLike(w)) return null;
  if (!w.dynamic) return classifySecretPath(w.value, options);
  return classifySecretPrefix(w.literalPrefix, options) ??
    patternSecret(w.value, options);
}

/** The deny verdict for touching a secret path. */
export function secretVerdict(match: SecretMatch, path: string): Verdict {
  return deny(
    match.rule,
    `"${path}" is ${match.what}; reading it would put secrets into the transcript and writing it would overwrite them. Read a template such as .env.example, or ask the user for the specific non-secret value`,
  );
}

function patternToolOperands(args: Word[], letters: string): Word[] {
  const files: Word[] = [];
  const positional: Word[] = [];
  let explicit = args.some((w) => w.value === "--files");
  let rest = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    const a = w.value;
    if (rest || !a.startsWith("-") || a === "-") {
      positional.push(w);
      continue;
    }
    if (a === "--") {
      rest = true;
      continue;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq === -1 ? a : a.slice(0, eq);
      if (!PATTERN_LONG_VALUES.has(name)) continue;
      const value = eq === -1 ? args[++i] : { ...w, value: a.slice(eq + 1) };
      if (name === "--regexp" || name === "--expression") explicit = true;
      if (name === "--file") {
        explicit = true;
        if (value) files.push(value);
      }
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const letter = a[j] ?? "";
      if (!letters.includes(letter)) continue;
      const attached = a.slice(j + 1);
      const value = attached === "" ? args[++i] : { ...w, value: attached };
      if (letter === "e") explicit = true;
      if (letter === "f") {
        explicit = true;
        if (value) files.push(value);
      }
      break;
    }
  }
  return [...files, ...(explicit ? positional : positional.slice(1))];
}

function genericOperands(args: Word[]): Word[] {
  const out: Word[] = [];
  for (const w of args) {
    const a = w.value;
    if (a.startsWith("-")) {
      const eq = a.indexOf("=");
      if (a.startsWith("--") && eq !== -1) {
        out.push({ ...w, value: a.slice(eq + 1), literalPrefix: "" });
      }
      continue;
    }
    out.push(w);
    const eq = a.indexOf("=");
    if (eq > 0 && !w.dynamic) out.push({ ...w, value: a.slice(eq + 1) });
  }
  return out;
}

/** The words of an invocation that name files it reads or writes. */
export function fileOperands(inv: Invocation): Word[] {
  const { name, args } = inv;
  if (NO_CONTENT.has(name)) return [];
  const letters = PATTERN_SHORT_VALUES[name];
  if (letters !== undefined) return patternToolOperands(args, letters);
  if (name === "git") {
    const sub = args.findIndex((w) => !w.value.startsWith("-"));
    if (sub === -1) return [];
    return genericOperands(args.slice(sub + 1));
  }
  return genericOperands(args);
}

/**
 * Whether a program may read the contents of the files it is given (not a
 * printer of its arguments, a lister of names, or a creator, remover or
 * tester of paths).
 *
 * @param name The program's name (basename, lower case; "" when only known at run time, which counts as a reader).
 * @returns False for `echo`, `ls`, `touch`, `rm`, `test` and their kind.
 */
export function readsContents(name: string): boolean {
  return !NO_CONTENT.has(name) && !NO_READ.has(name);
}

/** A copier's operands without its destination (the `-t DIR` value, also in `-rt DIR`; else the last operand). */
function copySources(inv: Invocation): Word[] {
  const { name, args } = inv;
  if (TARGET_OPTION.has(name)) {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]?.value ?? "";
      if (a === "--") break;
      if (a === "--target-directory" || /^-[a-zA-Z]*t$/.test(a)) {
        return genericOperands(args.filter((_, j) => j !== i && j !== i + 1));
      }
      if (/^(?:-t|--target-directory=)./.test(a)) {
        return genericOperands(args.filter((_, j) => j !== i));
      }
    }
  }
  const last = args.findLast((w) => !w.value.startsWith("-"));
  return genericOperands(args.filter((w) => w !== last));
}

/**
 * The words of an invocation that name files it reads: its file operands
 * less what it only writes, creates, moves into or tests (`touch`, `tee`,
 * `cd`, a copy's destination, `dd of=`), and for git only the paths given to
 * subcommands that show or store contents (`diff`, `show`, `add`…).
 *
 * @param inv The invocation.
 * @returns The words naming files it reads.
 */
export function readOperands(inv: Invocation): Word[] {
  const { name, args } = inv;
  if (!readsContents(name)) return [];
  if (name === "dd") {
    return args.filter((w) => w.value.startsWith("if=")).map((w) => ({
      ...w,
      value: w.value.slice(3),
      literalPrefix: w.literalPrefix.slice(3),
    }));
  }
  if (name === "git") {
    const sub = args.find((w) => !w.value.startsWith("-"));
    return sub && GIT_READERS.has(sub.value) ? fileOperands(inv) : [];
  }
  if (COPIERS.has(name)) return copySources(inv);
  return fileOperands(inv);
}

/**
 * Notes a file the command reads, when the analysis collects reads: a word
 * (by its value, or the text a literal `$(echo …)` stands for) or a literal
 * path found in code.
 *
 * @param env The analysis environment; nothing happens without `env.reads`.
 * @param path The word or literal path.
 * @param cwd The directory relative paths start from, or null when unknown.
 * @param program What reads it (`cat`, `find -exec cat`).
 */
export function noteRead(
  env: Env,
  path: Word | string,
  cwd: string | null,
  program: string,
): void {
  if (env.reads === undefined) return;
  const w = typeof path === "string" ? literalWord(path) : path;
  const echoed = w.dynamic ? substitutionText(w) : null;
  if (echoed !== null && echoed !== "" && !/\s/.test(echoed)) {
    env.reads.push({
      path: echoed,
      dynamic: false,
      prefix: echoed,
      cwd,
      program,
    });
  } else if (pathLike(w)) {
    env.reads.push({
      path: w.value,
      dynamic: w.dynamic,
      prefix: w.dynamic ? w.literalPrefix : w.value,
      cwd,
      program,
    });
  }
}

/** Denies an invocation that reads or writes a secret through its operands. */
export function checkSecretOperands(inv: Invocation, env: Env): Verdict | null {
  if (env.reads) {
    for (const w of readOperands(inv)) noteRead(env, w, inv.cwd, inv.name);
  }
  if (
    inv.name === "chmod" && inv.args.some((w) => PRIVATE_MODE.test(w.value))
  ) {
    return null;
  }
  const reads = new Set(readOperands(inv).map((w) => w.value));
  const edits = ["mv", "scp", "rsync", "sftp"].includes(inv.name) ||
    (["sed", "gsed", "perl", "ruby"].includes(inv.name) &&
      inv.args.some((w) => /^-[a-zA-Z]*i|^--in-place/.test(w.value)));
  const template = templateCopy(inv);
  const used = keyUses(inv);
  for (const w of fileOperands(inv)) {
    const match = secretOf(w, inv.cwd, env);
    if (match === null || w === template || used.has(w)) continue;
    const options = { cwd: inv.cwd, home: env.home };
    if (
      !w.dynamic && !edits && reads.has(w.value) &&
      isReadableSshFile(w.value, options)
    ) continue;
    return secretVerdict(match, w.value);
  }
  return null;
}
