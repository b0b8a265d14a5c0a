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
  commandName,
  deny,
  type Env,
  type Invocation,
  type Level,
  literalWord,
  type ShellRead,
  SHELLS,
  type Verdict,
} from "./_context.ts";
import {
  checkControlWrites,
  checkGitConfig,
  checkWrittenWord,
  gitConfigCommand,
} from "./_control_writes.ts";
import { checkFind } from "./_find.ts";
import { checkGitSubcommand, splitGit } from "./_git.ts";
import { gitEnvConfig } from "./_git_env.ts";
import {
  checkAwk,
  checkInterpreter,
  checkOneLiner,
  codeFlags,
} from "./_interpreters.ts";
import { resolveFrom, toPosixPath } from "./_paths.ts";
import {
  checkRemoveItem,
  isPowerShellHost,
  parsePowerShell,
  pipedTargets,
  POWERSHELL_NO_CONTENT,
  powerShellScript,
  REMOVE_ITEM_NAMES,
} from "./_powershell.ts";
import { destructiveText, looseSegments, repairs } from "./_recover.ts";
import { CATASTROPHIC, checkRm } from "./_rm.ts";
import {
  checkSecretOperands,
  checkUpload,
  noteRead,
  readsContents,
  secretOf,
  secretVerdict,
} from "./_secret_access.ts";
import { classifySecretPath } from "./_secrets.ts";
import {
  checkEval,
  checkShell,
  fromDownload,
  isOnlyVariable,
  pipedText,
  remoteExec,
  variableScript,
} from "./_shells.ts";
import { INPUT_LINE, unwrap } from "./_unwrap.ts";
import { checkFromInput } from "./_from_input.ts";
import { checkEnvironmentDump } from "./_env_dump.ts";
import { findOutputSecret } from "./_secret_patterns.ts";
import { lineEnvironment, writtenScript, writtenText } from "./_line.ts";
import { checkStartupWrite } from "./_startup_files.ts";
import { resolveWords, substitutionText } from "./_substitution.ts";
import { substitutePositional } from "./_positional.ts";
import { joinPath } from "../config/path_lite.ts";
import { controlFiles } from "./control_files.ts";
import { parseShell, type SimpleCommand, type Word } from "./shell_parse.ts";

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

/** How deep `sh -c`/`eval` nesting is followed before the command counts as too complex. */
const MAX_NESTING = 9;
const SYSTEM_TEMP_DIRS = [
  "/tmp",
  "/var/tmp",
  "/private/tmp",
  "/private/var/tmp",
];
const DISK_DEVICES = [
  "/dev/sd",
  "/dev/hd",
  "/dev/vd",
  "/dev/xvd",
  "/dev/nvme",
  "/dev/mmcblk",
  "/dev/disk",
  "/dev/rdisk",
  "/dev/mapper/",
  "/dev/md",
  "/dev/dm-",
  "/dev/loop",
];
const HARMLESS_DEVICES = new Set([
  "/dev/null",
  "/dev/zero",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/stdin",
  "/dev/tty",
  "/dev/random",
  "/dev/urandom",
]);
const READ_REDIRECTS = new Set(["<", "<>"]);
const WRITE_REDIRECTS = new Set([">", ">>", ">|", "&>", "&>>", "<>"]);
const AWKS = new Set(["awk", "gawk", "mawk", "nawk"]);
const FORMATTERS = new Set(["mke2fs", "wipefs", "mkswap"]);

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

/** The stricter of two verdicts: deny over ask over allow, the first on a tie. */
function stricter(a: Verdict | null, b: Verdict): Verdict {
  if (a === null) return b;
  const rank = { allow: 0, ask: 1, deny: 2 };
  return rank[b.verdict] > rank[a.verdict] ? b : a;
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
  for (const candidate of candidates) {
    const match = classifySecretPath(candidate, {
      cwd: options.cwd,
      home: options.home,
    });
    if (match) return secretVerdict(match, candidate);
  }
  return allow();
}

function tooDeep(): Verdict {
  return deny(
    "guard.too-complex",
    `Commands nested more than ${MAX_NESTING} levels deep (sh -c, eval) cannot be checked, so this is blocked. Run the inner command directly`,
  );
}

