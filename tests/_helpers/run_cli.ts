/**
 * Runs the real CLI as a subprocess: `deno run -A main.ts …`.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { dataHome, projectDatabasePath } from "../../src/config/paths.ts";

/** The entry point of the CLI. */
export const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));

/** What a CLI run printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where a CLI run happens and what it gets besides its arguments. */
export interface CliOptions {
  /** The private HOME and data home of the child. */
  home: string;
  /** The working directory. @default options.home */
  cwd?: string;
  /** Extra environment variables on top of {@link childEnv}. @default {} */
  env?: Record<string, string>;
  /** Start the child under this umask (through `sh`). @default {undefined} */
  umask?: string;
}

/**
 * The command line of `ctx-mode args…`, under `umask` when given.
 *
 * @returns The executable and its arguments.
 */
export function cliCommand(
  args: readonly string[],
  umask?: string,
): { command: string; args: string[] } {
  const deno = ["run", "-A", MAIN, ...args];
  if (umask === undefined) return { command: Deno.execPath(), args: deno };
  return {
    command: "sh",
    args: ["-c", `umask ${umask} && exec "$0" "$@"`, Deno.execPath(), ...deno],
  };
}

/** Runs `ctx-mode args…` with an isolated data home and optional stdin. */
export async function runCli(
  args: string[],
  options: CliOptions & { stdin?: string | Uint8Array },
): Promise<CliRun> {
  const { command, args: argv } = cliCommand(args, options.umask);
  const child = new Deno.Command(command, {
    args: argv,
    cwd: options.cwd ?? options.home,
    clearEnv: true,
    env: childEnv(options.home, options.env),
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(
      typeof options.stdin === "string"
        ? new TextEncoder().encode(options.stdin)
        : options.stdin,
    );
    await writer.close();
  }
  const output = await child.output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

/**
 * Runs the real hook process, `ctx-mode hook args…`, fed `stdin`: raw text or
 * bytes as given, any other value as its JSON.
 */
export function runHook(
  args: string[],
  stdin: string | Uint8Array | Record<string, unknown>,
  options: CliOptions,
): Promise<CliRun> {
  return runCli(["hook", ...args], {
    ...options,
    stdin: typeof stdin === "string" || stdin instanceof Uint8Array
      ? stdin
      : JSON.stringify(stdin),
  });
}

/**
 * The Deno cache of the test runner, so that child processes with a private
 * HOME reuse the npm packages already downloaded instead of fetching them again.
 */
export function denoDir(): string {
  const explicit = Deno.env.get("DENO_DIR");
  if (explicit) return explicit;
  const home = Deno.env.get("HOME") ?? "";
  if (Deno.build.os === "darwin") return `${home}/Library/Caches/deno`;
  if (Deno.build.os === "windows") {
    return `${Deno.env.get("LOCALAPPDATA") ?? home}\\deno`;
  }
  return `${Deno.env.get("XDG_CACHE_HOME") ?? `${home}/.cache`}/deno`;
}

/**
 * A clean environment for a child ctx-mode: no agent's project variable leaks
 * in from the test runner, HOME and the data home are private, and the Deno
 * cache is shared.
 */
export function childEnv(
  home: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: Deno.env.get("PATH") ?? "",
    DENO_DIR: denoDir(),
    HOME: home,
    CTX_MODE_HOME: home,
    NO_COLOR: "1",
    ...extra,
  };
}

/** Where a child run with the data home `home` keeps the database of `project`. */
export function childDatabase(home: string, project: string): string {
  return projectDatabasePath(project, dataHome({ CTX_MODE_HOME: home }));
}
