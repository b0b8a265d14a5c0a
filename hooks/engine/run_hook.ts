/**
 * The hook engine: one hook from the agent's payload to its answer. The
 * agent's adapter parses the payload into a neutral event, the event's engine
 * module gathers the facts its neutral handler (`hooks/<event>.ts`) needs and
 * runs it, and the adapter formats the decision in the agent's dialect. The
 * hook command (`src/cli/hook.ts`) and the socket and plugin channels
 * (`src/hook_channel/`) both call it, so every path decides alike.
 *
 * Each event loads only its own modules, by computed specifier: a pre-tool
 * check never loads session capture, and a prompt never loads the guard. It
 * never touches argv, stdin or stdout; it throws one-line errors for bad
 * input, and its callers fail open.
 *
 * @module
 */

import type { Adapter, HookInput, HookOutput } from "../../adapters/types.ts";
import type { PostToolDecision } from "../../src/routing/types.ts";
import type { HookFacts } from "./_where.ts";
import type { decidePreToolUse as DecidePreToolUse } from "./decide_pre_tool_use.ts";
import type { decidePostToolUse as DecidePostToolUse } from "./decide_post_tool_use.ts";
import type { decideSessionEvent as DecideSessionEvent } from "./decide_session_event.ts";

export type { HookFacts };

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
  if (decision.kind !== "replace_output") {
    return adapter.format(input, decision);
  }
  // A platform that cannot put a view into its reply gets the result as it was.
  return input.event === "post_tool_use" && adapter.formatReplacement
    ? adapter.formatReplacement(input, decision)
    : adapter.format(input, { kind: "allow" });
}

/**
 * The engine's event modules, relative to this file. Loaded by computed
 * specifier: `deno run` walks every literal `import()` of a module when it
 * loads it, so literal ones would read every event's modules (session
 * capture, the knowledge base) on each pre-tool call. `scripts/compile.ts`
 * passes them to `deno compile` with `--include`.
 */
export const HOOK_EVENT_MODULES = {
  preToolUse: "./decide_pre_tool_use.ts",
  postToolUse: "./decide_post_tool_use.ts",
  session: "./decide_session_event.ts",
  where: "./_where.ts",
} as const;

/**
 * The one-file bundles of the event modules (`deno task bundle` writes them
 * next to their sources, and a test keeps them in step): a hook process that
 * links one bundle instead of sixty modules answers some 20 ms sooner.
 */
export const HOOK_EVENT_BUNDLES: Readonly<Record<string, string>> = {
  [HOOK_EVENT_MODULES.preToolUse]: "./decide_pre_tool_use.bundle.js",
  [HOOK_EVENT_MODULES.postToolUse]: "./decide_post_tool_use.bundle.js",
  [HOOK_EVENT_MODULES.session]: "./decide_session_event.bundle.js",
};

/**
 * Whether event modules load from their bundles: only in a process that
 * answers one hook. A process that answers many (the server) loads the
 * modules themselves once, and must not hold two copies of them.
 */
let loadBundles = false;

/**
 * Has this process load the event modules from their bundles: for a process
 * that answers one hook and exits (the hook command run in-process).
 */
export function preferHookBundles(): void {
  loadBundles = true;
}

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
    typeof import("./_where.ts")
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
 * Hands the event to its engine module, which runs its handler.
 */
async function decide(
  adapter: Adapter,
  input: HookInput,
  facts: HookFacts,
): Promise<PostToolDecision> {
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
      return await decidePostToolUse(adapter, input, facts);
    }
    default: {
      const { decideSessionEvent } = await loadEventModule<
        { decideSessionEvent: typeof DecideSessionEvent }
      >(HOOK_EVENT_MODULES.session);
      return await decideSessionEvent(input, facts);
    }
  }
}
