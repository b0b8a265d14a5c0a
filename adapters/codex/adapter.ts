/**
 * Codex CLI: Claude Code's hook format in `$CODEX_HOME/hooks.json` (run only
 * with `[features] hooks = true` in `config.toml` and after the user trusts
 * them), Claude-style `hookSpecificOutput` replies, `updatedInput` rewrites
 * (builds since May 2026); a bulky result is replaced by its shrunk view
 * through a `PostToolUse` block. The MCP server lives in `config.toml`.
 *
 * Codex has no file-read, search or fetch tool: it reads through the shell,
 * so `cat .env` is the secret read the guard sees. `apply_patch` edits carry
 * the patch text; the first file it names is the edit's path.
 *
 * Unverified: `permissionDecision: "ask"` (parsed, behaviour depends on the
 * approval mode), so ctx-mode asks nothing and denies with how to run the
 * command by hand; a subagent tool name.
 *
 * @module
 */

import { claudeStyleReply, defineAgent } from "../_kit/command_hooks.ts";
import type { ReplaceOutputDecision } from "../../src/routing/types.ts";
import type { Adapter, HookOutput, ToolHookInput } from "../types.ts";

/** Its event names per neutral event, the registered one first. */
export const EVENTS = {
  "pre_tool_use": ["PreToolUse"],
  "post_tool_use": ["PostToolUse"],
  "pre_compact": ["PreCompact"],
  "session_start": ["SessionStart"],
  "user_prompt_submit": ["UserPromptSubmit"],
} as const;

/**
 * The view in place of the result: a `PostToolUse` block, whose reason Codex
 * (0.171; its hooks crate and binary read) sends the model instead of the
 * tool's output. Codex 0.171 rejects `updatedMCPToolOutput` as unsupported
 * and knows no `updatedToolOutput`.
 */
function formatReplacement(
  _input: ToolHookInput,
  decision: ReplaceOutputDecision,
): HookOutput {
  return {
    stdout: `${
      JSON.stringify({ decision: "block", reason: decision.output })
    }\n`,
    exitCode: 0,
  };
}

/** The Codex CLI adapter. */
export const codex: Adapter = defineAgent({
  name: "codex",
  label: "Codex CLI",
  events: EVENTS,
  observeOnly: [],
  contextOn: [
    "pre_tool_use",
    "post_tool_use",
    "session_start",
    "user_prompt_submit",
  ],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: true,
    // Verified in 0.171: a PostToolUse block's reason is what the model gets.
    modifyOutput: true,
    injectContext: true,
    block: true,
    ask: false,
  },
  tools: {
    shell: ["Bash", "exec_command", "shell", "local_shell"],
    read: [],
    search: [],
    fetch: [],
    subagent: [],
    edit: ["apply_patch", "Edit", "Write"],
    mcp: "mcp__<server>__<tool>",
    isMcp: (name) => name.startsWith("mcp__"),
  },
  serverToolName: (tool) => `mcp__ctx-mode__${tool}`,
  sessionEnv: ["CODEX_THREAD_ID"],
  reply: claudeStyleReply,
  formatReplacement,
});
