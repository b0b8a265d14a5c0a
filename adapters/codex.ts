/**
 * Codex CLI: Claude Code's hook format in `$CODEX_HOME/hooks.json` (run only
 * with `[features] hooks = true` in `config.toml` and after the user trusts
 * them), Claude-style `hookSpecificOutput` replies, `updatedInput` rewrites
 * (builds since May 2026). The MCP server lives in `config.toml`.
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

import { joinPath } from "../src/config/path_lite.ts";
import { claudeStyleReply } from "./_claude_style.ts";
import { hookCommand, registeredEvents, userFolder } from "./_hook_config.ts";
import { defineAgent } from "./_kit.ts";
import type { Adapter, HookEvent } from "./types.ts";

const EVENTS = {
  "pre_tool_use": ["PreToolUse"],
  "post_tool_use": ["PostToolUse"],
  "pre_compact": ["PreCompact"],
  "session_start": ["SessionStart"],
  "user_prompt_submit": ["UserPromptSubmit"],
} as const;

const MATCHERS: Partial<Record<HookEvent, string>> = {
  "pre_tool_use": "Bash|exec_command|shell|apply_patch|mcp__.*",
  "post_tool_use": "*",
  "session_start": "startup|resume|clear|compact",
};

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
    modifyOutput: false,
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
  configFiles: (command) => [
    {
      name: "hooks.json",
      format: "json",
      holds: ["hooks"],
      project: ".codex/hooks.json",
      user: "~/.codex/hooks.json",
      relocatedBy: { variable: "CODEX_HOME", folder: "~/.codex" },
      data: {
        hooks: Object.fromEntries(
          registeredEvents(EVENTS).map(([event, name]) => [name, [{
            ...(MATCHERS[event] ? { matcher: MATCHERS[event] } : {}),
            hooks: [{
              type: "command",
              command: hookCommand(command, "codex", name),
              timeout: 30,
            }],
          }]]),
        ),
      },
    },
    {
      name: "config.toml",
      format: "toml",
      holds: ["settings", "mcp"],
      user: "~/.codex/config.toml",
      relocatedBy: { variable: "CODEX_HOME", folder: "~/.codex" },
      data: {
        features: { hooks: true },
        "mcp_servers": {
          "ctx-mode": {
            command,
            args: ["serve"],
            "startup_timeout_sec": 20,
            "tool_timeout_sec": 120,
          },
        },
      },
    },
  ],
  instructionsFile: "AGENTS.md",
  doctorPlaces: (where) => {
    const user = userFolder(where, "CODEX_HOME", ".codex");
    const project = joinPath(where.projectDir, ".codex");
    const features = where.readText(joinPath(user, "config.toml")) ?? "";
    const enabled = /^\[features\][^[]*^\s*hooks\s*=\s*true/m.test(features);
    return {
      extra: [
        enabled
          ? {
            name: "codex hooks feature",
            status: "ok",
            detail: "[features] hooks = true",
          }
          : {
            name: "codex hooks feature",
            status: "warn",
            detail: `Codex runs no hooks without [features] hooks = true in ${
              joinPath(user, "config.toml")
            }`,
          },
      ],
      hookFiles: [
        joinPath(project, "hooks.json"),
        joinPath(project, "config.toml"),
        joinPath(user, "hooks.json"),
        joinPath(user, "config.toml"),
      ],
      mcpFiles: [
        joinPath(user, "config.toml"),
        joinPath(project, "config.toml"),
      ],
      hookFix: `add configs/codex/hooks.json to ${
        joinPath(user, "hooks.json")
      } and trust the hooks in /hooks`,
      mcpFix: "run: codex mcp add ctx-mode -- ctx-mode serve",
    };
  },
  unverified: [
    'permissionDecision "ask" is parsed but its behaviour depends on the approval mode: ctx-mode denies instead',
    "updatedInput needs a build from May 2026 or later",
  ],
});
