/**
 * Routing: the platform-neutral decision for a tool call (send bulky work to
 * ctx-mode's tools, add a guidance note, or let it pass), the neutral event
 * and decision types, and the routing block text.
 *
 * Pure and side-effect free on import: it must never read files, the clock or
 * the environment, never print, and never name a platform.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { routeToolCall } from "./mod.ts";
 *
 * const decision = routeToolCall({
 *   platform: "any",
 *   sessionId: "s1",
 *   projectDir: "/p",
 *   toolName: "shell",
 *   toolKind: "shell",
 *   input: { command: "git status" },
 * }, { toolsAvailable: true });
 * assert.deepEqual(decision, { kind: "allow" });
 * ```
 *
 * @module
 */

export type {
  AllowDecision,
  AskDecision,
  ContextDecision,
  Decision,
  DenyDecision,
  ModifyDecision,
  NoteKind,
  PostToolDecision,
  ReplaceOutputDecision,
  ToolCallEvent,
  ToolInput,
  ToolKind,
} from "./types.ts";
export { LARGE_FILE_BYTES, routeToolCall } from "./route.ts";
export type { RouteOptions } from "./route.ts";
export {
  ROUTING_BLOCK,
  ROUTING_BLOCK_MARKER,
  routingInstructions,
} from "./routing_block.ts";
export type { RoutingInstructionsOptions } from "./routing_block.ts";
