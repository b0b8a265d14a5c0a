/**
 * What a simple command runs: the program word resolved (loop variables,
 * `set --` positional parameters, a variable holding a whole command line),
 * wrappers unwrapped (`sudo`, `env`, `xargs`, `parallel`, …), and each
 * resulting program handed to the rules that know it.
 *
 * Pure: never runs, reads or prints anything.
 *
 * @module
 */

import {
  allow,
  commandName,
  deny,
  type Env,
  type Invocation,
  literalWord,
  SHELLS,
  type Verdict,
} from "./_context.ts";
import { checkControlWrites } from "./_control_writes.ts";
import {
  checkRunnerFiles,
  checkSource,
  checkTrap,
  checkWrittenRun,
} from "./_deferred.ts";
import { checkEnvironmentDump } from "./_env_dump.ts";
import { checkFindInvocation } from "./_find.ts";
import { checkFromInput, checkReadLoop } from "./_from_input.ts";
import { checkGit } from "./_git_invocation.ts";
import { checkInfra, checkTagPush } from "./_infra.ts";
import { checkInterpreter, checkOneLiner, codeFlags } from "./_interpreters.ts";
import { interpreterFiles } from "./_interpreter_args.ts";
import { checkLineFile } from "./_line_files.ts";
import { checkGitDataWriters } from "./_git_data.ts";
import { lineEnvironment } from "./_line.ts";
import { substitutePositional } from "./_positional.ts";
import { isPowerShellHost, powerShellScript } from "./_powershell.ts";
import { checkRm } from "./_rm.ts";
import { checkSecretOperands } from "./_secret_access.ts";
import { checkUpload } from "./_uploads.ts";
import { checkAwk } from "./_awk.ts";
import { checkEval, checkShell, downloadedCode, pipedText } from "./_shells.ts";
import { checkStartupWriters } from "./_startup_files.ts";
import { resolveWords, substitutionText } from "./_substitution.ts";
import { checkSystem } from "./_system.ts";
import { unwrap } from "./_unwrap.ts";
import type { SimpleCommand, Word } from "./shell_parse.ts";

const AWKS = new Set(["awk", "gawk", "mawk", "nawk"]);

