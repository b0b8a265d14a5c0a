/**
 * Environment dumps sent over the network: `printenv`, `env`, `set`,
 * `export -p` or a process's `environ` piped into, or substituted into, a
 * program that sends data (`curl`, `wget`, `nc`, `socat`, `ssh`). The
 * environment holds the session's tokens and keys.
 *
 * Pure: looks at the parsed commands only.
 *
 * @module
 */

import {
  commandName,
  deny,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import type { SimpleCommand } from "./shell_parse.ts";

/** Programs that send what they are given to another machine. */
const SENDERS = new Set([
  "curl",
  "wget",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "telnet",
  "ssh",
  "xh",
  "xhs",
  "http",
  "https",
  "httpie",
  "openssl",
]);

/** A process's environment file (`/proc/self/environ`, `/proc/<pid>/environ`). */
const ENVIRON = /^\/proc\/[^/]+\/environ$/;

/** Whether a command prints the whole environment (or a variable of it). */
function dumpsEnvironment(c: SimpleCommand): boolean {
  const name = commandName(c.argv[0]);
  const args = c.argv.slice(1).map((w) => w.value);
  if (
    [...args, ...c.redirects.map((r) => r.target?.value ?? "")].some((a) =>
      ENVIRON.test(a)
    )
  ) return true;
  switch (name) {
    case "printenv":
      return true;
    case "env":
      return args.every((a) => a.startsWith("-"));
    case "set":
      return args.length === 0;
    case "export":
    case "declare":
    case "typeset":
      return args.length === 0 || args.every((a) => /^-[a-z]*[px]/.test(a));
    case "compgen":
      return args.includes("-v") || args.includes("-e");
    default:
      return false;
  }
}

/**
 * Denies a program that sends data when the environment is piped into it or
 * substituted into its arguments.
 *
 * @param inv The invocation.
 * @param cmd The simple command it came from.
 * @param all Every simple command of the line.
 * @returns The deny verdict, or null.
 */
export function checkEnvironmentDump(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
): Verdict | null {
  if (!SENDERS.has(inv.name)) return null;
  const upstream = all.filter((c) =>
    c.pipeline === cmd.pipeline && c.pipelineIndex < cmd.pipelineIndex
  );
  const substituted = inv.args.flatMap((w) => w.substitutions);
  const uploaded = inv.args.some((w) =>
    /(?:^|[=@<])\/proc\/[^/]+\/environ$/.test(w.value)
  );
  if (!uploaded && ![...upstream, ...substituted].some(dumpsEnvironment)) {
    return null;
  }
  return deny(
    "secret.environment",
    `The environment, with its tokens and keys, is sent through ${inv.name} to another machine. Send only the specific non-secret values needed`,
  );
}
