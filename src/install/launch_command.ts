/**
 * The command that runs this installation of ctx-mode: the one place that
 * decides what `ctx-mode install` writes into an agent's config and what the
 * doctor's fix hints say. Three kinds: a compiled binary (its absolute path),
 * a clone (`deno run -q -A --config <clone>/deno.json <clone>/main.ts`) and a
 * remote module (`deno run -q -A jsr:@ctx/mode@<version>`, or the `main.ts` URL
 * of a tree served over HTTP).
 *
 * Computes only; never reads the disk or the network.
 *
 * @module
 */

/** How ctx-mode is installed. */
export type InstallKind = "binary" | "clone" | "remote";

/** The executable and arguments that start ctx-mode (add the command after them). */
export interface LaunchCommand {
  /** How ctx-mode is installed. */
  kind: InstallKind;
  /** The executable: an absolute path. */
  command: string;
  /** The arguments before ctx-mode's own (empty for a binary). */
  args: string[];
}

/** What the launch command is computed from. */
export interface LaunchFacts {
  /** The running executable, `Deno.execPath()`. */
  execPath: string;
  /** The URL of ctx-mode's `main.ts`. */
  mainUrl: string;
  /** ctx-mode's version, for a JSR specifier. */
  version: string;
  /** Whether this is a `deno compile`d binary. @default {undefined: guessed from execPath and mainUrl} */
  compiled?: boolean | undefined;
}

const JSR_MODULE = /^https:\/\/jsr\.io\/@ctx\/mode\/([^/]+)\//;
/**
 * Deno's `--quiet`: a first start on a cold cache would print a `Download`
 * line per package into the agent's MCP log and hook output; errors still
 * print.
 */
const QUIET = ["-q"];

function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * The launch command of the installation described by `facts`.
 *
 * @param facts The executable, the URL of `main.ts` and the version.
 * @returns The command and its leading arguments.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { launchCommand } from "./launch_command.ts";
 * const clone = launchCommand({
 *   execPath: "/usr/bin/deno",
 *   mainUrl: "file:///src/ctx-mode/main.ts",
 *   version: "0.1.0",
 * });
 * assert.deepEqual(clone.args, [
 *   "run", "-q", "-A", "--config", "/src/ctx-mode/deno.json", "/src/ctx-mode/main.ts",
 * ]);
 * ```
 */
export function launchCommand(facts: LaunchFacts): LaunchCommand {
  const compiled = facts.compiled ??
    (facts.mainUrl.includes("/deno-compile-") ||
      !/^deno(\.exe)?$/i.test(basename(facts.execPath)));
  if (compiled) return { kind: "binary", command: facts.execPath, args: [] };
  const url = new URL(facts.mainUrl);
  if (url.protocol === "file:") {
    const main = decodeURIComponent(url.pathname).replace(
      /^\/([A-Za-z]:)/,
      "$1",
    );
    const config = main.replace(/main\.ts$/, "deno.json");
    return {
      kind: "clone",
      command: facts.execPath,
      args: ["run", ...QUIET, "-A", "--config", config, main],
    };
  }
  const jsr = facts.mainUrl.match(JSR_MODULE);
  return {
    kind: "remote",
    command: facts.execPath,
    args: [
      "run",
      ...QUIET,
      "-A",
      jsr ? `jsr:@ctx/mode@${jsr[1]}` : facts.mainUrl,
    ],
  };
}

/**
 * The launch command of the running process.
 *
 * @param version ctx-mode's version.
 * @returns The launch command of this installation.
 */
export function currentLaunchCommand(version: string): LaunchCommand {
  return launchCommand({
    execPath: Deno.execPath(),
    mainUrl: new URL("../../main.ts", import.meta.url).href,
    version,
  });
}

/** Quotes one word for a POSIX shell when it needs it. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)
    ? word
    : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The launch command with more arguments, as one shell command line (for
 * hook registrations and fix hints).
 *
 * @param launch The launch command.
 * @param extra The arguments after it (`hook claude-code PreToolUse`).
 * @returns The quoted command line.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandLine } from "./launch_command.ts";
 * const line = commandLine(
 *   { kind: "binary", command: "/opt/my tools/ctx-mode", args: [] },
 *   ["install", "--repair"],
 * );
 * assert.equal(line, "'/opt/my tools/ctx-mode' install --repair");
 * ```
 */
export function commandLine(
  launch: LaunchCommand,
  extra: readonly string[] = [],
): string {
  return [launch.command, ...launch.args, ...extra].map(shellQuote).join(" ");
}

/**
 * Whether a registered command line or MCP command runs ctx-mode: it names the
 * `ctx-mode` binary, the `@ctx/mode` package or a `main.ts`.
 *
 * @param words The command and its arguments, or one command line.
 * @returns Whether it looks like ctx-mode.
 */
export function looksLikeCtxMode(words: string | readonly string[]): boolean {
  const text = typeof words === "string" ? words : words.join(" ");
  return /(^|[\s/\\'"])ctx-mode(\.exe)?(['"]?)(\s|$)|@ctx\/mode|[/\\]main\.ts\b/
    .test(text);
}
