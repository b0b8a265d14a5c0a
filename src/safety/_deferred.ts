/**
 * Code that runs later than the line suggests: `trap '…' SIGNAL`, a script
 * the same line wrote and then runs by its path, and `source`/`.` of such a
 * script, of a download or of a file named only by a variable. A file the
 * line downloaded and then runs, or whose shown text it replaced before
 * running it, is denied.
 *
 * Pure: judges the text the line shows; never runs or reads anything.
 *
 * @module
 */

import {
  allow,
  commandName,
  deny,
  type Env,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import { checkLineFile } from "./_line_files.ts";
import {
  fromDownload,
  isOnlyVariable,
  remoteExec,
  variableScript,
} from "./_shells.ts";
import type { SimpleCommand } from "./shell_parse.ts";

/** `trap 'code' SIGNAL`: the code runs later, so it is judged now. */
export function checkTrap(inv: Invocation, env: Env): Verdict {
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
export function checkWrittenRun(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  const path = cmd.argv.find((w) =>
    !w.dynamic && w.value.includes("/") && commandName(w) === inv.name
  );
  if (path === undefined) return null;
  return checkLineFile(inv.name, path.value, cmd, all, inv.cwd, env);
}

/** Programs that run a program file given as an operand (`deno run x.ts`, `npx tsx x.ts`, `make -f x.mk`). */
const FILE_RUNNERS = new Set([
  "deno",
  "bun",
  "tsx",
  "ts-node",
  "npx",
  "bunx",
  "pnpx",
  "make",
  "java",
  "go",
  "rscript",
  "julia",
  "swift",
  "elixir",
  "groovy",
  "kotlin",
  "pwsh",
  "powershell",
]);

/** Names of program files (not data a program reads). */
const CODE_FILE =
  /\.(?:[cm]?[jt]sx?|py|rb|pl|php|sh|bash|zsh|lua|mk|jar|java|go|r|jl|swift|exs?|groovy|kts?|ps1)$/i;

/**
 * A file a runner is given that an earlier command of the line downloaded,
 * or whose shown text it replaced: the file is code nobody has read.
 *
 * @param inv The runner's invocation.
 * @param cmd Its simple command.
 * @param all Every simple command of the line.
 * @param env The analysis environment.
 * @returns The deny verdict, or null.
 */
export function checkRunnerFiles(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  if (!FILE_RUNNERS.has(inv.name)) return null;
  for (const w of inv.args) {
    if (w.dynamic || !CODE_FILE.test(w.value) || w.value.includes("://")) {
      continue;
    }
    const v = checkLineFile(
      inv.name,
      w.value,
      cmd,
      all,
      inv.cwd,
      env,
      () => ({ verdict: "allow" }),
    );
    if (v) return v;
  }
  return null;
}

/** The file `source`/`.` runs: its first operand, after bash's `-p PATH` (searched for it). */
function sourcedFiles(inv: Invocation): string[] {
  const args = inv.args;
  if (args[0]?.value !== "-p") return args[0] ? [args[0].value] : [];
  const dirs = args[1]?.value ?? "";
  const file = args[2]?.value;
  if (file === undefined) return dirs === "" ? [] : [dirs];
  if (file.includes("/")) return [file];
  return dirs.split(":").map((d) => `${d === "" ? "." : d}/${file}`);
}

/** `source file` / `. file`: a script written earlier in the line is judged as code; one downloaded or named by a variable alone is not known. */
export function checkSource(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  const { name } = inv;
  const operands = inv.args[0]?.value === "-p" ? inv.args.slice(1) : inv.args;
  if (!operands.slice(0, 2).some((w) => w.dynamic)) {
    for (const file of sourcedFiles(inv)) {
      const v = checkLineFile(name, file, cmd, all, inv.cwd, env);
      if (v) return v;
    }
  }
  if (inv.args.some((w) => fromDownload(w.substitutions))) {
    return remoteExec(name);
  }
  if (operands[0] && isOnlyVariable(operands[0])) return variableScript(name);
  return null;
}
