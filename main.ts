/**
 * The `ctx-mode` program. A hook (`ctx-mode hook <agent> <event>`) first goes
 * to the project's running server through the small fast-path module, the
 * only one this file imports, before anything else loads; every other
 * command, and a hook the server does not answer, loads the command line
 * (`src/cli/cli.ts`) or the hook command by computed specifier.
 *
 * @module
 */

import {
  hookThroughServer,
  isFastHook,
  processHookContext,
} from "./src/hook_channel/fast_hook.ts";
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

/** The process's run: a hook through the server when it answers, else the CLI. */
async function start(args: string[]): Promise<number> {
  if (!isFastHook(args)) return await main(args);
  const context = processHookContext();
  const answered = await hookThroughServer(args.slice(1), context);
  // Nothing else is pending: exiting at once spares the runtime's orderly
  // teardown, milliseconds of a hook that is otherwise done.
  if ("exitCode" in answered) Deno.exit(answered.exitCode);
  const hook: {
    runHookInProcess(args: string[], stdin: StdinReader): Promise<number>;
  } = await import(new URL(HOOK, import.meta.url).href);
  return await hook.runHookInProcess(args.slice(1), context.stdin);
}

if (import.meta.main) {
  Deno.exitCode = await start(Deno.args);
}
