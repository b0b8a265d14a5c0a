/**
 * `ctx-mode hook <platform> <event>`: the hook entry point of every agent.
 * Reads one JSON payload from stdin, hands it to the platform's adapter and
 * the neutral handler, and answers in the platform's dialect.
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
import type { Adapter, HookInput, HookOutput } from "../../adapters/types.ts";
import type { Decision } from "../routing/types.ts";
import type { HookFacts } from "./hook_events/_where.ts";
import type { decidePreToolUse as DecidePreToolUse } from "./hook_events/pre_tool_use.ts";
import type { decidePostToolUse as DecidePostToolUse } from "./hook_events/post_tool_use.ts";
import type { decideSessionEvent as DecideSessionEvent } from "./hook_events/session_events.ts";
import type { serveHookChannel as ServeHookChannel } from "./_hook_serve.ts";

export type { HookFacts };

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
          `Cannot read the payload: nothing arrived within ${
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
  loadBundles = true;
  try {
    return await command.run(args, context);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await context.err(`ctx-mode: ${message.split("\n")[0]}\n`);
    return 1;
  }
}

/**
 * Runs one hook: parse, decide, format.
 *
 * @param adapter The platform's adapter.
 * @param eventName The platform's event name.
 * @param payloadText The stdin payload.
 * @param facts Environment, parent pid and clock.
 * @returns What to print and the exit code.
 * @throws {Error} One-line errors for bad input; the caller fails open.
 */
export async function runHook(
  adapter: Adapter,
  eventName: string,
  payloadText: string,
  facts: HookFacts,
): Promise<HookOutput> {
  const event = adapter.event(eventName.toLowerCase().replace(/[_-]/g, ""));
  if (!event) {
    throw new Error(
      `Cannot handle ${adapter.name} event "${eventName}": not a hook ctx-mode uses`,
    );
  }
  if (payloadText.trim() === "") {
    throw new Error(`Cannot read the ${adapter.name} payload: stdin is empty`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(payloadText);
  } catch {
    throw new Error(
      `Cannot read the ${adapter.name} payload: it is not valid JSON`,
    );
  }
  const input = adapter.parse(event, payload, {
    env: facts.env,
    parentPid: facts.parentPid,
  });
  const decision = await decide(adapter, input, facts);
  return adapter.format(input, decision);
}

/**
 * `hook --serve`'s module, relative to this file, loaded by computed
 * specifier: a single hook never reads the channel's modules.
 * `scripts/compile.ts` passes it to `deno compile` with `--include`.
 */
export const HOOK_SERVE_MODULE = "./_hook_serve.ts";

/**
 * The event handler modules, relative to this file. Loaded by computed
 * specifier: `deno run` walks every literal `import()` of a module when it
 * loads it, so literal ones would read every event's modules (session
 * capture, the knowledge base) on each pre-tool call. `scripts/compile.ts`
 * passes them to `deno compile` with `--include`.
 */
export const HOOK_EVENT_MODULES = {
  preToolUse: "./hook_events/pre_tool_use.ts",
  postToolUse: "./hook_events/post_tool_use.ts",
  session: "./hook_events/session_events.ts",
  where: "./hook_events/_where.ts",
} as const;

/**
 * The one-file bundles of the event handlers (`deno task bundle` writes them
 * next to their sources, and a test keeps them in step): a hook process that
 * links one bundle instead of sixty modules answers some 20 ms sooner.
 */
export const HOOK_EVENT_BUNDLES: Readonly<Record<string, string>> = {
  [HOOK_EVENT_MODULES.preToolUse]: "./hook_events/pre_tool_use.bundle.js",
  [HOOK_EVENT_MODULES.postToolUse]: "./hook_events/post_tool_use.bundle.js",
  [HOOK_EVENT_MODULES.session]: "./hook_events/session_events.bundle.js",
};

/**
 * Whether event handlers load from their bundles: only in a process that
 * answers one hook. A process that answers many (the server) loads the
 * modules themselves once, and must not hold two copies of them.
 */
let loadBundles = false;

async function loadEventModule<T>(module: string): Promise<T> {
  const bundle = loadBundles ? HOOK_EVENT_BUNDLES[module] : undefined;
  if (bundle !== undefined) {
    try {
      return await import(new URL(bundle, import.meta.url).href);
    } catch {
      // A tree without its bundles: the modules themselves answer the same.
    }
  }
  return await import(new URL(module, import.meta.url).href);
}

/**
 * Loads every event's modules ahead of the first request, for a process
 * that answers many hooks (the server's hook socket).
 */
export async function loadHookEngine(): Promise<void> {
  const { ENGINE_MODULES, loadEngineModule } = await loadEventModule<
    typeof import("./hook_events/_where.ts")
  >(HOOK_EVENT_MODULES.where);
  await Promise.all([
    loadEventModule(HOOK_EVENT_MODULES.preToolUse),
    loadEventModule(HOOK_EVENT_MODULES.postToolUse),
    loadEventModule(HOOK_EVENT_MODULES.session),
    ...Object.keys(ENGINE_MODULES).map((name) =>
      loadEngineModule(name as keyof typeof ENGINE_MODULES)
    ),
  ]);
}

/**
 * Hands the event to its handler. Each event loads only its own modules:
 * a pre-tool check never loads session capture, and a prompt never loads
 * the guard.
 */
async function decide(
  adapter: Adapter,
  input: HookInput,
  facts: HookFacts,
): Promise<Decision> {
  switch (input.event) {
    case "pre_tool_use": {
      const { decidePreToolUse } = await loadEventModule<
        { decidePreToolUse: typeof DecidePreToolUse }
      >(HOOK_EVENT_MODULES.preToolUse);
      return await decidePreToolUse(adapter, input, facts);
    }
    case "post_tool_use": {
      const { decidePostToolUse } = await loadEventModule<
        { decidePostToolUse: typeof DecidePostToolUse }
      >(HOOK_EVENT_MODULES.postToolUse);
      return await decidePostToolUse(input, facts);
    }
    default: {
      const { decideSessionEvent } = await loadEventModule<
        { decideSessionEvent: typeof DecideSessionEvent }
      >(HOOK_EVENT_MODULES.session);
      return await decideSessionEvent(input, facts);
    }
  }
}
