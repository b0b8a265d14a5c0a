/**
 * The safety guard: decides whether a shell command or a file read may run,
 * blocking destructive deletes, work-destroying git commands, disk and device
 * writes and secret reads, and naming the safe alternative.
 *
 * Pure: never runs, reads or prints anything. It fails closed: text beyond its
 * limits, and any internal error, is a deny that says so; text it cannot parse
 * is denied at the strict level and read as best it can at the standard one.
 *
 * @module
 */

import {
  allow,
  deny,
  type Env,
  type Level,
  type ShellRead,
  type Verdict,
} from "./_context.ts";
import { analyse, analysePowerShell, nested } from "./_analyse.ts";
import { resolveFrom, toPosixPath } from "./_paths.ts";
import { CATASTROPHIC } from "./_rm.ts";
import { secretVerdict } from "./_secret_access.ts";
import { classifySecretPath, isReadableSshFile } from "./_secrets.ts";
import { joinPath } from "../config/path_lite.ts";
import { controlFiles } from "./control_files.ts";

export type { Level, ShellRead, Verdict } from "./_context.ts";

/** Options of {@linkcode checkCommand}. */
export interface CheckCommandOptions {
  /** The absolute directory the agent works in (a Windows path is accepted). */
  cwd: string;
  /** The user's home directory. */
  home: string;
  /**
   * `strict` also denies dynamic delete targets, unparsable commands and
   * unverifiable `eval`/`sh -c`; `paranoid` also denies every non-temp
   * recursive delete and interpreter one-liners.
   * @default {"standard"}
   */
  level?: Level;
  /**
   * Extra directories (a trusted `$TMPDIR`) where recursive deletes are allowed, besides `/tmp` and `/var/tmp`.
   * @default {[]}
   */
  tmpDirs?: string[];
  /**
   * Rule ids switched off; the catastrophic ones (`rm.root`, `rm.home`, `rm.git`) cannot be.
   * @default {[]}
   */
  disabledRules?: string[];
  /**
   * The shell that will run the command: a POSIX shell, or PowerShell (whose
   * `Remove-Item` and aliases are read with the `rm` rules).
   * @default {"posix"}
   */
  shell?: "posix" | "powershell";
  /** The project root, whose control files (`.ctx-mode.json`, `.git/config`, …) are asked about. @default {cwd} */
  project?: string;
  /** ctx-mode's data home, whose `config.json` is the user's policy. @default {"<home>/.ctx-mode"} */
  dataHome?: string;
  /** Claude Code's user folder (`$CLAUDE_CONFIG_DIR`). @default {"<home>/.claude"} */
  claudeDir?: string | undefined;
}

/** Options of {@linkcode checkReadPath}. */
export interface CheckReadPathOptions {
  /** The absolute directory relative paths start from. */
  cwd: string;
  /** The user's home directory. */
  home: string;
  /**
   * Resolves symbolic links (the caller's I/O); null when the path does not exist.
   * @default {undefined}
   */
  realPath?: (path: string) => string | null;
}

const SYSTEM_TEMP_DIRS = [
  "/tmp",
  "/var/tmp",
  "/private/tmp",
  "/private/var/tmp",
];

/**
 * Checks whether a shell command may run.
 *
 * @param command The command line as the agent would run it.
 * @param options Working directory, home, level, temp dirs, disabled rules and shell.
 * @returns A verdict with the rule id and a reason naming the safe alternative.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkCommand } from "./guard.ts";
 * const v = checkCommand("git push --force", { cwd: "/p", home: "/h" });
 * assert.equal(v.rule, "git.push-force");
 * ```
 */
export function checkCommand(
  command: string,
  options: CheckCommandOptions,
): Verdict {
  return guardCommand(command, options, undefined);
}

/** What {@linkcode analyseCommand} finds. */
export interface CommandAnalysis {
  /** The guard's verdict, as {@linkcode checkCommand} gives it. */
  verdict: Verdict;
  /**
   * The files the command reads, in the order met: operands of reading
   * programs (with `cd` applied), `<` redirects, sourced and run scripts,
   * curl uploads, `find -exec` starting points and paths in interpreter code.
   * Complete when the verdict is allow; a deny stops the analysis early.
   */
  reads: ShellRead[];
}

