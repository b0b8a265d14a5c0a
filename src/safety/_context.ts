/**
 * Shared vocabulary of the guard's rule modules: the verdict, the analysis
 * environment, what a command runs with while its wrappers are removed, one
 * command invocation after that, and small constructors for words and
 * verdicts.
 *
 * Pure data and helpers: never runs, reads or prints anything.
 *
 * @module
 */

import type { ControlFiles } from "./control_files.ts";
import type { Word } from "./shell_parse.ts";

/** Shells whose `-c` argument and stdin are code. */
export const SHELLS = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "mksh",
  "ash",
  "fish",
  "csh",
  "tcsh",
]);

/** How much the guard blocks. */
export type Level = "standard" | "strict" | "paranoid";

/** The guard's answer. */
export interface Verdict {
  /** What to do with the command. */
  verdict: "allow" | "deny" | "ask";
  /** The id of the rule that decided (`rm.root`, `git.reset-hard`). */
  rule?: string;
  /** Why, and what to do instead. */
  reason?: string;
}

/** A file a shell command reads, as the guard found it: for the user's `Read(…)` rules. */
export interface ShellRead {
  /** The path as the command names it, dynamic parts as written (`secrets/$F`). */
  path: string;
  /** Whether the path is only known at run time (variables, globs, substitutions). */
  dynamic: boolean;
  /** The literal text before the first dynamic part (the whole path when literal). */
  prefix: string;
  /** The directory a relative path starts from, or null when unknown (after `cd "$DIR"`). */
  cwd: string | null;
  /** What reads it: the program (`cat`), or how (`find -exec cat`). */
  program: string;
}

/** Everything a rule needs to know besides the command itself. */
export interface Env {
  /** The directory the agent works in (normalised, absolute). */
  root: string;
  /** The user's home directory. */
  home: string;
  /** The guard level. */
  level: Level;
  /** Directories where recursive deletes are allowed. */
  tmpDirs: string[];
  /** Whether `$TMPDIR` in a command still means the system's temp dir (not reassigned in it). */
  tmpdirTrusted: boolean;
  /** Rule ids switched off. */
  disabled: Set<string>;
  /** How deep in `sh -c`/`eval` nesting the analysis is. */
  depth: number;
  /** Analyses code nested in a command (`sh -c`, `eval`, interpreter `system()`, a PowerShell host's script). */
  nested: (
    code: string,
    cwd: string | null,
    env: Env,
    shell?: "posix" | "powershell",
  ) => Verdict;
  /** Where the files the command reads are collected, when a caller wants them. */
  reads?: ShellRead[];
  /** The control files (policy, agents' settings, git config and hooks), whose writes go to the user. */
  control: ControlFiles;
}

/**
 * Where an invocation's trailing arguments come from: typed in the command, read from
 * stdin by `xargs` or `parallel`, or filled in by `find -exec`.
 */
export type Origin = "direct" | "xargs" | "parallel" | "find";

/** One program run, after wrappers such as `sudo` and `env` are removed. */
export interface Invocation {
  /** The program's name: basename, lower case (`/bin/RM` → `rm`). */
  name: string;
  /** Its arguments. */
  args: Word[];
  /** The directory it runs in, or null when unknown. */
  cwd: string | null;
  /** Where its trailing arguments come from. */
  origin: Origin;
  /** Names of environment variables set for it (`GIT_SSH_COMMAND=… git …`). */
  envNames: string[];
  /** Their values, null when only known at run time. */
  envValues: ReadonlyMap<string, string | null>;
  /**
   * For a program a `find -exec` runs: find's starting points when its name
   * tests confine what reaches the program (see `_find_scope.ts`).
   */
  findStarts?: Word[];
}

/** Where a command runs and what feeds it. */
export interface UnwrapContext {
  /** The directory it runs in, or null when unknown. */
  cwd: string | null;
  /** The home directory, for parsing `env -S` and `watch` strings. */
  home: string;
  /** Where trailing arguments come from. */
  origin: Origin;
  /** Environment variable names set so far. */
  envNames: string[];
  /** Their values, null when only known at run time. */
  envValues: ReadonlyMap<string, string | null>;
  /** The words a literal `echo`/`printf` pipes in, or null when stdin is unknown. */
  stdin: Word[] | null;
}

/** The allow verdict. */
export function allow(): Verdict {
  return { verdict: "allow" };
}

/** A deny verdict with its rule id and reason. */
export function deny(rule: string, reason: string): Verdict {
  return { verdict: "deny", rule, reason };
}

/** An ask verdict: the user decides, where the agent can ask; a refusal elsewhere. */
export function ask(rule: string, reason: string): Verdict {
  return { verdict: "ask", rule, reason };
}

/** A word known exactly. */
export function literalWord(value: string): Word {
  return {
    value,
    raw: value,
    dynamic: false,
    literalPrefix: value,
    quoted: false,
    substitutions: [],
  };
}

/** A word only known at run time, with the literal text before its first dynamic part. */
export function dynamicWord(value: string, prefix = ""): Word {
  return {
    value,
    raw: value,
    dynamic: true,
    literalPrefix: prefix,
    quoted: false,
    substitutions: [],
  };
}

/**
 * The command name a word runs: basename, lower case, without a Windows `.exe`
 * (`/bin/RM` → `rm`, `C:\Git\bin\git.exe` → `git`); "" when dynamic.
 */
export function commandName(word: Word | undefined): string {
  if (word === undefined || word.dynamic) return "";
  const slash = Math.max(
    word.value.lastIndexOf("/"),
    word.value.lastIndexOf("\\"),
  );
  return word.value.slice(slash + 1).toLowerCase().replace(/\.exe$/, "");
}
