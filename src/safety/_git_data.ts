/**
 * The `git.data-overwrite` rule: emptying or overwriting git's own data in
 * place — `HEAD`, the index, refs, packed refs, reflogs and objects under a
 * `.git` folder — through a redirect (`: > .git/index`, `> .git/HEAD`),
 * `truncate`, a copy, move or link onto it (`cp /dev/null .git/packed-refs`),
 * `tee` or `dd of=`. Nothing is deleted by name, yet the branch, the staging
 * area or history is lost. `.git/info/exclude`, `index.lock` and the other
 * files git rewrites itself pass; `.git/config` and hooks are control files.
 *
 * Pure: looks at the words only.
 *
 * @module
 */

import { deny, type Env, type Invocation, type Verdict } from "./_context.ts";
import { expandHome, resolveFrom } from "./_paths.ts";
import type { Word } from "./shell_parse.ts";

/** What lies directly in a `.git` folder that holds the repository's state. */
const GIT_DATA = new Set([
  "HEAD",
  "index",
  "packed-refs",
  "objects",
  "refs",
  "logs",
  "shallow",
  "modules",
  "worktrees",
]);

/** Whether an absolute path is git's own data inside a `.git` folder. */
export function isGitData(abs: string): boolean {
  const parts = abs.split("/");
  const at = parts.indexOf(".git");
  return at !== -1 && GIT_DATA.has(parts[at + 1] ?? "");
}

/**
 * Checks one path written in place: a literal, or a glob whose literal folder
 * lies in git's data (`.git/objects/pack/*.pack`).
 *
 * @param w The written word.
 * @param cwd Where relative paths start, or null when unknown.
 * @param env The analysis environment.
 * @param how What writes it, for the reason.
 * @returns The deny verdict, or null.
 */
export function checkGitDataWrite(
  w: Word,
  cwd: string | null,
  env: Env,
  how: string,
): Verdict | null {
  const text = w.dynamic
    ? w.literalPrefix.slice(0, w.literalPrefix.lastIndexOf("/") + 1) + "x"
    : w.value;
  if (!text.includes(".git") || text === "x") return null;
  const path = expandHome(text, env.home);
  if (!path.startsWith("/") && cwd === null) return null;
  if (!isGitData(resolveFrom(cwd ?? "/", path))) return null;
  return deny(
    "git.data-overwrite",
    `${how} ${w.value} overwrites git's own data (the branch, index, refs or objects) in place, and the repository loses work or history. Use git commands (git update-ref, git reset, git gc) instead`,
  );
}

/** The words a program writes in place: truncate's files, a copy's destination, tee's files, dd's `of=`. */
function writtenInPlace(inv: Invocation): Word[] {
  const { name, args } = inv;
  const operands = (skip: RegExp): Word[] => {
    const out: Word[] = [];
    for (let i = 0; i < args.length; i++) {
      const w = args[i] as Word;
      if (skip.test(w.value)) i++;
      else if (!w.value.startsWith("-")) out.push(w);
    }
    return out;
  };
  switch (name) {
    case "truncate":
      return operands(/^-[sro]$|^--(?:size|reference)$/);
    case "tee":
      return operands(/^$/);
    case "dd":
      return args.filter((w) => w.value.startsWith("of=")).map((w) => ({
        ...w,
        value: w.value.slice(3),
        literalPrefix: w.literalPrefix.slice(3),
      }));
    case "cp":
    case "mv":
    case "install":
    case "ln": {
      const dir = args.findIndex((w) =>
        w.value === "-t" || w.value === "--target-directory"
      );
      if (dir !== -1) return [];
      return operands(/^-[mgoS]$/).slice(-1);
    }
    default:
      return [];
  }
}

/**
 * Checks a program that writes files in place against git's data.
 *
 * @param inv The invocation.
 * @param env The analysis environment.
 * @returns The deny verdict, or null.
 */
export function checkGitDataWriters(
  inv: Invocation,
  env: Env,
): Verdict | null {
  for (const w of writtenInPlace(inv)) {
    const v = checkGitDataWrite(w, inv.cwd, env, inv.name);
    if (v) return v;
  }
  return null;
}

/** Programs that empty or overwrite the file `find -exec` hands them. */
const EMPTIERS = new Set(["truncate", "shred", "dd", "tee"]);

/**
 * `find .git -type f -exec truncate -s0 {} +`, also from the project root
 * (which holds `.git`): a walk that empties every file it reaches in git's
 * data, when no name test narrows it.
 *
 * @param inv The find invocation.
 * @param env The analysis environment.
 * @returns The deny verdict, or null.
 */
export function checkFindEmptying(inv: Invocation, env: Env): Verdict | null {
  const args = inv.args;
  const exec = args.findIndex((w) => /^-(?:exec|execdir)$/.test(w.value));
  if (exec === -1) return null;
  const words = args.slice(exec + 1).map((w) => w.value);
  const program = (words[0] ?? "").replace(/^.*\//, "");
  const empties = EMPTIERS.has(program) ||
    (program === "cp" && words.includes("/dev/null"));
  if (!empties) return null;
  if (args.some((w) => /^-(?:i?name|i?path|i?regex)$/.test(w.value))) {
    return null;
  }
  const end = args.findIndex((w) => /^[-(!]/.test(w.value));
  const starts = (end === -1 ? args : args.slice(0, end)).filter((w) =>
    !w.dynamic
  );
  for (const start of starts.length > 0 ? starts : [{ value: "." }]) {
    if (!start.value.startsWith("/") && inv.cwd === null) continue;
    const abs = resolveFrom(
      inv.cwd ?? "/",
      expandHome(start.value, env.home),
    );
    const holdsGit = abs.split("/").includes(".git") ||
      env.root === abs || env.root.startsWith(`${abs}/`);
    if (holdsGit) {
      return deny(
        "git.data-overwrite",
        `find ${start.value} -exec ${program} empties every file it walks, git's own data (.git) included, and the repository loses its history. Name the files to empty`,
      );
    }
  }
  return null;
}
