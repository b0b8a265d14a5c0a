/**
 * What GitHub Copilot's command hooks share between the CLI and JetBrains:
 * the camelCase payload (`sessionId`, `toolName`, `toolArgs` as an object or
 * as JSON text), the top-level `permissionDecision` reply (always exit 0:
 * exit 2 is only a warning there), and the `version: 1` hook file with
 * `bash`/`powershell` commands.
 *
 * @module
 */

import { hookCommand } from "./_hook_config.ts";
import type { WireDecision } from "./_kit.ts";
import type { HookOutput } from "./types.ts";

/** Where Copilot payloads keep each fact (camelCase, or snake_case from PascalCase registrations). */
export const COPILOT_KEYS = {
  session: ["sessionId", "session_id"],
  tool: ["toolName", "tool_name"],
  input: ["toolArgs", "tool_input"],
  output: ["toolResult", "tool_result"],
  event: ["hookEventName", "hook_event_name"],
};

/** Copilot's tools by role (CLI names; JetBrains reportedly mirrors them). */
export const COPILOT_TOOLS = {
  shell: ["bash", "powershell"],
  read: ["view"],
  search: ["grep", "glob"],
  fetch: ["web_fetch"],
  subagent: ["task"],
  edit: ["create", "edit"],
  powershell: ["powershell"],
  mcp: "<server>-<tool>",
  // Built-in tools have no hyphen; MCP tools are `<server>-<tool>`.
  isMcp: (name: string) => name.includes("-"),
};

/**
 * A decision in Copilot's dialect.
 *
 * @param decision The degraded decision.
 * @returns Top-level `permissionDecision` JSON, or nothing.
 */
export function copilotReply(decision: WireDecision): HookOutput {
  const json = (value: unknown) => ({
    stdout: `${JSON.stringify(value)}\n`,
    exitCode: 0,
  });
  switch (decision.kind) {
    case "deny":
    case "ask":
      return json({
        permissionDecision: decision.kind,
        permissionDecisionReason: decision.reason,
      });
    case "modify":
      return json({
        permissionDecision: "allow",
        modifiedArgs: decision.input,
      });
    default:
      return { stdout: "", exitCode: 0 };
  }
}

/**
 * A `version: 1` hook file.
 *
 * @param command The ctx-mode command.
 * @param platform The platform name in the hook command.
 * @param events The camelCase event names.
 * @returns The file's data.
 */
export function copilotHookFile(
  command: string,
  platform: string,
  events: readonly string[],
): unknown {
  return {
    version: 1,
    hooks: Object.fromEntries(events.map((name) => [name, [{
      type: "command",
      bash: hookCommand(command, platform, name),
      powershell: hookCommand(command, platform, name),
      timeoutSec: 30,
    }]])),
  };
}
