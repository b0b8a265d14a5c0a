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

import { joinPath } from "../src/config/path_lite.ts";
import { claudeStyleReply } from "./_claude_style.ts";
import { hookCommand } from "./_hook_config.ts";
import { defineAgent } from "./_kit.ts";
import type { Adapter } from "./types.ts";

const EVENTS = {
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
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks"],
    project: ".github/hooks/ctx-mode.json",
    user: "~/.copilot/hooks/ctx-mode.json",
    data: {
      hooks: Object.fromEntries(
        Object.values(EVENTS).map(([name]) => [name, [{
          type: "command",
          command: hookCommand(command, "vscode-copilot", name),
          timeout: 30,
        }]]),
      ),
    },
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    project: ".vscode/mcp.json",
    data: {
      servers: {
        "ctx-mode": { type: "stdio", command, args: ["serve"], env: {} },
      },
    },
  }],
  instructionsFile: ".github/copilot-instructions.md",
  doctorPlaces: (where) => ({
    hookFiles: [
      joinPath(where.projectDir, ".github", "hooks") + "/",
      joinPath(where.projectDir, ".claude", "settings.json"),
      joinPath(where.projectDir, ".claude", "settings.local.json"),
      joinPath(where.home, ".copilot", "hooks") + "/",
    ],
    mcpFiles: [
      joinPath(where.projectDir, ".vscode", "mcp.json"),
      joinPath(where.home, ".config", "Code", "User", "mcp.json"),
    ],
    hookFix:
      "copy configs/vscode-copilot/ctx-mode.json to .github/hooks/ in the workspace",
    mcpFix:
      "add configs/vscode-copilot/mcp.json to .vscode/mcp.json (or run MCP: Add Server)",
  }),
  unverified: [
    "MCP tool names are taken to be mcp_ctx-mode_<tool> (VS Code sanitises the server label)",
    "updatedInput is dropped when it does not validate against the tool's schema",
  ],
});
