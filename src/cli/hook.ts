/**
 * `ctx-mode hook <platform> <event>`: the hook entry point of every agent.
 * Reads the platform from argv and one JSON payload from stdin, hands them to
 * the hook engine (`hooks/engine/run_hook.ts`), and writes its answer, in the
 * platform's dialect, to stdout.
 *
 * Fails open: empty or invalid input, an unknown platform or event, or an
 * internal error lets the call proceed (the platform's pass-through answer,
 * exit 0) with one line on stderr — ctx-mode never blocks an agent through a
 * fault of its own. This path loads no MCP SDK.
 *
 * @module
 */

import { type Command, processContext } from "./_context.ts";
import {
  HOOK_STDIN_TIMEOUT_MS,
  type StdinReader,
} from "../hook_channel/stdin_reader.ts";
import { adapterFor, PLATFORM_NAMES } from "../../adapters/registry.ts";
import type { HookOutput } from "../../adapters/types.ts";
import { preferHookBundles, runHook } from "../../hooks/engine/run_hook.ts";
import type { serveHookChannel as ServeHookChannel } from "./_hook_serve.ts";

const USAGE = `Usage: ctx-mode hook <platform> <event>
       ctx-mode hook --serve <platform>

The command an agent's hook configuration runs. Reads the agent's JSON payload
on stdin and answers in the agent's own format on stdout. Platforms:
${PLATFORM_NAMES.join(", ")}.

With --serve, stays up for an agent's plugin: reads one JSON request per line
({"id", "event", "payload"}) and answers one line each ({"id", "reply":
{"stdout", "exitCode"}}) until stdin ends.

Events are the platform's own names, case and "_" ignored, for example for
claude-code: PreToolUse, PostToolUse, PostToolUseFailure, PreCompact,
SessionStart, UserPromptSubmit. Any failure lets the agent's call proceed.
`;

/** The `hook` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    if (args[0] === "--serve") {
      const { serveHookChannel }: {
        serveHookChannel: typeof ServeHookChannel;
      } = await import(new URL(HOOK_SERVE_MODULE, import.meta.url).href);
      return await serveHookChannel(args[1], context);
    }
    const [platform, event] = args;
    let output: HookOutput = { stdout: "", exitCode: 0 };
    try {
      const adapter = platform === undefined
        ? undefined
        : await adapterFor(platform);
      if (!adapter) {
        throw new Error(
          `Cannot handle hook platform "${
            platform ?? ""
          }": known platforms are ${PLATFORM_NAMES.join(", ")}`,
        );
      }
      output = adapter.passThrough();
      const bytes = await context.readStdin(HOOK_STDIN_TIMEOUT_MS);
      if (bytes === undefined) {
        throw new Error(
          `Cannot read the payload: the input stayed quiet for ${
            HOOK_STDIN_TIMEOUT_MS / 1000
          } s`,
        );
      }
      const payload = new TextDecoder().decode(bytes);
      output = await runHook(adapter, event ?? "", payload, {
        env: context.env,
        parentPid: Deno.ppid,
        now: Date.now(),
      });
    } catch (error) {
      const message = error instanceof Error
        ? error.message.split("\n")[0]
        : String(error);
      await context.err(
        `ctx-mode hook: ${message}; letting the call proceed\n`,
      );
    }
    if (output.stderr) await context.err(output.stderr);
    if (output.stdout) await context.out(output.stdout);
    return output.exitCode;
  },
};

/**
 * Runs `hook <platform> <event>` in this process: `main.ts` calls it for a
 * hook the running server did not answer, with the stdin reader its fast
 * path began (the payload read whole, in part, or not at all).
 *
 * @param args `[platform, event]`.
 * @param stdin Standard input's reader.
 * @returns The exit code.
 */
export async function runHookInProcess(
  args: string[],
  stdin: StdinReader,
): Promise<number> {
  const context = processContext(stdin);
  preferHookBundles();
  try {
    return await command.run(args, context);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await context.err(`ctx-mode: ${message.split("\n")[0]}\n`);
    return 1;
  }
}

/**
 * `hook --serve`'s module, relative to this file, loaded by computed
 * specifier: a single hook never reads the channel's modules.
 * `scripts/compile.ts` passes it to `deno compile` with `--include`.
 */
export const HOOK_SERVE_MODULE = "./_hook_serve.ts";
