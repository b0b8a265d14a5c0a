/**
 * Before a tool runs: the safety guard first (its deny or ask wins), then
 * routing — redirect data-flooding calls to ctx-mode's tools, add guidance,
 * or let the call pass.
 *
 * Platform-neutral: it never names a platform and never does I/O itself.
 *
 * @module
 */

import { routeToolCall } from "../src/routing/route.ts";
import type {
  Decision,
  NoteKind,
  ToolCallEvent,
} from "../src/routing/types.ts";

/** What the pre-tool handler needs from the engine. */
export interface PreToolUseDeps {
  /** Whether the agent can call ctx-mode's tools now. */
  toolsAvailable: boolean;
  /** Whether the session was already shown a note of this kind. */
  alreadyNoted: (kind: NoteKind) => boolean;
  /** The size of a file, when known. */
  fileSize: (path: string) => number | undefined;
  /** Whether a subagent of this type can call ctx-mode's tools. @default {() => true} */
  subagentCanCallTools?: (agentType: string | undefined) => boolean;
  /** The safety guard: a decision that overrides routing, or undefined to go on. @default {undefined} */
  guard?: ((call: ToolCallEvent) => Decision | undefined) | undefined;
}

/**
 * Decides what happens to a tool call before it runs.
 *
 * @param call The neutral tool call.
 * @param deps Tool availability, note memory, file sizes and the guard.
 * @returns The decision.
 */
export function preToolUse(
  call: ToolCallEvent,
  deps: PreToolUseDeps,
): Decision {
  const guarded = deps.guard?.(call);
  if (guarded && guarded.kind !== "allow") return guarded;
  return routeToolCall(call, {
    toolsAvailable: deps.toolsAvailable,
    alreadyNoted: deps.alreadyNoted,
    fileSize: deps.fileSize,
    ...(deps.subagentCanCallTools
      ? { subagentCanCallTools: deps.subagentCanCallTools }
      : {}),
  });
}
