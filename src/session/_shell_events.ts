/**
 * What a shell command that ran says about the session: git operations (with
 * branch names and commit messages) and environment changes (cd, virtualenv,
 * nvm, conda, package installs), plus the key that ties a failure of the
 * command to the later run that fixed it.
 *
 * Pure; reads only the command line and a bounded head of its output.
 *
 * @module
 */

import { programName, programWords, simpleCommands } from "./_words.ts";
import { clip, redactText } from "./redact.ts";
import type { EventDraft } from "./types.ts";

const GIT_OPS = new Set([
  "checkout",
  "switch",
  "commit",
  "merge",
  "rebase",
  "stash",
  "push",
  "pull",
  "fetch",
  "diff",
  "status",
  "branch",
  "cherry-pick",
  "reset",
  "revert",
  "tag",
]);

/** Git options that take the next word as their value. */
const GIT_VALUE_OPTIONS = new Set(["-C", "-c", "--git-dir", "--work-tree"]);

/** Package managers and the subcommands that install. */
const INSTALLERS: Readonly<Record<string, ReadonlySet<string>>> = {
  npm: new Set(["install", "i", "add", "ci"]),
  pnpm: new Set(["install", "i", "add"]),
  yarn: new Set(["add", "install"]),
  bun: new Set(["add", "install", "i"]),
  pip: new Set(["install"]),
  pip3: new Set(["install"]),
  uv: new Set(["add", "pip"]),
  poetry: new Set(["add", "install"]),
  cargo: new Set(["add", "install"]),
  go: new Set(["get", "install"]),
  gem: new Set(["install"]),
  bundle: new Set(["install", "add"]),
  deno: new Set(["add", "install"]),
  brew: new Set(["install"]),
  apt: new Set(["install"]),
  "apt-get": new Set(["install"]),
  composer: new Set(["require", "install"]),
  dotnet: new Set(["add"]),
};

/**
 * The events of a shell command that succeeded.
 *
 * @param command The command line.
 * @param output The command's output text (stdout), when known.
 * @returns Git and environment events, in the command's order.
 */
export function shellEvents(command: string, output: string): EventDraft[] {
  const events: EventDraft[] = [];
  for (const words of simpleCommands(command)) {
    const program = programWords(words);
    const name = programName(program[0] ?? "");
    if (name === "git") {
      const git = gitEvent(program.slice(1), output);
      if (git) events.push(git);
      continue;
    }
    const env = envEvent(name, program);
    if (env) events.push(env);
  }
  return events;
}

/**
 * The key of a command for error resolution: its program and first plain
 * argument (`deno test`, `npm run`), so a later successful run of the same
 * kind resolves an earlier failure.
 *
 * @param command The command line.
 * @returns `shell:<program> <subcommand>`, or `shell:<program>`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandKey } from "./_shell_events.ts";
 * assert.equal(commandKey("cd app && deno test -A tests/a_test.ts"), "shell:deno test");
 * assert.equal(commandKey("pytest -x tests/"), "shell:pytest");
 * ```
 */
export function commandKey(command: string): string {
  const commands = simpleCommands(command).map(programWords).filter((words) =>
    words.length > 0 &&
    !/^(cd|pushd|popd|export|source|\.|set|echo)$/.test(words[0]!)
  );
  const words = commands[0] ?? programWords(simpleCommands(command)[0] ?? []);
  const name = programName(words[0] ?? "");
  const sub = words.slice(1).find((word) => !word.startsWith("-"));
  return sub !== undefined && /^[A-Za-z][\w:.-]*$/.test(sub) &&
      !/\.[A-Za-z0-9]+$/.test(sub)
    ? `shell:${name} ${sub}`
    : `shell:${name}`;
}

