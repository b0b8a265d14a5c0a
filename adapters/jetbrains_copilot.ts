/**
 * GitHub Copilot for JetBrains IDEs: hook files read only from
 * `<git root>/.github/hooks/**\/*.json` in Copilot CLI's format (camelCase
 * events only), Copilot CLI's camelCase payloads, and only a top-level
 * `permissionDecision: "deny"` honoured. So every ask becomes a deny saying
 * how to run the command by hand, a rewrite becomes a deny carrying the
 * rewritten call, and nothing adds context; post-tool, session start and
 * prompt events are only recorded.
 *
 * Low confidence overall (a preview, known from a changelog and issue
 * reports): the payload shape, a session id (none documented: the IDE's
 * process id stands in), tool names (taken as Copilot CLI's), the MCP file
 * location, no `preCompact` event.
 *
 * @module
 */

import { joinPath } from "../src/config/path_lite.ts";
import {
  COPILOT_KEYS,
  COPILOT_TOOLS,
  copilotHookFile,
  copilotReply,
} from "./_copilot_hooks.ts";
import { defineAgent } from "./_kit.ts";
import type { Adapter } from "./types.ts";

const EVENTS = {
  "pre_tool_use": ["preToolUse"],
  "post_tool_use": ["postToolUse"],
  "session_start": ["sessionStart"],
  "user_prompt_submit": ["userPromptSubmitted"],
} as const;

/** The JetBrains Copilot adapter. */
export const jetbrainsCopilot: Adapter = defineAgent({
  name: "jetbrains-copilot",
  label: "JetBrains Copilot",
  events: EVENTS,
  observeOnly: ["post_tool_use", "session_start", "user_prompt_submit"],
  contextOn: [],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: false,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: false,
    modifyOutput: false,
    injectContext: false,
    block: true,
    ask: false,
  },
  tools: COPILOT_TOOLS,
  serverToolName: (tool) => tool,
  keys: COPILOT_KEYS,
  reply: (_event, decision) => copilotReply(decision),
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks"],
    project: ".github/hooks/ctx-mode-jetbrains-copilot.json",
    data: copilotHookFile(
      command,
      "jetbrains-copilot",
      Object.values(EVENTS).map(([name]) => name),
    ),
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    user: "~/.config/github-copilot/intellij/mcp.json",
    data: { servers: { "ctx-mode": { command, args: ["serve"], env: {} } } },
  }],
  instructionsFile: ".github/copilot-instructions.md",
  doctorPlaces: (where) => ({
    hookFiles: [joinPath(where.projectDir, ".github", "hooks") + "/"],
    mcpFiles: [
      joinPath(where.home, ".config", "github-copilot", "intellij", "mcp.json"),
    ],
    hookFix:
      "copy configs/jetbrains-copilot/ctx-mode.json to .github/hooks/ at the git root",
    mcpFix:
      "add configs/jetbrains-copilot/mcp.json to ~/.config/github-copilot/intellij/mcp.json (Copilot settings, Edit config)",
  }),
  unverified: [
    "the payload is taken to be Copilot CLI's camelCase shape",
    "no session id is documented: the IDE's process id stands in",
    "tool names are taken to be Copilot CLI's",
    "the MCP file location comes from third-party write-ups",
  ],
});
