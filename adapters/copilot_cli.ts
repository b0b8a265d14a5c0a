/**
 * GitHub Copilot CLI: `version: 1` hook files (`.github/hooks/*.json`,
 * `$COPILOT_HOME/hooks/`), camelCase events and payloads (`toolArgs` as an
 * object or as JSON text; a PascalCase registration sends VS Code's
 * snake_case payload instead, read too), and top-level `permissionDecision`
 * replies with `modifiedArgs` rewrites, always on exit 0. Only `preToolUse`
 * answers are processed: session start, prompt and compaction are
 * observe-only, and no event adds context.
 *
 * Unverified: MCP tool names `<server>-<tool>` (so ctx-mode's tools are
 * `ctx-mode-ctx_execute` to the model); hooks in `.claude/settings*.json`.
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
import { registeredEvents, userFolder } from "./_hook_config.ts";
import { defineAgent } from "./_kit.ts";
import type { Adapter } from "./types.ts";

const EVENTS = {
  "pre_tool_use": ["preToolUse"],
  "post_tool_use": ["postToolUse", "postToolUseFailure"],
  "pre_compact": ["preCompact"],
  "session_start": ["sessionStart"],
  "user_prompt_submit": ["userPromptSubmitted"],
} as const;

/** The Copilot CLI adapter. */
export const copilotCli: Adapter = defineAgent({
  name: "copilot-cli",
  label: "Copilot CLI",
  events: EVENTS,
  observeOnly: ["pre_compact", "session_start", "user_prompt_submit"],
  contextOn: [],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: true,
    modifyOutput: false,
    injectContext: false,
    block: true,
    ask: true,
  },
  tools: COPILOT_TOOLS,
  serverToolName: (tool) => `ctx-mode-${tool}`,
  keys: COPILOT_KEYS,
  reply: (_event, decision) => copilotReply(decision),
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks"],
    project: ".github/hooks/ctx-mode-copilot-cli.json",
    user: "~/.copilot/hooks/ctx-mode.json",
    relocatedBy: { variable: "COPILOT_HOME", folder: "~/.copilot" },
    data: copilotHookFile(
      command,
      "copilot-cli",
      registeredEvents(EVENTS).map(([, name]) => name),
    ),
  }, {
    name: "mcp-config.json",
    format: "json",
    holds: ["mcp"],
    project: ".github/mcp.json",
    user: "~/.copilot/mcp-config.json",
    relocatedBy: { variable: "COPILOT_HOME", folder: "~/.copilot" },
    data: {
      mcpServers: {
        "ctx-mode": {
          type: "local",
          command,
          args: ["serve"],
          tools: ["*"],
          env: {},
        },
      },
    },
  }],
  instructionsFile: ".github/copilot-instructions.md",
  doctorPlaces: (where) => {
    const user = userFolder(where, "COPILOT_HOME", ".copilot");
    return {
      hookFiles: [
        joinPath(where.projectDir, ".github", "hooks") + "/",
        joinPath(user, "hooks") + "/",
        joinPath(user, "settings.json"),
        joinPath(where.projectDir, ".github", "copilot", "settings.json"),
      ],
      mcpFiles: [
        joinPath(user, "mcp-config.json"),
        joinPath(where.projectDir, ".mcp.json"),
        joinPath(where.projectDir, ".github", "mcp.json"),
      ],
      hookFix: `copy configs/copilot-cli/ctx-mode.json to ${
        joinPath(user, "hooks")
      }/ or .github/hooks/`,
      mcpFix: `add configs/copilot-cli/mcp-config.json to ${
        joinPath(user, "mcp-config.json")
      } (or /mcp add in the CLI)`,
    };
  },
  unverified: [
    "MCP tool names are taken to be <server>-<tool>",
    "a newer revision lets sessionStart return additionalContext; ctx-mode does not rely on it",
  ],
});
