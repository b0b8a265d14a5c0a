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

import { joinPath } from "../src/config/path_lite.ts";
import { claudeStyleReply } from "./_claude_style.ts";
import { hookCommand, registeredEvents, userFolder } from "./_hook_config.ts";
import { defineAgent } from "./_kit.ts";
import type { Adapter, HookEvent } from "./types.ts";

const EVENTS = {
  "pre_tool_use": ["PreToolUse"],
  "post_tool_use": ["PostToolUse", "PostToolUseFailure"],
  "pre_compact": ["PreCompact"],
  "session_start": ["SessionStart"],
  "user_prompt_submit": ["UserPromptSubmit"],
} as const;

const MATCHERS: Partial<Record<HookEvent, string>> = {
  "pre_tool_use": "Bash|Read|Grep|Glob|FetchURL|Agent|Write|Edit|mcp__.*",
};

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
  configFiles: (command) => [{
    name: "config.toml",
    format: "toml",
    holds: ["hooks"],
    user: "~/.kimi-code/config.toml",
    relocatedBy: { variable: "KIMI_CODE_HOME", folder: "~/.kimi-code" },
    data: {
      hooks: registeredEvents(EVENTS).map(([event, name]) => ({
        event: name,
        ...(MATCHERS[event] ? { matcher: MATCHERS[event] } : {}),
        command: hookCommand(command, "kimi", name),
        timeout: 30,
      })),
    },
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    project: ".kimi-code/mcp.json",
    user: "~/.kimi-code/mcp.json",
    relocatedBy: { variable: "KIMI_CODE_HOME", folder: "~/.kimi-code" },
    data: { mcpServers: { "ctx-mode": { command, args: ["serve"], env: {} } } },
  }],
  instructionsFile: "AGENTS.md",
  doctorPlaces: (where, installHint) => {
    const user = userFolder(where, "KIMI_CODE_HOME", ".kimi-code");
    return {
      hookFiles: [joinPath(user, "config.toml")],
      mcpFiles: [
        joinPath(user, "mcp.json"),
        joinPath(where.projectDir, ".kimi-code", "mcp.json"),
      ],
      hookFix: installHint,
      mcpFix: installHint,
    };
  },
  unverified: ["whether stdout reaches the context on some events"],
});