/** Checks what one simple command runs: loop and positional variants, code in a variable, then each program it unwraps to. */
export function checkRun(
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
  const positional = positionalRun(cmd, all, env) ??
    functionCall(cmd, all, env) ?? aliasUse(cmd, all, env);
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
  // An unquoted variable whose known value has blanks splits into words
  // (`W='rm -rf ~'; env $W`): the line is judged with the words in place.
  if (cmd.argv.some(splitsIntoWords)) {
    const line = cmd.argv.map((w) => splitsIntoWords(w) ? w.value : w.raw)
      .join(" ");
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

/**
 * Code a carrier runs later or elsewhere: `script -c CODE`, and what `at` or
 * `batch` read from a pipe, a here-doc or a here-string; null otherwise.
 */
function carriedCode(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
): string | null {
  if (inv.name === "script") {
    const at = inv.args.findIndex((w) =>
      /^-[a-zA-Z]*c$/.test(w.value) || w.value === "--command"
    );
    const glued = inv.args.find((w) => w.value.startsWith("--command="));
    if (glued) return glued.value.slice("--command=".length);
    return at === -1 ? null : inv.args[at + 1]?.value ?? null;
  }
  if (inv.name === "at" || inv.name === "batch") {
    return pipedText(all, cmd) ?? hereText(cmd);
  }
  return null;
}

/** The text a here-doc or here-string gives the command, or null. */
function hereText(cmd: SimpleCommand): string | null {
  for (const r of cmd.redirects) {
    if (r.heredoc) return r.heredoc.body;
    if (r.op === "<<<" && r.target && !r.target.dynamic) return r.target.value;
  }
  return null;
}

/** Whether a word is an unquoted variable whose known value the shell splits into several words. */
function splitsIntoWords(w: Word): boolean {
  return !w.dynamic && !w.quoted && w.raw.startsWith("$") &&
    /\s/.test(w.value);
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

/**
 * A call of a function the line defines, with arguments: its body is judged
 * with them in place of `$1`, `$@`… (`wipe() { rm -rf "$1"; }; wipe ~`).
 */
function functionCall(
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  const first = cmd.argv[0];
  if (!first || first.dynamic || cmd.argv.length < 2) return null;
  if (cmd.functionName === first.value) return null;
  for (const body of all) {
    if (body.functionName !== first.value || body.argv.length === 0) continue;
    const code = substitutePositional(
      body.argv.map((w) => w.raw).join(" "),
      cmd.argv,
    );
    const v = env.nested(code, cmd.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  return null;
}

/**
 * A name an earlier `alias` of the line defined: judged as the alias's text
 * with the words after it, since zsh always and bash with `expand_aliases`
 * replace it.
 */
function aliasUse(
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  const first = cmd.argv[0];
  if (!first || first.dynamic || first.quoted) return null;
  const prefix = `${first.value}=`;
  const definition = all.slice(0, all.indexOf(cmd)).flatMap((c) =>
    commandName(c.argv[0]) === "alias" ? c.argv.slice(1) : []
  ).findLast((w) => !w.dynamic && w.value.startsWith(prefix));
  if (definition === undefined) return null;
  const code = [
    definition.value.slice(prefix.length),
    ...cmd.argv.slice(1).map((w) => w.raw),
  ].join(" ");
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
    checkReadLoop(inv, cmd, all, env) ??
    checkEnvironmentDump(inv, cmd, all);
  if (input) return input;
  if (name === "rm") return checkRm(inv, env);
  if (name === "rimraf") {
    return checkRm({ ...inv, args: [literalWord("-rf"), ...inv.args] }, env);
  }
  if (name === "find") return checkFindInvocation(inv, env);
  if (name === "git") {
    const v = checkGit(inv, env);
    return v.verdict === "allow" ? checkTagPush(inv) ?? v : v;
  }
  if (SHELLS.has(name)) return checkShell(inv, cmd, all, env);
  if (name === "eval") return checkEval(inv, env);
  const queued = inv.name === "at" || inv.name === "batch"
    ? inv.args[inv.args.findIndex((w) => w.value === "-f") + 1]
    : undefined;
  if (queued && !queued.dynamic && inv.args.some((w) => w.value === "-f")) {
    const v = checkLineFile(name, queued.value, cmd, all, inv.cwd, env);
    if (v) return v;
  }
  const later = carriedCode(inv, cmd, all);
  if (later !== null) return env.nested(later, inv.cwd, env);
  if (name === "trap") return checkTrap(inv, env);
  const written = checkWrittenRun(inv, cmd, all, env) ??
    checkRunnerFiles(inv, cmd, all, env);
  if (written) return written;
  if (isPowerShellHost(name)) {
    const script = powerShellScript(inv);
    return script === null
      ? allow()
      : env.nested(script, inv.cwd, env, "powershell");
  }
  const startup = checkStartupWriters(inv, cmd, all, env);
  if (startup) return startup;
  const system = checkSystem(inv, env) ?? checkGitDataWriters(inv, env);
  if (system) return system;
  const flags = codeFlags(name);
  if (flags !== undefined) {
    for (const file of interpreterFiles(name, inv.args, flags)) {
      const v = checkLineFile(
        name,
        file,
        cmd,
        all,
        inv.cwd,
        env,
        (text) => checkOneLiner(name, text, inv.cwd, env),
      );
      if (v) return v;
    }
    return downloadedCode(inv, cmd, all) ??
      checkInterpreter(inv, cmd, pipedText(all, cmd), env);
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
    const v = checkSource(inv, cmd, all, env);
    if (v) return v;
  }
  return checkSecretOperands(inv, env) ??
    checkInfra(inv, pipedText(all, cmd) ?? hereText(cmd)) ?? allow();
}
