/**
 * Hermes Agent's set-up: the files `install` and `deno task configs` write,
 * the instructions file, and where the doctor looks. Off the hook path
 * (see `./adapter.ts` for the hooks).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { hookCommand, userFolder } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { EVENTS, hermes } from "./adapter.ts";
import type { AgentSetup } from "../types.ts";

/** The Hermes Agent set-up. */
export const hermesSetup: AgentSetup = defineSetup(hermes, {
  configFiles: (command) => [{
    name: "config.yaml",
    format: "yaml",
    holds: ["hooks", "mcp"],
    user: "~/.hermes/config.yaml",
    relocatedBy: { variable: "HERMES_HOME", folder: "~/.hermes" },
    data: {
      hooks: Object.fromEntries(
        Object.values(EVENTS).map(([name]) => [name, [{
          command: hookCommand(command, "hermes", name),
          timeout: 30,
        }]]),
      ),
      "mcp_servers": {
        "ctx-mode": { command, args: ["serve"], timeout: 120 },
      },
    },
  }],
  instructionsFile: "AGENTS.md",
  doctorPlaces: (where, installHint) => {
    const user = userFolder(where, "HERMES_HOME", ".hermes");
    return {
      hookFiles: [joinPath(user, "config.yaml")],
      mcpFiles: [joinPath(user, "config.yaml")],
      hookFix: `${installHint} and accept the hooks on first run`,
      mcpFix: installHint,
    };
  },
  unverified: [
    "post_tool_call and on_session_start as shell-hook event names",
    "search_files as the search tool",
    "the key of post_tool_call's result (result, else tool_response)",
    "MCP tools are taken to be mcp_ctx-mode_<tool>",
  ],
});