function nested(code: string, cwd: string | null, env: Env): Verdict {
  if (env.depth >= MAX_NESTING) return tooDeep();
  return analyse(code, cwd, { ...env, depth: env.depth + 1 });
}

function analyse(command: string, cwd: string | null, env: Env): Verdict {
  const parsed = parseShell(command, { cwd, home: env.home });
  if (parsed.ok) return checkCommands(parsed.commands, env);
  if (parsed.tooComplex) {
    return deny(
      "guard.too-complex",
      `The command is too complex to check safely (${parsed.reason}), so it is blocked. Split it into smaller commands`,
    );
  }
  if (env.level !== "standard") {
    return deny(
      "guard.unparsable",
      `The command cannot be parsed (${parsed.reason}), so it cannot be checked and is blocked. Fix the quoting or split it up`,
    );
  }
  return recover(command, cwd, env, parsed.reason);
}

/** Reads unparsable text as best it can (standard level): repaired, then piece by piece. */
function recover(
  command: string,
  cwd: string | null,
  env: Env,
  problem: string,
): Verdict {
  const annotate = (v: Verdict): Verdict =>
    v.verdict === "allow" ? v : {
      ...v,
      reason: `The command cannot be parsed exactly (${problem}), but it ${
        v.reason?.replace(/^./, (c) => c.toLowerCase())
      }`,
    };
  const repaired = repairs(command).map((text) =>
    parseShell(text, { cwd, home: env.home })
  ).find((parsed) => parsed.ok);
  if (repaired?.ok) {
    const v = checkCommands(repaired.commands, env);
    if (v.verdict !== "allow") return annotate(v);
  } else {
    for (const segment of looseSegments(command)) {
      const parsed = parseShell(segment, { cwd, home: env.home });
      if (!parsed.ok) continue;
      const v = checkCommands(parsed.commands, env);
      if (v.verdict !== "allow") return annotate(v);
    }
  }
  const named = destructiveText(command);
  return named === null ? allow() : deny(
    "guard.destructive-text",
    `The command cannot be parsed (${problem}) and its text contains ${named}. Write it as a plain, parseable command so it can be checked`,
  );
}

/** Names that are run somewhere in the line, so the functions they call are live. */
function calledNames(commands: SimpleCommand[]): Set<string> {
  const names = new Set<string>();
  for (const c of commands) {
    for (const w of c.argv) if (!w.dynamic) names.add(w.value);
  }
  return names;
}

function checkCommands(commands: SimpleCommand[], env: Env): Verdict {
  const called = calledNames(commands);
  let held: Verdict | null = null;
  for (const cmd of commands) {
    if (cmd.functionName !== null && !called.has(cmd.functionName)) continue;
    const verdict = checkSimple(cmd, commands, env);
    if (verdict.verdict !== "allow") {
      if (verdict.rule && env.disabled.has(verdict.rule)) continue;
      if (verdict.verdict === "deny") return verdict;
      held ??= verdict;
    }
  }
  return held ?? allow();
}

function checkRedirects(cmd: SimpleCommand, env: Env): Verdict | null {
  for (const r of cmd.redirects) {
    const target = r.target;
    if (target === null || r.op === "<&" || r.op === ">&") continue;
    if (READ_REDIRECTS.has(r.op)) {
      noteRead(env, target, cmd.cwd, commandName(cmd.argv[0]) || "the shell");
    }
    if (READ_REDIRECTS.has(r.op) || WRITE_REDIRECTS.has(r.op)) {
      const secret = secretOf(target, cmd.cwd, env);
      if (secret) return secretVerdict(secret, target.value);
    }
    if (WRITE_REDIRECTS.has(r.op)) {
      const appended = r.op === ">>" || r.op === "&>>"
        ? writtenText(cmd)
        : null;
      const v = checkDeviceWrite(target.value) ??
        checkStartupWrite(target, cmd.cwd, env, appended) ??
        checkWrittenWord(target, cmd.cwd, env);
      if (v) return v;
    }
  }
  return null;
}

