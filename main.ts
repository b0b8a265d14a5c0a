/**
 * The `ctx-mode` program. A hook (`ctx-mode hook <agent> <event>`) first goes
 * to the project's running server through the small fast-path module (its
 * bundle), the only one this file imports, before anything else loads; every other
 * command, and a hook the server does not answer, loads the command line
 * (`src/cli/cli.ts`) or the hook command by computed specifier.
 *
 * @module
 */

// The fast path's bundle (`deno task bundle`), typed by its source: a hook
// links one module for it instead of three.
// @ts-types="./src/hook_channel/fast_hook.ts"
import {
  hookThroughServer,
  isFastHook,
  processHookContext,
} from "./src/hook_channel/fast_hook.bundle.js";
import type { CliContext } from "./src/cli/_context.ts";
import type { StdinReader } from "./src/hook_channel/stdin_reader.ts";

/** The command line: the command table and its dispatch. */
const CLI = "./src/cli/cli.ts";
/** The hook command, for a hook the server did not answer. */
const HOOK = "./src/cli/hook.ts";

/**
 * The modules this file loads by computed specifier, relative to it: a
 * literal `import()` would have `deno run` read them (and all they import)
 * on every hook. `scripts/compile.ts` passes them to `deno compile` with
 * `--include`.
 */
export const LAZY_MODULES: readonly string[] = [CLI, HOOK];

/**
 * Runs the CLI with `args` and returns the exit code: 0 success, 1 failure, 2 usage error.
 *
 * @param args The arguments after the program name.
 * @param context The outside world; the real process by default.
 * @returns The exit code.
 */
export async function main(
  args: string[],
  context?: CliContext,
): Promise<number> {
  const cli: {
    main(args: string[], context?: CliContext): Promise<number>;
  } = await import(new URL(CLI, import.meta.url).href);
  return await cli.main(args, context);
}

/**
 * A hook: the server's answer when it gives one, else the hook command run
 * here, reading on from where the fast path stopped.
 */
async function hook(args: string[]): Promise<number> {
  const context = processHookContext();
  const answered = await hookThroughServer(args, context);
  if ("exitCode" in answered) return answered.exitCode;
  const command: {
    runHookInProcess(args: string[], stdin: StdinReader): Promise<number>;
  } = await import(new URL(HOOK, import.meta.url).href);
  return await command.runHookInProcess(args, context.stdin);
}

if (import.meta.main) {
  if (isFastHook(Deno.args)) {
    // A hook has nothing pending once it has answered: exiting at once spares
    // the runtime's orderly teardown, milliseconds on every tool call.
    Deno.exit(await hook(Deno.args.slice(1)));
  }
  Deno.exitCode = await main(Deno.args);
}
