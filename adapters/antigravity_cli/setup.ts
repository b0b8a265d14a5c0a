/**
 * Antigravity CLI's set-up: the files `install` and `deno task configs` write,
 * the instructions file, and where the doctor looks. Off the hook path
 * (see `./adapter.ts` for the hooks).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { hookCommand } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { antigravityCli } from "./adapter.ts";
import type { AgentSetup } from "../types.ts";

/** The Antigravity CLI set-up. */
export const antigravityCliSetup: AgentSetup = defineSetup(antigravityCli, {
  configFiles: (command) => [{
    name: "hooks.json",
    format: "json",
    holds: ["hooks"],
    user: "~/.gemini/config/hooks.json",
    data: {
      "ctx-mode": {
        enabled: true,
        PreToolUse: [{
          matcher: "*",
          hooks: [{
            type: "command",
            command: hookCommand(command, "antigravity-cli", "PreToolUse"),
            timeout: 30,
          }],
        }],
      },
    },
  }, {
    name: "mcp_config.json",
    format: "json",
    holds: ["mcp"],
    user: "~/.gemini/antigravity/mcp_config.json",
    data: { mcpServers: { "ctx-mode": { command, args: ["serve"], env: {} } } },
  }],
  instructionsFile: "AGENTS.md",
  doctorPlaces: (where) => ({
    hookFiles: [
      joinPath(where.home, ".gemini", "config", "hooks.json"),
      joinPath(where.projectDir, ".agents", "hooks.json"),
    ],
    mcpFiles: [
      joinPath(where.home, ".gemini", "antigravity", "mcp_config.json"),
      joinPath(where.home, ".gemini", "config", "mcp_config.json"),
    ],
    hookFix:
      "add configs/antigravity-cli/hooks.json to ~/.gemini/config/hooks.json",
    mcpFix:
      "add configs/antigravity-cli/mcp_config.json to ~/.gemini/antigravity/mcp_config.json",
  }),
  unverified: [
    "read, search, fetch and edit tool names",
    "ask: ctx-mode denies instead",
    "events other than PreToolUse",
    "how the model sees MCP tools",
  ],
});
