/**
 * Antigravity CLI (`agy`): named hook sets in `~/.gemini/config/hooks.json`,
 * only `PreToolUse` known, payloads with `toolCall: {name, args}` (PascalCase
 * argument keys such as `CommandLine`) and `conversationId`, and
 * `{decision, reason}` replies. ctx-mode registers only the pre-tool hook:
 * the guard and routing, no session memory.
 *
 * Low confidence overall (third-party integrations, no official reference):
 * the read, search and fetch tool names, `ask` (so ctx-mode denies with how
 * to run the command by hand), how the model sees MCP tools (taken as the
 * bare names), every other event.
 *
 * @module
 */

import { defineAgent, type WireDecision } from "../_kit/command_hooks.ts";
import type { Adapter, HookEvent, HookOutput } from "../types.ts";

/** Its event names per neutral event: only `PreToolUse` is known. */
export const EVENTS = { pre_tool_use: ["PreToolUse"] } as const;

function reply(_event: HookEvent, decision: WireDecision): HookOutput {
  return decision.kind === "deny"
    ? {
      stdout: `${
        JSON.stringify({ decision: "deny", reason: decision.reason })
      }\n`,
      exitCode: 0,
    }
    : { stdout: "", exitCode: 0 };
}

/** The Antigravity CLI adapter. */
export const antigravityCli: Adapter = defineAgent({
  name: "antigravity-cli",
  label: "Antigravity CLI",
  events: EVENTS,
  observeOnly: [],
  contextOn: [],
  capabilities: {
    preTool: true,
    postTool: false,
    preCompact: false,
    sessionStart: false,
    userPrompt: false,
    modifyArgs: false,
    modifyOutput: false,
    injectContext: false,
    block: true,
    ask: false,
  },
  tools: {
    shell: ["run_command"],
    read: ["view_file"],
    search: ["grep_search"],
    fetch: ["read_url_content"],
    subagent: [],
    edit: ["write_to_file", "replace_file_content"],
    mcp: "unknown",
    isMcp: () => false,
  },
  serverToolName: (tool) => tool,
  keys: {
    session: ["conversationId"],
    cwd: ["workspacePaths.0", "toolCall.args.Cwd"],
    tool: ["toolCall.name"],
    input: ["toolCall.args"],
  },
  reply,
});
