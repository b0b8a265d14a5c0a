/**
 * Hermes's plugin's set-up, described once: the plugin files `install` and
 * `deno task configs` write (from `plugin/`), the MCP entry and the switches
 * it shares with the shell-hook way (`../hermes/setup.ts`), the
 * instructions file and where the doctor looks. Off the hook path (see
 * `./adapter.ts`).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { ctxModeVersion } from "../registry.ts";
import { pluginSetup, pluginSource } from "../_kit/plugin_setup.ts";
import { pluginRegistrations } from "../_kit/install.ts";
import {
  hermesHome,
  hermesPluginSwitch,
  hermesServer,
  hermesShellHooks,
} from "../hermes/setup.ts";
import { hermesPlugin } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** What `ctx-mode install hermes-plugin` writes. */
const install: InstallTarget = {
  name: "hermes-plugin",
  title: "Hermes Agent (Python plugin)",
  defaultScope: "user",
  scopes: ["user"],
  binaries: [],
  configDirs: () => [],
  notice: "restart Hermes to load the plugin (hermes plugins list shows it)",
  hooksReady: true,
  hooks: [],
  registrations(input: RegistrationInput): Registration[] {
    return [
      hermesServer(input),
      hermesPluginSwitch(input.where, false),
      hermesShellHooks(input, true),
      ...pluginRegistrations(input.pluginFiles, hermesHome(input.where)),
    ];
  },
};

/** The hermesPlugin set-up. */
export const hermesPluginSetup: AgentSetup = pluginSetup(hermesPlugin, {
  install,
  instructionsFile: "AGENTS.md",
  shrinkNote:
    "every tool's result, by `transform_tool_result`, whose string Hermes gives the model instead of the result; the view goes into the result's own JSON field (the terminal's `output`, a read's `content`), the rest of the object stays (read in NousResearch/hermes-agent `model_tools.py` at 005113316de9; not run live: Hermes is not on npm); Hermes's shell hooks cannot do this (see the `hermes` agent)",
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
    // `??`, not install's `||` (`hermesHome`): an empty variable is taken as set here.
    const home = where.env.HERMES_HOME ?? joinPath(where.home, ".hermes");
    return {
      plugins: [joinPath(home, "plugins", "ctx-mode", "__init__.py")],
      mcp: [],
    };
  },
});