/** The words a literal echo/printf pipes into the command, for xargs and parallel. */
function pipedWords(all: SimpleCommand[], cmd: SimpleCommand): Word[] | null {
  let text = pipedText(all, cmd);
  for (const r of cmd.redirects) {
    if (text !== null || r.target === null) continue;
    if (r.op === "<<<" && !r.target.dynamic) text = r.target.value;
    else if (r.op === "<") text = substitutionText(r.target);
  }
  if (text === null) return null;
  return text.split(/\s+/).filter((t) => t !== "").map((t) => literalWord(t));
}

/** A simple command: its redirects, then what it runs; a deny wins over an ask. */
function checkSimple(
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict {
  const redirect = checkRedirects(cmd, env);
  if (redirect?.verdict === "deny") return redirect;
  return stricter(redirect, checkRun(cmd, all, env));
}

function checkRun(
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict {
  const first = cmd.argv[0];
  if (first === undefined) return allow();
  const variants = loopVariants(cmd);
  if (variants !== null) {
    for (const argv of variants) {
      const v = checkRun({ ...cmd, argv }, all, env);
      if (v.verdict !== "allow") return v;
    }
    return allow();
  }
  const positional = positionalRun(cmd, all, env);
  if (positional) return positional;
  if (
    cmd.functionName !== null && !first.dynamic &&
    first.value === cmd.functionName &&
    (cmd.pipelineLength > 1 || cmd.background)
  ) {
    return deny(
      "fork-bomb",
      "This function calls itself in a pipeline in the background: a fork bomb that exhausts the machine. Do not run it",
    );
  }
  if (
    !first.dynamic && !first.quoted && first.raw.startsWith("$") &&
    /\s/.test(first.value)
  ) {
    const line = [first.value, ...cmd.argv.slice(1).map((w) => w.raw)].join(
      " ",
    );
    return env.nested(line, cmd.cwd, env);
  }
  const code = cmd.argv[2];
  if (
    first.dynamic && /^-[a-z]*c$/.test(cmd.argv[1]?.value ?? "") && code &&
    !code.dynamic
  ) {
    const v = env.nested(code.value, cmd.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  if (first.dynamic && env.level !== "standard") {
    return deny(
      "shell.dynamic-executable",
      `The program to run ("${first.raw}") is only known at run time. Write the command name literally`,
    );
  }
  const envValues = lineEnvironment(all, cmd);
  const invocations = unwrap(resolveWords(cmd.argv), {
    cwd: cmd.cwd,
    home: env.home,
    origin: "direct",
    envNames: [...envValues.keys()],
    envValues,
    stdin: pipedWords(all, cmd),
  });
  let held: Verdict | null = null;
  for (const inv of invocations) {
    const v = checkInvocation(inv, cmd, all, env);
    if (v.verdict === "deny") return v;
    if (v.verdict === "ask") held ??= v;
  }
  return held ?? allow();
}

/** The command once per value of the loop variables it names alone (`for c in ls rm; do $c …`), or null. */
function loopVariants(cmd: SimpleCommand): Word[][] | null {
  const count = Math.max(
    0,
    ...cmd.argv.map((w) => w.alternatives?.length ?? 0),
  );
  if (count === 0) return null;
  return Array.from(
    { length: Math.min(count, 16) },
    (_, k) =>
      cmd.argv.map((w) => {
        const value = w.alternatives?.[k];
        return value === undefined ? w : literalWord(value);
      }),
  );
}

/** A program named by positional parameters that an earlier `set -- …` of the line gave (`set -- rm -rf /; "$@"`). */
function positionalRun(
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  const first = cmd.argv[0];
  if (!first?.dynamic || !/^"?\$\{?[@*0-9]\}?"?$/.test(first.raw)) return null;
  const set = all.slice(0, all.indexOf(cmd)).findLast((c) =>
    commandName(c.argv[0]) === "set" &&
    c.argv.slice(1).some((w) => !w.value.startsWith("-") || w.value === "--")
  );
  if (set === undefined) return null;
  const words = set.argv.slice(1);
  const from = words.findIndex((w) =>
    w.value === "--" || !/^[-+]/.test(w.value)
  );
  const args = words.slice(words[from]?.value === "--" ? from + 1 : from);
  const code = substitutePositional(
    cmd.argv.map((w) => w.raw).join(" "),
    [literalWord("sh"), ...args],
  );
  const v = env.nested(code, cmd.cwd, env);
  return v.verdict === "allow" ? null : v;
}

/** One program run: its own rules, then its writes to control files. */
function checkInvocation(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict {
  const v = checkProgram(inv, cmd, all, env);
  if (v.verdict !== "allow") return v;
  return checkControlWrites(inv, env) ?? v;
}

function checkProgram(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict {
  const { name } = inv;
  if (name === "" && (inv.origin === "xargs" || inv.origin === "parallel")) {
    return deny(
      "shell.from-input",
      `${inv.origin} runs commands built from its input here, which cannot be checked. Name the program explicitly`,
    );
  }
  const input = checkFromInput(inv, cmd, all, env) ??
    checkEnvironmentDump(inv, cmd, all);
  if (input) return input;
  if (name === "rm") return checkRm(inv, env);
  if (name === "rimraf") {
    return checkRm({ ...inv, args: [literalWord("-rf"), ...inv.args] }, env);
  }
  if (name === "find") return checkFindInvocation(inv, env);
  if (name === "git") return checkGit(inv, env);
  if (SHELLS.has(name)) return checkShell(inv, cmd, all, env);
  if (name === "eval") return checkEval(inv, env);
  if (name === "trap") return checkTrap(inv, env);
  const written = checkWrittenRun(inv, cmd, all, env);
  if (written) return written;
  if (isPowerShellHost(name)) {
    const script = powerShellScript(inv);
    if (script === null) return allow();
    if (env.depth >= MAX_NESTING) return tooDeep();
    return analysePowerShell(script, inv.cwd, { ...env, depth: env.depth + 1 });
  }
  const startup = checkStartupWriters(inv, cmd, all, env);
  if (startup) return startup;
  const system = checkSystem(inv, env);
  if (system) return system;
  if (codeFlags(name) !== undefined) {
    return checkInterpreter(inv, cmd, pipedText(all, cmd), env);
  }
  if (name === "deno" && inv.args[0]?.value === "eval" && inv.args[1]) {
    return checkOneLiner("deno", inv.args[1].value, inv.cwd, env);
  }
  if (AWKS.has(name)) {
    const v = checkAwk(inv, env);
    if (v.verdict !== "allow") return v;
  }
  if (name === "curl" || name === "wget") {
    return checkUpload(inv, env) ?? allow();
  }
  if (name === "source" || name === ".") {
    const text = inv.args[0] && !inv.args[0].dynamic
      ? writtenScript(all, cmd, inv.args[0].value, inv.cwd)
      : null;
    if (text !== null) {
      const v = env.nested(text, inv.cwd, env);
      if (v.verdict !== "allow") return v;
    }
    if (inv.args.some((w) => fromDownload(w.substitutions))) {
      return remoteExec(name);
    }
    if (inv.args[0] && isOnlyVariable(inv.args[0])) return variableScript(name);
  }
  return checkSecretOperands(inv, env) ?? allow();
}

/** Programs that write the files they are given: tee (appending with -a), copiers, sed -i, truncate. */
function checkStartupWriters(
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

/** `trap 'code' SIGNAL`: the code runs later, so it is judged now. */
function checkTrap(inv: Invocation, env: Env): Verdict {
  const args = inv.args[0]?.value === "--" ? inv.args.slice(1) : inv.args;
  const code = args[0];
  if (code === undefined || args.length < 2 || code.value.startsWith("-")) {
    return allow();
  }
  if (isOnlyVariable(code)) {
    return deny(
      "shell.dynamic",
      "trap runs code only known at run time when the signal comes. Write the trap's commands out",
    );
  }
  return code.dynamic ? allow() : env.nested(code.value, inv.cwd, env);
}

/** A script run by its path (`./s.sh`) that an earlier command of the line wrote. */
function checkWrittenRun(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  const path = cmd.argv.find((w) =>
    !w.dynamic && w.value.includes("/") && commandName(w) === inv.name
  );
  if (path === undefined) return null;
  const text = writtenScript(all, cmd, path.value, inv.cwd);
  if (text === null) return null;
  const v = env.nested(text, inv.cwd, env);
  return v.verdict === "allow" ? null : v;
}

function checkFindInvocation(inv: Invocation, env: Env): Verdict {
  const v = checkFind(inv, env);
  if (v.verdict !== "allow") return v;
  const secret = findFeedsReader(inv.args) &&
    findOutputSecret(inv.args, { cwd: inv.cwd, home: env.home });
  if (secret) return secretVerdict(secret, "the paths find passes on");
  if (inv.origin === "xargs" && !inputOnlyInStartingPoints(inv.args)) {
    return deny(
      "shell.from-input",
      "xargs appends its input to find's expression, where it can add -delete or -exec. Run find with the paths and tests written out",
    );
  }
  if (
    inv.origin === "parallel" && inv.args.some((w) => w.value === "-delete")
  ) {
    return deny(
      "find.delete",
      "find -delete fed by parallel deletes under paths taken from the input, which cannot be checked. Run find on named paths with -print first",
    );
  }
  return allow();
}

/** Whether find's `-exec`/`-execdir`/`-ok` runs a program that reads what it finds. */
function findFeedsReader(args: Word[]): boolean {
  return args.some((w, i) =>
    /^-(?:exec|execdir|ok|okdir)$/.test(w.value) &&
    readsContents(commandName(args[i + 1]))
  );
}

/** Whether xargs's input only names find's starting points, one line each (`xargs -I{} find {} -name x`). */
function inputOnlyInStartingPoints(args: Word[]): boolean {
  const expression = args.findIndex((w) => /^[-(!]/.test(w.value));
  const starts = expression === -1 ? args : args.slice(0, expression);
  return args.some((w) => w.value.includes(INPUT_LINE)) &&
    args.every((w) => !w.dynamic || starts.includes(w));
}

function checkGit(inv: Invocation, env: Env): Verdict {
  const fromEnv = gitEnvConfig(inv.envValues);
  if (fromEnv.dynamic) {
    return deny(
      "git.config-env",
      "git reads configuration (aliases, ssh command, hooks) from GIT_CONFIG_* variables whose values are only known at run time. Write the settings out with -c, or leave them out",
    );
  }
  const split = splitGit(inv.args.map((w) => w.value), fromEnv.settings);
  if (split.shellAlias !== null) {
    return env.nested(split.shellAlias, inv.cwd, env);
  }
  if (split.sub === null) return allow();
  if (split.sub === "config") {
    const v = checkGitConfig(split.args);
    if (v) return v;
  }
  // `-c core.fsmonitor=…`, `-c core.pager=…`: git runs the value at once, so the shell rules judge it.
  for (const setting of split.config) {
    const command = gitConfigCommand(setting);
    if (command === null) continue;
    const v = env.nested(command, inv.cwd, env);
    if (v.verdict !== "allow" && !v.rule?.startsWith("guard.")) return v;
  }
  const h = checkGitSubcommand(split.sub, split.args, {
    envNames: inv.envNames,
    config: split.config,
  });
  if (h) return deny(h.rule, h.reason);
  return checkSecretOperands(inv, env) ?? allow();
}

/** Disk, device and permission rules: dd, mkfs, shred, tee to a device, chmod/chown -R. */
function checkSystem(inv: Invocation, env: Env): Verdict | null {
  const { name } = inv;
  if (name === "dd") {
    const of = inv.args.find((w) => w.value.startsWith("of="));
    const path = of?.value.slice(3) ?? "";
    if (path.startsWith("/dev/") && !HARMLESS_DEVICES.has(path)) {
      return deny(
        "disk.dd",
        `dd writing to ${path} overwrites a device. Write to a regular file instead`,
      );
    }
    return null;
  }
  if (name.startsWith("mkfs") || FORMATTERS.has(name)) {
    const device = inv.args.some((w) =>
      w.dynamic || w.value.startsWith("/dev/")
    );
    return device
      ? deny(
        "disk.mkfs",
        `${name} erases a file system. Ask the user to format disks themselves`,
      )
      : null;
  }
  if (name === "shred") {
    return deny(
      "disk.shred",
      "shred destroys file contents beyond recovery. Use `rm` on the specific file, or ask the user",
    );
  }
  if (name === "tee") {
    for (const w of inv.args) {
      const v = checkDeviceWrite(w.value);
      if (v) return v;
    }
    return null;
  }
  if (name === "chmod" || name === "chown" || name === "chgrp") {
    return checkOwnership(inv, env);
  }
  return null;
}

function checkDeviceWrite(path: string): Verdict | null {
  if (DISK_DEVICES.some((d) => path.startsWith(d))) {
    return deny(
      "disk.redirect",
      `Writing to ${path} overwrites a disk. Write to a regular file instead`,
    );
  }
  return null;
}

function checkOwnership(inv: Invocation, env: Env): Verdict | null {
  const recursive = inv.args.some((w) =>
    w.value === "--recursive" ||
    (/^-[^-]/.test(w.value) && w.value.includes("R"))
  );
  if (!recursive) return null;
  const positional = inv.args.filter((w) => !w.value.startsWith("-"));
  const hasReference = inv.args.some((w) => w.value.startsWith("--reference"));
  for (const t of positional.slice(hasReference ? 0 : 1)) {
    const path = t.dynamic ? t.literalPrefix : t.value;
    if (t.dynamic && !path.includes("/")) continue;
    if (!path.startsWith("/") && inv.cwd === null) continue;
    const abs = resolveFrom(inv.cwd ?? "/", path);
    const topLevel = abs.split("/").filter((s) => s !== "").length <= 1 &&
      abs !== "/tmp";
    if (topLevel || abs === env.home) {
      return deny(
        inv.name === "chmod" ? "chmod.recursive-root" : "chown.recursive-root",
        `${inv.name} -R on ${t.value} changes a system or home tree. Apply it to the specific project directory instead`,
      );
    }
  }
  return null;
}

/** Checks PowerShell text: Remove-Item by the rm rules, other commands by the POSIX rules. */
function analysePowerShell(
  text: string,
  cwd: string | null,
  env: Env,
): Verdict {
  const parsed = parsePowerShell(text, { cwd, home: env.home });
  if (!parsed.ok) {
    if (parsed.tooComplex || env.level !== "standard") {
      return deny(
        parsed.tooComplex ? "guard.too-complex" : "guard.unparsable",
        `The PowerShell command cannot be checked (${parsed.reason}), so it is blocked. Split it into simpler commands`,
      );
    }
    return allow();
  }
  let dir = cwd;
  let held: Verdict | null = null;
  for (const [index, words] of parsed.statements.entries()) {
    const head = words[0] as Word;
    const name = commandName(head).replace(/\.exe$/, "");
    let verdict: Verdict;
    if (REMOVE_ITEM_NAMES.has(name)) {
      const piped = pipedTargets(parsed.statements, parsed.pipes, index);
      verdict = checkRemoveItem([...words.slice(1), ...piped], dir, env);
    } else if (POWERSHELL_NO_CONTENT.has(name)) {
      if (["set-location", "cd", "sl", "push-location"].includes(name)) {
        const target = words.slice(1).find((w) => !w.value.startsWith("-"));
        dir = target === undefined || target.dynamic || dir === null
          ? (target === undefined ? dir : null)
          : resolveFrom(dir, target.value);
      }
      continue;
    } else {
      verdict = checkSimple(
        {
          argv: words,
          assignments: [],
          redirects: [],
          cwd: dir,
          inSubstitution: false,
          pipeline: index,
          pipelineIndex: 0,
          pipelineLength: 1,
          background: false,
          functionName: null,
        },
        [],
        env,
      );
    }
    if (verdict.verdict !== "allow") {
      if (verdict.rule && env.disabled.has(verdict.rule)) continue;
      if (verdict.verdict === "deny") return verdict;
      held ??= verdict;
    }
  }
  return held ?? allow();
}
