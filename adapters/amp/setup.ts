/**
 * Amp's set-up, described once: the plugin (from `plugin.js`) in
 * `.amp/plugins/` (project) or `~/.config/amp/plugins/` (user; Amp loads
 * plugins only when started with `PLUGINS=all`), the MCP server under the
 * `amp.mcpServers` member of `settings.json` (the project's
 * `.amp/settings.json`, or `~/.config/amp/settings.json`), routing
 * instructions in `AGENTS.md` (the project's, or `~/.config/amp/AGENTS.md`),
 * and where the doctor looks. Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { join } from "node:path";
import { joinPath } from "../../src/config/path_lite.ts";
import {
  atKey,
  instructionsBlock,
  pluginRegistrations,
  serverArgv,
  serverCommand,
  xdgConfig,
} from "../_kit/install.ts";
import { pluginSetup, pluginSource } from "../_kit/plugin_setup.ts";
import { amp } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** Where `settings.json` holds ctx-mode's server. */
const MCP_KEY = ["amp.mcpServers", "ctx-mode"];

/** What `ctx-mode install amp` writes. */
const install: InstallTarget = {
  name: "amp",
  title: "Amp",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["amp"],
  configDirs: (where) => [join(xdgConfig(where), "amp")],
  hooksReady: true,
  hooks: [],
  notice: "Amp loads plugins only when started with PLUGINS=all",
  mcpList: ["amp", "mcp", "list"],
  registrations(
    { scope, where, launch, pluginFiles }: RegistrationInput,
  ): Registration[] {
    const dir = scope === "project"
      ? join(where.projectDir, ".amp")
      : join(xdgConfig(where), "amp");
    return [
      {
        kind: "json-member",
        path: join(dir, "settings.json"),
        format: "jsonc",
        key: MCP_KEY,
        value: serverCommand(launch),
      },
      instructionsBlock(
        scope === "project"
          ? join(where.projectDir, "AGENTS.md")
          : join(dir, "AGENTS.md"),
      ),
      ...pluginRegistrations(pluginFiles, dir),
    ];
  },
};

/** The Amp set-up. */
export const ampSetup: AgentSetup = pluginSetup(amp, {
  install,
  mcpConfig: (command) => atKey(MCP_KEY, serverArgv(command)),
  instructionsFile: "AGENTS.md",
  pluginFiles: async (command) => ({
    "plugins/ctx-mode.js": await pluginSource("./amp/plugin.js", command, {
      PLATFORM: "amp",
    }),
  }),
  places: (where) => {
    // `??`, not install's `||`: an empty XDG_CONFIG_HOME is taken as set here.
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