function gitEvent(args: string[], output: string): EventDraft | undefined {
  let i = 0;
  while (i < args.length && args[i]!.startsWith("-")) {
    i += GIT_VALUE_OPTIONS.has(args[i]!) ? 2 : 1;
  }
  const op = args[i];
  if (op === undefined || !GIT_OPS.has(op)) return undefined;
  const rest = args.slice(i + 1);
  const plain = plainWords(rest);
  const data: Record<string, unknown> = { op };
  const head = output.slice(0, 2000);
  switch (op) {
    case "checkout":
    case "switch": {
      const created = valueOf(rest, ["-b", "-B", "-c", "-C", "--orphan"]);
      const branch = created ??
        (rest.includes("--") ? undefined : plain[0]) ??
        head.match(/Switched to (?:a new )?branch '([^']+)'/)?.[1];
      if (branch) data.branch = branch;
      if (created) data.created = true;
      break;
    }
    case "commit": {
      const message = valueOf(rest, ["-m", "--message", "-am"]);
      if (message !== undefined) {
        data.message = clip(redactText(message.split("\n")[0] ?? ""), 120);
      }
      const made = head.match(
        /^\[([^\s\]]+)(?: \(root-commit\))? ([0-9a-f]{7,})\]/m,
      );
      if (made) {
        data.branch = made[1];
        data.sha = made[2];
      }
      break;
    }
    case "stash":
      data.action = plain[0] ?? "push";
      break;
    case "status": {
      const branch = head.match(/^On branch (\S+)/m)?.[1];
      if (branch) data.branch = branch;
      break;
    }
    default:
      if (plain.length > 0) {
        data.args = clip(redactText(plain.slice(0, 4).join(" ")), 120);
      }
  }
  return { category: "git", type: op, subject: `git:${op}`, data };
}

function envEvent(name: string, words: string[]): EventDraft | undefined {
  const args = words.slice(1);
  const plain = plainWords(args);
  const command = clip(redactText(words.join(" ")), 200);
  const event = (type: string, data: Record<string, unknown>): EventDraft => ({
    category: "env",
    type,
    subject: `env:${type}:${command}`,
    data: { ...data, command },
  });
  if (name === "cd" || name === "pushd") {
    return plain[0] ? event("cd", { dir: plain[0] }) : undefined;
  }
  if (
    (name === "source" || name === ".") && /\/activate$/.test(args[0] ?? "")
  ) {
    return event("virtualenv", {
      path: args[0]!.replace(/\/bin\/activate$/, ""),
    });
  }
  if (
    name === "virtualenv" ||
    (/^python3?$/.test(name) && args[0] === "-m" && args[1] === "venv")
  ) {
    return event("virtualenv", { path: plain.at(-1) ?? "" });
  }
  if (name === "uv" && args[0] === "venv") {
    return event("virtualenv", { path: plain[1] ?? ".venv" });
  }
  if (name === "nvm" && /^(use|install|alias)$/.test(args[0] ?? "")) {
    return event("nvm", { action: args[0], version: plain[1] ?? "" });
  }
  if (
    (name === "conda" || name === "mamba") &&
    /^(activate|create|install)$/.test(args[0] ?? "")
  ) {
    return event("conda", {
      action: args[0],
      target: valueOf(args, ["-n", "--name"]) ?? plain[1] ?? "",
    });
  }
  const pipModule = /^python3?$/.test(name) && args[0] === "-m" &&
    args[1] === "pip";
  const manager = pipModule ? "pip" : name;
  const managerArgs = pipModule ? args.slice(2) : args;
  const installs = INSTALLERS[manager];
  if (installs && installs.has(managerArgs[0] ?? "")) {
    if (
      manager === "uv" && managerArgs[0] === "pip" &&
      managerArgs[1] !== "install"
    ) {
      return undefined;
    }
    const packages = plainWords(
      managerArgs.slice(manager === "uv" && managerArgs[0] === "pip" ? 2 : 1),
    );
    return event("install", { manager, packages: packages.slice(0, 10) });
  }
  return undefined;
}

/** Arguments that are not options (nor the values of `-m`-style options). */
function plainWords(args: readonly string[]): string[] {
  const result: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "--") continue;
    if (word.startsWith("-")) {
      if (
        /^-[a-zA-Z]*[mbBcCnF]$/.test(word) ||
        /^--(message|file|name)$/.test(word)
      ) i++;
      continue;
    }
    result.push(word);
  }
  return result;
}

/** The value after one of `flags` (`-m msg`, `-mmsg`, `--message=msg`). */
function valueOf(
  args: readonly string[],
  flags: readonly string[],
): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (flags.includes(word)) return args[i + 1];
    const long = flags.find((flag) =>
      flag.startsWith("--") && word.startsWith(`${flag}=`)
    );
    if (long) return word.slice(long.length + 1);
    if (flags.includes("-m") && /^-m./.test(word)) return word.slice(2);
  }
  return undefined;
}
