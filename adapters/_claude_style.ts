/**
 * The Claude Code reply dialect (`hookSpecificOutput` with
 * `permissionDecision`, `updatedInput`, `additionalContext`), which Codex,
 * Qwen Code, VS Code Copilot and Kimi Code share.
 *
 * Pure.
 *
 * @module
 */

import type { WireDecision } from "./_kit.ts";
import type { HookEvent, HookOutput } from "./types.ts";

/** The Claude Code dialect (`hookSpecificOutput`), which several platforms share. */
export function claudeStyleReply(
  event: HookEvent,
  decision: WireDecision,
  eventName: string,
): HookOutput {
  const json = (value: unknown) => ({
    stdout: `${JSON.stringify({ hookSpecificOutput: value })}\n`,
    exitCode: 0,
  });
  switch (decision.kind) {
    case "allow":
      return { stdout: "", exitCode: 0 };
    case "deny":
    case "ask":
      return json({
        hookEventName: eventName,
        permissionDecision: decision.kind,
        permissionDecisionReason: decision.reason,
      });
    case "modify":
      return json({
        hookEventName: eventName,
        permissionDecision: "allow",
        permissionDecisionReason: decision.note,
        updatedInput: decision.input,
      });
    case "context":
      return event === "pre_compact"
        ? { stdout: "", exitCode: 0 }
        : json({ hookEventName: eventName, additionalContext: decision.text });
  }
}
