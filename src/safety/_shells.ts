/**
 * Code handed to a shell: `sh -c '…'`, `eval`, scripts piped or here-doc'ed
 * into a shell, and code downloaded from the network (`curl … | sh`,
 * `eval "$(curl …)"`, `bash <(curl …)`).
 *
 * Pure: analyses the code's text through the nested analysis it is given.
 *
 * @module
 */

import {
  allow,
  deny,
  type Env,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import { noteRead } from "./_secret_access.ts";
import { unwrap } from "./_unwrap.ts";
import type { SimpleCommand, Word } from "./shell_parse.ts";

const DOWNLOADERS = new Set(["curl", "wget", "fetch", "http", "https"]);

/** Whether any of the commands runs a downloader (seen through wrappers). */
export function fromDownload(commands: SimpleCommand[]): boolean {
  return commands.some((c) =>
    unwrap(c.argv, {
      cwd: c.cwd,
      home: "/",
      origin: "direct",
      envNames: [],
      stdin: null,
    }).some((i) => DOWNLOADERS.has(i.name))
  );
}

/** The deny verdict for running downloaded code through `name`. */
export function remoteExec(name: string): Verdict {
  return deny(
    "remote.exec",
    `Running code downloaded from the network through ${name} executes it unseen. Download it to a file, read it, then run it`,
  );
}

function dynamicCode(name: string, env: Env): Verdict {
  return env.level === "standard" ? allow() : deny(
    "shell.dynamic",
    `The code given to ${name} is only known at run time. Run the commands directly`,
  );
}

/**
 * Checks a shell invocation: its `-c` code, here-doc, here-string or piped
 * code, and whether that code comes from the network.
 *
 * @param inv The shell invocation.
 * @param cmd The simple command it came from.
 * @param all Every simple command of the line (to find what pipes into it).
 * @param env The analysis environment.
 * @returns The verdict.
 */
export function checkShell(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict {
  let hasC = false;
  let readsStdin = false;
  let i = 0;
  for (; i < inv.args.length; i++) {
    const a = inv.args[i]?.value ?? "";
    if (a === "--") {
      i++;
      break;
    }
    if (!(a.startsWith("-") || a.startsWith("+")) || a === "-") break;
    if (a === "-o" || a === "+o" || a === "-O" || a === "+O") {
      i++;
      continue;
    }
    if (!a.startsWith("--") && a.slice(1).includes("c")) hasC = true;
    if (!a.startsWith("--") && a.slice(1).includes("s")) readsStdin = true;
    if (a === "--command") hasC = true;
  }
  const script = inv.args[i];
  if (hasC) {
    if (script === undefined) {
      return inv.origin === "direct" ? allow() : shellFromInput(inv.name);
    }
    if (fromDownload(script.substitutions)) return remoteExec(inv.name);
    if (inv.origin !== "direct" && script.dynamic) {
      return shellFromInput(inv.name);
    }
    if (
      script.dynamic && (env.level !== "standard" || isOnlyVariable(script))
    ) {
      return deny(
        "shell.dynamic",
        `The code given to ${inv.name} -c is only known at run time. Run the commands directly`,
      );
    }
    return env.nested(script.value, inv.cwd, env);
  }
  if (
    !readsStdin && script !== undefined && script.value !== "-" &&
    script.value !== "/dev/stdin"
  ) {
    if (fromDownload(script.substitutions)) return remoteExec(inv.name);
    if (isOnlyVariable(script)) return variableScript(inv.name);
    noteRead(env, script, inv.cwd, inv.name);
    return allow();
  }
  for (const r of cmd.redirects) {
    if (r.heredoc) return env.nested(r.heredoc.body, inv.cwd, env);
    if (r.op === "<<<" && r.target) {
      if (r.target.dynamic) return dynamicCode(inv.name, env);
      return env.nested(r.target.value, inv.cwd, env);
    }
    if (r.op === "<" && r.target) return unverifiedStdin(inv.name);
  }
  const upstream = all.filter((c) =>
    c.pipeline === cmd.pipeline && c.pipelineIndex < cmd.pipelineIndex
  );
  if (upstream.length === 0) return allow();
  if (fromDownload(upstream)) {
    return deny(
      "remote.pipe-shell",
      `Piping a download into ${inv.name} runs unseen code. Download it to a file, read it, then run it`,
    );
  }
  return unverifiedStdin(inv.name);
}

function unverifiedStdin(name: string): Verdict {
  return deny(
    "shell.pipe-unverified",
    `Feeding ${name} its code through stdin runs code that cannot be checked here. Write the commands out, or run the script file by name (${name} script.sh)`,
  );
}

/** The deny verdict for running a script whose name is only a variable. */
export function variableScript(name: string): Verdict {
  return deny(
    "shell.dynamic",
    `${name} runs a script named only by a variable, which cannot be checked. Name the script file literally`,
  );
}

/** Whether a word is nothing but one variable (`"$CMD"`, `${X}`), so its code is unknowable. */
export function isOnlyVariable(w: Word): boolean {
  return /^"?\$(?:\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])"?$/.test(
    w.raw,
  );
}

function shellFromInput(name: string): Verdict {
  return deny(
    "shell.from-input",
    `${name} -c fed by xargs or parallel runs code made from its input, which cannot be checked. Run the commands directly`,
  );
}

/**
 * The literal text an `echo`/`printf` (or `cat` of a quoted here-doc) pipes into
 * `cmd`, or null when it is unknown.
 */
export function pipedText(
  all: SimpleCommand[],
  cmd: SimpleCommand,
): string | null {
  if (cmd.pipelineIndex === 0) return null;
  const feeder = all.find((c) =>
    c.pipeline === cmd.pipeline && c.pipelineIndex === cmd.pipelineIndex - 1
  );
  const first = feeder?.argv[0];
  if (!feeder || !first || first.dynamic) return null;
  const name = first.value.slice(first.value.lastIndexOf("/") + 1);
  if (name === "echo" || name === "printf") {
    const words = feeder.argv.slice(1).filter((w) =>
      !/^-[neE]+$/.test(w.value)
    );
    if (words.some((w) => w.dynamic)) return null;
    return words.map((w) => w.value).join(" ").replaceAll("\\n", "\n");
  }
  if (name === "cat" && feeder.argv.length === 1) {
    return feeder.redirects.find((r) => r.heredoc)?.heredoc?.body ?? null;
  }
  return null;
}

/** Checks `eval`: literal code is analysed, downloaded code denied, dynamic code denied above standard. */
export function checkEval(inv: Invocation, env: Env): Verdict {
  if (inv.args.some((w) => fromDownload(w.substitutions))) {
    return remoteExec("eval");
  }
  const variable = inv.args.some((w) =>
    w.dynamic && (w.raw.includes("`") || /\$(?![('])/.test(w.raw))
  );
  if (variable) {
    return deny(
      "eval.dynamic",
      'eval of a variable or of backtick output runs code only known at run time. Run the commands directly, or eval "$(tool)" of a known tool',
    );
  }
  if (inv.args.some((w) => w.dynamic)) {
    return env.level === "standard" ? allow() : deny(
      "eval.dynamic",
      "The code given to eval is only known at run time. Run the commands directly",
    );
  }
  return env.nested(inv.args.map((w) => w.value).join(" "), inv.cwd, env);
}
