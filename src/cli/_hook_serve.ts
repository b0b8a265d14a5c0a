/**
 * `ctx-mode hook --serve <platform>`: the long-lived hook process an agent's
 * plugin starts. Serves the plugin's requests on stdin and stdout and, while
 * no MCP server does, the project's command hooks on the hook socket.
 *
 * Loaded by `hook.ts` only for `--serve`, so that a single hook never reads
 * the channel's modules.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { UsageError } from "./_usage_error.ts";
import { PLATFORM_NAMES } from "../../adapters/registry.ts";
import { serveStdioChannel } from "../hook_channel/stdio_channel.ts";
import { hookPlaceOf, listenForHooks } from "../hook_channel/project_socket.ts";

/**
 * Serves one agent's plugin until its stdin ends.
 *
 * @param platform The agent served.
 * @param context The outside world.
 * @returns The exit code.
 * @throws {UsageError} For a platform ctx-mode does not know.
 */
export async function serveHookChannel(
  platform: string | undefined,
  context: CliContext,
): Promise<number> {
  if (platform === undefined || !PLATFORM_NAMES.includes(platform)) {
    throw new UsageError(
      `Cannot serve hook platform "${platform ?? ""}": known platforms are ${
        PLATFORM_NAMES.join(", ")
      }`,
      "hook",
    );
  }
  // The project's command hooks are answered here too while no MCP server
  // answers them; not waited for, and quiet: a socket already taken is the
  // usual case, and the channel's stderr is its requests'.
  const socket = listenForHooks(
    context.env,
    hookPlaceOf(context.env, context.cwd),
  ).catch((error: unknown) => ({ reason: String(error) }));
  try {
    await serveStdioChannel({
      agent: platform,
      input: context.stdin,
      write: (line) => context.out(line),
      note: (line) => void context.err(line).catch(() => {}),
      env: context.env,
      parentPid: Deno.ppid,
    });
  } finally {
    const started = await socket;
    if (!("reason" in started)) await started.close();
  }
  return 0;
}
