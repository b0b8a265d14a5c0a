/**
 * The analysis loop: parses shell (or PowerShell) text, walks its simple
 * commands in order, checks each one's redirects and then what it runs, and
 * keeps the strictest verdict. Nested code (`sh -c`, `eval`) comes back here
 * one level deeper, up to a fixed limit.
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
  SHELLS,
  type Verdict,
} from "./_context.ts";
import { checkWrittenWord } from "./_control_writes.ts";
import { checkGitDataWrite } from "./_git_data.ts";
import { parsePowerShell } from "./_powershell_parse.ts";
import {
  checkRemoveItem,
  pipedTargets,
  POWERSHELL_NO_CONTENT,
  REMOVE_ITEM_NAMES,
} from "./_powershell.ts";
import { resolveFrom } from "./_paths.ts";
import { destructiveText, looseSegments, repairs } from "./_recover.ts";
import { noteRead, secretOf, secretVerdict } from "./_secret_access.ts";
import { writtenText } from "./_line.ts";
import { checkStartupWrite } from "./_startup_files.ts";
import { checkDeviceWrite } from "./_system.ts";
import { checkRun } from "./_run.ts";
import { parseShell, type SimpleCommand, type Word } from "./shell_parse.ts";

/** How deep `sh -c`/`eval` nesting is followed before the command counts as too complex. */
const MAX_NESTING = 9;

const READ_REDIRECTS = new Set(["<", "<>"]);

const WRITE_REDIRECTS = new Set([">", ">>", ">|", "&>", "&>>", "<>"]);

/** The stricter of two verdicts: deny over ask over allow, the first on a tie. */
export function stricter(a: Verdict | null, b: Verdict): Verdict {
  if (a === null) return b;
  const rank = { allow: 0, ask: 1, deny: 2 };
  return rank[b.verdict] > rank[a.verdict] ? b : a;
}

function tooDeep(): Verdict {
  return deny(
    "guard.too-complex",
    `Commands nested more than ${MAX_NESTING} levels deep (sh -c, eval) cannot be checked, so this is blocked. Run the inner command directly`,
  );
}

/**
 * Analyses code nested in a command (`sh -c`, `eval`, a PowerShell host's
 * script) one level deeper, denying past the nesting limit.
 *
 * @param code The nested code.
 * @param cwd The directory it runs in, or null when unknown.
 * @param env The analysis environment.
 * @param shell The language of the code. @default {"posix"}
 * @returns The verdict on the code.
 */
export function nested(
  code: string,
  cwd: string | null,
  env: Env,
  shell: "posix" | "powershell" = "posix",
): Verdict {
  if (env.depth >= MAX_NESTING) return tooDeep();
  const inner = { ...env, depth: env.depth + 1 };
  return shell === "powershell"
    ? analysePowerShell(code, cwd, inner)
    : analyse(code, cwd, inner);
}

/** Analyses POSIX shell text: parsed and checked command by command, or recovered at the standard level. */
export function analyse(
  command: string,
  cwd: string | null,
  env: Env,
): Verdict {
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

/**
 * Programs that cannot run a shell function named in their arguments: they
 * run an executable (`sudo f`, `xargs f`, `command f`, `exec f`), or a new
 * shell that has no functions unless the line exports them (`sh -c f`).
 */
const EXTERNAL_RUNNERS = new Set([
  "sudo",
  "doas",
  "env",
  "nohup",
  "timeout",
  "nice",
  "ionice",
  "stdbuf",
  "setsid",
  "chroot",
  "watch",
  "xargs",
  "parallel",
  "exec",
  "command",
]);

/** `time` and `!` are keywords only first in a pipeline: after `X=1` they are programs. */
const KEYWORDS_AS_PROGRAMS = new Set(["time", "!"]);

/** Whether the line exports functions to child shells (`export -f`, `declare -fx`). */
function exportsFunctions(commands: SimpleCommand[]): boolean {
  return commands.some((c) =>
    ["export", "declare", "typeset"].includes(commandName(c.argv[0])) &&
    c.argv.some((w) => /^-[a-z]*f/.test(w.value))
  );
}

/**
 * Names that are run somewhere in the line, so the functions they call are
 * live: every word of a command except those only an executable or a child
 * shell without exported functions would be given.
 */
function calledNames(commands: SimpleCommand[]): Set<string> {
  const names = new Set<string>();
  const exported = exportsFunctions(commands);
  for (const c of commands) {
    const program = commandName(c.argv[0]);
    const external = !exported &&
      (EXTERNAL_RUNNERS.has(program) || SHELLS.has(program) ||
        (KEYWORDS_AS_PROGRAMS.has(program) && c.assignments.length > 0));
    for (const [i, w] of c.argv.entries()) {
      if (i > 0 && external) break;
      if (!w.dynamic) names.add(w.value);
      for (const value of w.alternatives ?? []) names.add(value);
    }
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

/** Programs that, wired to a network socket, hand a remote party a shell. */
const SOCKET_SHELLS = new Set([...SHELLS, "exec"]);

function checkRedirects(cmd: SimpleCommand, env: Env): Verdict | null {
  const program = commandName(cmd.argv[0]);
  for (const r of cmd.redirects) {
    const target = r.target;
    if (
      target && /^\/dev\/(?:tcp|udp)\//.test(target.value) &&
      SOCKET_SHELLS.has(program)
    ) {
      return deny(
        "remote.reverse-shell",
        `Connecting a shell to ${target.value} gives whoever listens there control of this machine. Do not run it`,
      );
    }
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
        checkGitDataWrite(target, cmd.cwd, env, "The redirect to") ??
        checkStartupWrite(target, cmd.cwd, env, appended) ??
        checkWrittenWord(target, cmd.cwd, env);
      if (v) return v;
    }
  }
  return null;
}

/** A simple command: its redirects, then what it runs; a deny wins over an ask. */
export function checkSimple(
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict {
  const redirect = checkRedirects(cmd, env);
  if (redirect?.verdict === "deny") return redirect;
  return stricter(redirect, checkRun(cmd, all, env));
}

/** Checks PowerShell text: Remove-Item by the rm rules, other commands by the POSIX rules. */
export function analysePowerShell(
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
