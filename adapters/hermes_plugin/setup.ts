/**
 * Hermes's plugin's set-up: the plugin files `install` and `deno task configs`
 * write, the MCP entry, the instructions file and where the doctor looks.
 * Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { ctxModeVersion } from "../registry.ts";
import { pluginSetup, pluginSource } from "../_kit/plugin_setup.ts";
import { hermesPlugin } from "./adapter.ts";
import type { AgentSetup } from "../types.ts";

/** The hermesPlugin set-up. */
export const hermesPluginSetup: AgentSetup = pluginSetup(hermesPlugin, {
  instructionsFile: "AGENTS.md",
  pluginFiles: async (command) => ({
    "plugins/ctx-mode/__init__.py": await pluginSource(
      "./hermes_plugin/plugin/__init__.py",
      command,
      {},
    ),
    "plugins/ctx-mode/plugin.yaml": await pluginSource(
      "./hermes_plugin/plugin/plugin.yaml",
      command,
      { VERSION: await ctxModeVersion() },
    ),
  }),
  places: (where) => {
    const home = where.env.HERMES_HOME ?? joinPath(where.home, ".hermes");
    return {
      plugins: [joinPath(home, "plugins", "ctx-mode", "__init__.py")],
      mcp: [],
    };
  },
});
