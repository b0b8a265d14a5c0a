/**
 * VS Code Copilot, the Local agent harness: hook files in `.github/hooks/`
 * (flat `{type, command, timeout}` entries; matchers are ignored, every hook
 * sees every tool), payloads with camelCase `sessionId` and `hookEventName`
 * beside snake_case `tool_name`/`tool_input`, and Claude-style
 * `hookSpecificOutput` replies. `PreCompact` and `UserPromptSubmit` take no
 * decision or context, so ctx-mode only records there. MCP servers live in
 * `.vscode/mcp.json` under `servers`.
 *
 * Unverified: how VS Code sanitises the server label in MCP tool names
 * (`mcp_ctx-mode_<tool>`); `updatedInput` is dropped by VS Code when it does
 * not validate against the tool's schema. Workspaces set to the Claude or
 * Codex harness use those platforms' hooks instead.
 *
 * @module
 */

import { claudeStyleReply, defineAgent } from "../_kit/command_hooks.ts";
import type { Adapter } from "../types.ts";

/** Its event names per neutral event, the registered one first. */
export const EVENTS = {
  "pre_tool_use": ["PreToolUse"],
  "post_tool_use": ["PostToolUse"],
  "pre_compact": ["PreCompact"],
  "session_start": ["SessionStart"],
  "user_prompt_submit": ["UserPromptSubmit"],
} as const;

/** The VS Code Copilot adapter. */
export const vscodeCopilot: Adapter = defineAgent({
  name: "vscode-copilot",
  label: "VS Code Copilot",
  events: EVENTS,
  observeOnly: ["pre_compact", "user_prompt_submit"],
  contextOn: ["pre_tool_use", "post_tool_use", "session_start"],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: true,
    modifyOutput: false,
    injectContext: true,
    block: true,
    ask: true,
  },
  tools: {
    shell: ["run_in_terminal"],
    read: ["read_file"],
    search: ["grep_search", "file_search", "semantic_search"],
    fetch: ["fetch_webpage"],
    subagent: ["runSubagent"],
    edit: [
      "create_file",
      "replace_string_in_file",
      "multi_replace_string_in_file",
      "apply_patch",
      "edit_notebook_file",
    ],
    mcp: "mcp_<server>_<tool>",
    isMcp: (name) => name.startsWith("mcp_"),
  },
  serverToolName: (tool) => `mcp_ctx-mode_${tool}`,
  keys: { session: ["sessionId", "session_id"] },
  reply: claudeStyleReply,
});
