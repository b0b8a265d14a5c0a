/**
 * Qwen Code: Claude-compatible command hooks in `settings.json` (`.qwen/`),
 * `hookSpecificOutput` replies with `permissionDecision` allow/deny/ask
 * (ask becomes a deny in headless runs, Qwen's own choice), `updatedInput`
 * rewrites and `additionalContext`. `UserPromptSubmit` also fires on tool
 * continuations; only `submitted_prompt`, present for prompts the user typed,
 * is recorded when the payload carries it.
 *
 * Every fact here is from Qwen's own docs and tool table (high confidence).
 *
 * @module
 */

import { claudeStyleReply, defineAgent } from "../_kit/command_hooks.ts";
import type { Adapter } from "../types.ts";

/** Its event names per neutral event, the registered one first. */
export const EVENTS = {
  "pre_tool_use": ["PreToolUse"],
  "post_tool_use": ["PostToolUse", "PostToolUseFailure"],
  "pre_compact": ["PreCompact"],
  "session_start": ["SessionStart"],
  "user_prompt_submit": ["UserPromptSubmit"],
} as const;

/** The Qwen Code adapter. */
export const qwenCode: Adapter = defineAgent({
  name: "qwen-code",
  label: "Qwen Code",
  events: EVENTS,
  observeOnly: [],
  // Qwen Code 0.15 awaits SessionStart after a compaction (and on start or
  // resume in -p mode) but never reads its answer; a prompt's context it adds.
  restoreOnPrompt: true,
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
    modifyOutput: false,
    injectContext: true,
    block: true,
    ask: true,
  },
  tools: {
    shell: ["run_shell_command"],
    read: ["read_file"],
    search: ["grep_search", "search_file_content", "glob"],
    fetch: ["web_fetch"],
    subagent: ["agent", "task"],
    edit: ["write_file", "edit", "replace"],
    mcp: "mcp__<server>__<tool>",
    isMcp: (name) => name.startsWith("mcp__"),
  },
  serverToolName: (tool) => `mcp__ctx-mode__${tool}`,
  projectEnv: ["QWEN_PROJECT_DIR"],
  reply: claudeStyleReply,
});
