/**
 * Gemini CLI: command hooks in `settings.json` (`BeforeTool`, `AfterTool`,
 * `PreCompress`, `SessionStart`, `BeforeAgent`), Claude-like payloads,
 * top-level `decision`/`reason` replies; arguments are rewritten by merging
 * `hookSpecificOutput.tool_input`. `PreCompress` is advisory only, so
 * ctx-mode snapshots there and never answers. Context reaches the model on
 * `AfterTool`, `BeforeAgent` and `SessionStart`, not before a tool runs.
 *
 * Only exit code 0 is used: Gemini treats every other code but 1 as a deny.
 * Unverified: `decision: "ask"` (typed, behaviour not confirmed); how a
 * server named `ctx-mode` is spelled in tool names (`mcp_ctx-mode_<tool>`).
 *
 * @module
 */

import { joinPath } from "../src/config/path_lite.ts";
import { hookCommand, registeredEvents } from "./_hook_config.ts";
import { defineAgent, type WireDecision } from "./_kit.ts";
import type { Adapter, HookEvent, HookOutput } from "./types.ts";

const EVENTS = {
  "pre_tool_use": ["BeforeTool"],
  "post_tool_use": ["AfterTool"],
  "pre_compact": ["PreCompress"],
  "session_start": ["SessionStart"],
  "user_prompt_submit": ["BeforeAgent"],
} as const;

// No session_start matcher: the agent compares a SessionStart matcher with
// the source by equality, so "startup|resume" would match no source.
const MATCHERS: Partial<Record<HookEvent, string>> = {
  "pre_tool_use":
    "run_shell_command|read_file|read_many_files|grep_search|search_file_content|glob|web_fetch|codebase_investigator|generalist|write_file|replace|mcp_.*",
  "post_tool_use": "*",
};

function json(value: unknown): HookOutput {
  return { stdout: `${JSON.stringify(value)}\n`, exitCode: 0 };
}

function reply(
  _event: HookEvent,
  decision: WireDecision,
  eventName: string,
): HookOutput {
  switch (decision.kind) {
    case "allow":
      return { stdout: "", exitCode: 0 };
    case "deny":
    case "ask":
      return json({ decision: decision.kind, reason: decision.reason });
    case "modify":
      return json({
        decision: "allow",
        reason: decision.note,
        hookSpecificOutput: { tool_input: decision.input },
      });
    case "context":
      return json({
        hookSpecificOutput: {
          hookEventName: eventName,
          additionalContext: decision.text,
        },
      });
  }
}

/** The Gemini CLI adapter. */
export const geminiCli: Adapter = defineAgent({
  name: "gemini-cli",
  label: "Gemini CLI",
  events: EVENTS,
  observeOnly: ["pre_compact"],
  contextOn: ["post_tool_use", "session_start", "user_prompt_submit"],
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
    read: ["read_file", "read_many_files"],
    search: ["grep_search", "search_file_content", "glob"],
    fetch: ["web_fetch"],
    subagent: ["codebase_investigator", "generalist"],
    edit: ["write_file", "replace"],
    mcp: "mcp_<server>_<tool>",
    isMcp: (name) => name.startsWith("mcp_"),
  },
  serverToolName: (tool) => `mcp_ctx-mode_${tool}`,
  projectEnv: ["GEMINI_PROJECT_DIR"],
  sessionEnv: ["GEMINI_SESSION_ID"],
  reply,
  configFiles: (command) => [{
    name: "settings.json",
    format: "json",
    holds: ["hooks", "mcp"],
    project: ".gemini/settings.json",
    user: "~/.gemini/settings.json",
    // Gemini CLI's own home variable: `$GEMINI_CLI_HOME/.gemini`.
    relocatedBy: { variable: "GEMINI_CLI_HOME", folder: "~" },
    data: {
      hooks: Object.fromEntries(
        registeredEvents(EVENTS).map(([event, name]) => [name, [{
          ...(MATCHERS[event] ? { matcher: MATCHERS[event] } : {}),
          hooks: [{
            type: "command",
            name: "ctx-mode",
            command: hookCommand(command, "gemini-cli", name),
            timeout: 30000,
          }],
        }]]),
      ),
      mcpServers: {
        "ctx-mode": { command, args: ["serve"], timeout: 600000, trust: false },
      },
    },
  }],
  instructionsFile: "GEMINI.md",
  doctorPlaces: (where) => {
    const user = joinPath(where.env.GEMINI_CLI_HOME || where.home, ".gemini");
    const files = [
      joinPath(where.projectDir, ".gemini", "settings.json"),
      joinPath(user, "settings.json"),
    ];
    return {
      hookFiles: files,
      mcpFiles: files,
      hookFix:
        "add the hooks of configs/gemini-cli/settings.json to ~/.gemini/settings.json (project hooks run only in trusted folders)",
      mcpFix: "run: gemini mcp add ctx-mode ctx-mode serve",
    };
  },
  unverified: [
    'decision "ask" is typed but its behaviour is not confirmed',
    "MCP tools of a server named ctx-mode are taken to be mcp_ctx-mode_<tool>",
  ],
});