/**
 * Checks a shell command like {@linkcode checkCommand} and also collects the
 * files it reads, for the user's `Read(…)` rules.
 *
 * @param command The command line as the agent would run it.
 * @param options Working directory, home, level, temp dirs, disabled rules and shell.
 * @returns The verdict and the reads.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { analyseCommand } from "./guard.ts";
 * const { verdict, reads } = analyseCommand("cd docs && head -5 intro.md", { cwd: "/p", home: "/h" });
 * assert.equal(verdict.verdict, "allow");
 * assert.deepEqual(reads.map((r) => [r.program, r.path, r.cwd]), [["head", "intro.md", "/p/docs"]]);
 * ```
 */
export function analyseCommand(
  command: string,
  options: CheckCommandOptions,
): CommandAnalysis {
  const reads: ShellRead[] = [];
  return { verdict: guardCommand(command, options, reads), reads };
}

function guardCommand(
  command: string,
  options: CheckCommandOptions,
  reads: ShellRead[] | undefined,
): Verdict {
  if (command.trim() === "") {
    return deny(
      "guard.empty",
      "The command is empty, so there is nothing to run. Send the command text",
    );
  }
  const env = guardEnv(command, options, reads);
  const cwd = env.root;
  try {
    return options.shell === "powershell"
      ? analysePowerShell(command, cwd, env)
      : analyse(command, cwd, env);
  } catch (error) {
    return deny(
      "guard.internal-error",
      `The safety guard failed (${
        error instanceof Error ? error.message : String(error)
      }), so the command is blocked. Simplify the command or run it yourself`,
    );
  }
}

/**
 * The analysis environment of a check (for `code_check.ts`).
 *
 * @param text The command or code, to see whether it reassigns `$TMPDIR`.
 * @param options The check's options.
 * @param reads Where reads are collected. @default {undefined}
 * @returns The environment.
 */
export function guardEnv(
  text: string,
  options: CheckCommandOptions,
  reads?: ShellRead[],
): Env {
  const cwd = resolveFrom("/", toPosixPath(options.cwd));
  const home = resolveFrom("/", toPosixPath(options.home));
  return {
    root: cwd,
    home,
    level: options.level ?? "standard",
    tmpDirs: [...SYSTEM_TEMP_DIRS, ...(options.tmpDirs ?? [])].map((t) =>
      resolveFrom("/", toPosixPath(t))
    ),
    tmpdirTrusted: !/\bTMPDIR\+?=/.test(text),
    disabled: new Set(
      (options.disabledRules ?? []).filter((r) => !CATASTROPHIC.has(r)),
    ),
    depth: 0,
    nested,
    ...(reads ? { reads } : {}),
    control: controlFiles(
      resolveFrom("/", toPosixPath(options.project ?? options.cwd)),
      {
        home,
        dataHome: options.dataHome ?? joinPath(home, ".ctx-mode"),
        claudeDir: options.claudeDir,
      },
    ),
  };
}

/**
 * Checks whether an agent's file-read tool may read a path (the secret rules).
 *
 * @param path The path as the tool received it (absolute, relative or `~/…`).
 * @param options Working directory, home, and an optional symlink resolver.
 * @returns A verdict; a deny names the rule and what the file holds.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkReadPath } from "./guard.ts";
 * assert.equal(checkReadPath(".env", { cwd: "/p", home: "/h" }).verdict, "deny");
 * assert.equal(checkReadPath(".env.example", { cwd: "/p", home: "/h" }).verdict, "allow");
 * ```
 */
export function checkReadPath(
  path: string,
  options: CheckReadPathOptions,
): Verdict {
  const candidates = [path];
  const resolved = options.realPath?.(
    resolveFrom(options.cwd, path.replace(/^~(?=\/|$)/, options.home)),
  );
  if (resolved) candidates.push(resolved);
  const where = { cwd: options.cwd, home: options.home };
  for (const candidate of candidates) {
    const match = classifySecretPath(candidate, where);
    if (match && !isReadableSshFile(candidate, where)) {
      return secretVerdict(match, candidate);
    }
  }
  return allow();
}
