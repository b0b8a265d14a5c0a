/**
 * After a tool ran: what to remember about the call. Session capture (a later
 * issue) hands these facts on; today they are the per-session tool stats.
 *
 * Platform-neutral and pure.
 *
 * @module
 */

import type { ToolCallEvent } from "../src/routing/types.ts";

/** What the engine records about a tool call that ran. */
export interface ToolCallRecord {
  /** The tool's name as the platform spells it. */
  tool: string;
  /** Its neutral kind. */
  kind: string;
  /** The size of its output as JSON text, in bytes. */
  outputBytes: number;
}

/**
 * The record of a call that ran.
 *
 * @param call The neutral tool call with its output.
 * @returns What to record.
 */
export function postToolUse(call: ToolCallEvent): ToolCallRecord {
  let outputBytes = 0;
  if (call.output !== undefined) {
    const text = typeof call.output === "string"
      ? call.output
      : JSON.stringify(call.output) ?? "";
    outputBytes = new TextEncoder().encode(text).length;
  }
  return { tool: call.toolName, kind: call.toolKind, outputBytes };
}
