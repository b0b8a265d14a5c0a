/**
 * Shell start-up files (`~/.bashrc`, `~/.profile`, `~/.zshrc`, …): every new
 * shell runs them, so what is written there runs later, unseen. Appending a
 * literal line is judged as the code it is (`export PATH=…` passes,
 * `rm -rf ~` does not); overwriting one, or appending text only known at run
 * time, goes to the user.
 *
 * Pure: looks at paths and text only.
 *
 * @module
 */

import { ask, type Env, type Invocation, type Verdict } from "./_context.ts";
import { resolveFrom } from "./_paths.ts";
import { pipedText } from "./_shells.ts";
import type { SimpleCommand, Word } from "./shell_parse.ts";

/** Start-up files below the home directory. */
const IN_HOME = [
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zprofile",
  ".zshenv",
  ".zlogin",
  ".kshrc",
  ".cshrc",
  ".tcshrc",
  ".config/fish/config.fish",
];

/** System-wide start-up files and folders. */
const SYSTEM =
  /^\/etc\/(?:profile|bash\.bashrc|bashrc|zshrc|zshenv|zprofile|zsh\/\w+|profile\.d\/.*)$/;

/** Whether a written word names a shell start-up file. */
function isStartupFile(w: Word, cwd: string | null, home: string): boolean {
  if (w.dynamic || (!w.value.startsWith("/") && cwd === null)) return false;
  const path = resolveFrom(cwd ?? "/", w.value);
  return SYSTEM.test(path) ||
    IN_HOME.some((name) => path === resolveFrom(home, name));
}

/**
 * Checks a write to a file: a shell start-up file may only be appended known
 * text that passes the guard.
 *
 * @param target The file written.
 * @param cwd The directory relative paths start from, or null when unknown.
 * @param env The analysis environment.
 * @param text The text appended, when known; null when unknown or when the file is overwritten.
 * @returns A verdict when the file is a start-up file and the write is not a harmless append; else null.
 */
export function checkStartupWrite(
  target: Word,
  cwd: string | null,
  env: Env,
  text: string | null,
): Verdict | null {
  if (!isStartupFile(target, cwd, env.home)) return null;
  if (text !== null) {
    const v = env.nested(text, cwd, env);
    return v.verdict === "allow" ? null : v;
  }
  return ask(
    "shell.startup-file",
    `"${target.value}" is a shell start-up file that every new shell runs; overwriting it, or appending text only known at run time, changes what every shell does. Ask the user, or append a literal line`,
  );
}

/** Programs that write the files they are given: tee (appending with -a), copiers, sed -i, truncate. */
export function checkStartupWriters(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  const { name, args } = inv;
  const operands = args.filter((w) => !w.value.startsWith("-"));
  let targets: Word[] = [];
  let text: string | null = null;
  if (name === "tee") {
    targets = operands;
    if (args.some((w) => /^-[a-z]*a|^--append$/.test(w.value))) {
      text = pipedText(all, cmd);
    }
  } else if (["cp", "mv", "install", "ln", "rsync", "dd"].includes(name)) {
    targets = operands.slice(-1);
  } else if (name === "truncate" || name === "sed" || name === "perl") {
    if (
      name !== "truncate" && !args.some((w) => /^-[a-zA-Z]*i/.test(w.value))
    ) {
      return null;
    }
    targets = operands;
  }
  for (const w of targets) {
    const v = checkStartupWrite(w, inv.cwd, env, text);
    if (v) return v;
  }
  return null;
}
