/**
 * VS Code Copilot's set-up: the files `install` and `deno task configs` write,
 * the instructions file, and where the doctor looks. Off the hook path
 * (see `./adapter.ts` for the hooks).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { hookCommand } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { EVENTS, vscodeCopilot } from "./adapter.ts";
import type { AgentSetup } from "../types.ts";

/** The VS Code Copilot set-up. */
export const vscodeCopilotSetup: AgentSetup = defineSetup(vscodeCopilot, {
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks"],
    project: ".github/hooks/ctx-mode.json",
    user: "~/.copilot/hooks/ctx-mode.json",
    data: {
      hooks: Object.fromEntries(
        Object.values(EVENTS).map(([name]) => [name, [{
          type: "command",
          command: hookCommand(command, "vscode-copilot", name),
          timeout: 30,
        }]]),
      ),
    },
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    project: ".vscode/mcp.json",
    data: {
      servers: {
        "ctx-mode": { type: "stdio", command, args: ["serve"], env: {} },
      },
    },
  }],
  instructionsFile: ".github/copilot-instructions.md",
  doctorPlaces: (where) => ({
    hookFiles: [
      joinPath(where.projectDir, ".github", "hooks") + "/",
      joinPath(where.projectDir, ".claude", "settings.json"),
      joinPath(where.projectDir, ".claude", "settings.local.json"),
      joinPath(where.home, ".copilot", "hooks") + "/",
    ],
    mcpFiles: [
      joinPath(where.projectDir, ".vscode", "mcp.json"),
      joinPath(where.home, ".config", "Code", "User", "mcp.json"),
    ],
    hookFix:
      "copy configs/vscode-copilot/ctx-mode.json to .github/hooks/ in the workspace",
    mcpFix:
      "add configs/vscode-copilot/mcp.json to .vscode/mcp.json (or run MCP: Add Server)",
  }),
  unverified: [
    "MCP tool names are taken to be mcp_ctx-mode_<tool> (VS Code sanitises the server label)",
    "updatedInput is dropped when it does not validate against the tool's schema",
  ],
});
