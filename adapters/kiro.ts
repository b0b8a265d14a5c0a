/**
 * Kiro CLI: hooks inside a custom agent's JSON (`.kiro/agents/<name>.json`),
 * camelCase triggers (`agentSpawn`, `userPromptSubmit`, `preToolUse`,
 * `postToolUse`), Claude-like payloads without a session id, and no JSON
 * replies: exit 2 blocks a tool call with the reason on stderr, and stdout of
 * `agentSpawn` and `userPromptSubmit` is added to the agent's context. No
 * ask, no rewrite; `postToolUse` is only recorded. The routing text also
 * goes into a steering file (`.kiro/steering/ctx-mode.md`).
 *
 * Sessions: Kiro sends no id, so the Kiro process (the hook's parent, or the
 * shell's parent) stands in. Unverified: the web-fetch and subagent tool
 * names (`web_fetch`, `use_subagent`); Kiro CLI v3's standalone hook files
 * and the IDE's UI hooks are not served.
 *
 * @module
 */

import { joinPath } from "../src/config/path_lite.ts";
import { hookCommand } from "./_hook_config.ts";
import { defineAgent, type WireDecision } from "./_kit.ts";
import type { Adapter, HookEvent, HookOutput } from "./types.ts";

const EVENTS = {
  "pre_tool_use": ["preToolUse"],
  "post_tool_use": ["postToolUse"],
  "session_start": ["agentSpawn"],
  "user_prompt_submit": ["userPromptSubmit"],
} as const;

const MATCHERS: Partial<Record<HookEvent, string>> = {
  "pre_tool_use": "*",
  "post_tool_use": "*",
};

function reply(_event: HookEvent, decision: WireDecision): HookOutput {
  switch (decision.kind) {
    case "deny":
      return { stdout: "", stderr: `${decision.reason}\n`, exitCode: 2 };
    case "context":
      return { stdout: `${decision.text}\n`, exitCode: 0 };
    default:
      return { stdout: "", exitCode: 0 };
  }
}

/** The Kiro CLI adapter. */
export const kiro: Adapter = defineAgent({
  name: "kiro",
  label: "Kiro CLI",
  events: EVENTS,
  observeOnly: ["post_tool_use"],
  contextOn: ["session_start", "user_prompt_submit"],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: false,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: false,
    modifyOutput: false,
    injectContext: true,
    block: true,
    ask: false,
  },
  tools: {
    shell: ["execute_bash", "execute_cmd"],
    read: ["fs_read"],
    search: [],
    fetch: ["web_fetch"],
    subagent: ["use_subagent"],
    edit: ["fs_write"],
    mcp: "@<server>/<tool>",
    isMcp: (name) => name.startsWith("@"),
  },
  serverToolName: (tool) => `@ctx-mode/${tool}`,
  reply,
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks", "mcp"],
    project: ".kiro/agents/ctx-mode.json",
    user: "~/.kiro/agents/ctx-mode.json",
    data: {
      name: "ctx-mode",
      description:
        "The default agent with ctx-mode's routing, safety guard and session memory",
      mcpServers: { "ctx-mode": { command, args: ["serve"] } },
      tools: ["*"],
      resources: ["file://.kiro/steering/ctx-mode.md"],
      hooks: Object.fromEntries(
        Object.entries(EVENTS).map(([event, [name]]) => [name, [{
          ...(MATCHERS[event as HookEvent]
            ? { matcher: MATCHERS[event as HookEvent] }
            : {}),
          command: hookCommand(command, "kiro", name),
          "timeout_ms": 30000,
        }]]),
      ),
    },
  }],
  instructionsFile: ".kiro/steering/ctx-mode.md",
  instructionsText: (text) => `---\ninclusion: always\n---\n\n${text}`,
  doctorPlaces: (where) => ({
    hookFiles: [
      joinPath(where.projectDir, ".kiro", "agents") + "/",
      joinPath(where.home, ".kiro", "agents") + "/",
    ],
    mcpFiles: [
      joinPath(where.projectDir, ".kiro", "agents") + "/",
      joinPath(where.home, ".kiro", "agents") + "/",
      joinPath(where.projectDir, ".kiro", "settings", "mcp.json"),
      joinPath(where.home, ".kiro", "settings", "mcp.json"),
    ],
    hookFix:
      "copy configs/kiro/ctx-mode.json to ~/.kiro/agents/ and start kiro-cli chat --agent ctx-mode (or make it the default agent)",
    mcpFix: "add ctx-mode to mcpServers in ~/.kiro/settings/mcp.json",
  }),
  unverified: [
    "web_fetch and use_subagent tool names",
    "no session id: the Kiro process stands in",
  ],
});
