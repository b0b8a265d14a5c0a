/**
 * Kimi Code: `[[hooks]]` tables in `config.toml` (`event`, `matcher`,
 * `command`, `timeout`), Claude-like payloads (a prompt comes as content
 * parts), and a Claude-style `permissionDecision: "deny"` reply on
 * `PreToolUse`. Only `PreToolUse` and `UserPromptSubmit` can block; session
 * start, post-tool and compaction events are observe-only, so ctx-mode
 * records there and answers nothing. No ask, no rewrite, no context.
 *
 * Unverified: whether stdout is added to the context on some events (not
 * relied on). `KIMI_CODE_HOME` relocates `~/.kimi-code`.
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

/** The Kimi Code adapter. */
export const kimi: Adapter = defineAgent({
  name: "kimi",
  label: "Kimi Code",
  events: EVENTS,
  observeOnly: ["post_tool_use", "pre_compact", "session_start"],
  contextOn: [],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: false,
    modifyOutput: false,
    injectContext: false,
    block: true,
    ask: false,
  },
  tools: {
    shell: ["Bash"],
    read: ["Read"],
    search: ["Grep", "Glob"],
    fetch: ["FetchURL"],
    subagent: ["Agent"],
    edit: ["Write", "Edit"],
    mcp: "mcp__<server>__<tool>",
    isMcp: (name) => name.startsWith("mcp__"),
  },
  serverToolName: (tool) => `mcp__ctx-mode__${tool}`,
  reply: claudeStyleReply,
});
