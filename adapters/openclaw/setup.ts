/**
 * OpenClaw's set-up: the plugin files `install` and `deno task configs`
 * write, the MCP entry, the instructions file and where the doctor looks.
 * Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { pluginSetup, pluginSource } from "../_kit/plugin_setup.ts";
import { openClaw } from "./adapter.ts";
import type { AgentSetup } from "../types.ts";

/** The openClaw set-up. */
export const openClawSetup: AgentSetup = pluginSetup(openClaw, {
  mcpConfig: (command) => ({
    mcp: {
      servers: {
        "ctx-mode": {
          command: command[0],
          args: [...command.slice(1), "serve"],
        },
      },
    },
  }),
  instructionsFile: "AGENTS.md",
  pluginFiles: async (command) => ({
    "extensions/ctx-mode/index.js": await pluginSource(
      "./openclaw/plugin.js",
      command,
      { PLATFORM: "openclaw" },
    ),
    "extensions/ctx-mode/openclaw.plugin.json": `${
      JSON.stringify(
        {
          id: "ctx-mode",
          name: "ctx-mode",
          description:
            "Keeps bulky tool output out of the context; blocks destructive commands",
          configSchema: { type: "object", properties: {} },
        },
        null,
        2,
      )
    }\n`,
    "extensions/ctx-mode/package.json": `${
      JSON.stringify(
        {
          name: "ctx-mode-openclaw",
          private: true,
          type: "module",
          openclaw: { extensions: ["./index.js"] },
        },
        null,
        2,
      )
    }\n`,
  }),
  places: (where) => {
    const state = where.env.OPENCLAW_STATE_DIR ??
      joinPath(where.home, ".openclaw");
    return {
      plugins: [joinPath(state, "extensions", "ctx-mode", "index.js")],
      mcp: [where.env.OPENCLAW_CONFIG_PATH ?? joinPath(state, "openclaw.json")],
    };
  },
});
