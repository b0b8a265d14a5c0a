/**
 * Amp's set-up: the plugin files `install` and `deno task configs`
 * write, the MCP entry, the instructions file and where the doctor looks.
 * Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { pluginSetup, pluginSource } from "../_kit/plugin_setup.ts";
import { amp } from "./adapter.ts";
import type { AgentSetup } from "../types.ts";

/** The amp set-up. */
export const ampSetup: AgentSetup = pluginSetup(amp, {
  mcpConfig: (command) => ({
    "amp.mcpServers": {
      "ctx-mode": { command: command[0], args: [...command.slice(1), "serve"] },
    },
  }),
  instructionsFile: "AGENTS.md",
  pluginFiles: async (command) => ({
    "plugins/ctx-mode.js": await pluginSource("./amp/plugin.js", command, {
      PLATFORM: "amp",
    }),
  }),
  places: (where) => {
    const config = joinPath(
      where.env.XDG_CONFIG_HOME ?? joinPath(where.home, ".config"),
      "amp",
    );
    return {
      plugins: [
        joinPath(where.projectDir, ".amp", "plugins", "ctx-mode.js"),
        joinPath(config, "plugins", "ctx-mode.js"),
      ],
      mcp: [
        joinPath(where.projectDir, ".amp", "settings.json"),
        joinPath(config, "settings.json"),
      ],
    };
  },
});
