/**
 * Amp: the plugin in `.amp/plugins/` (project) or `~/.config/amp/plugins/`
 * (user; Amp loads plugins only when started with `PLUGINS=all`), the MCP
 * server under the `amp.mcpServers` member of `settings.json` (the
 * project's `.amp/settings.json`, or `~/.config/amp/settings.json`);
 * routing instructions in `AGENTS.md` (the project's, or
 * `~/.config/amp/AGENTS.md`).
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import {
  instructionsBlock,
  pluginRegistrations,
  serverCommand,
  xdgConfig,
} from "../_kit/install.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
} from "../../src/install/types.ts";

/** Amp. */
export const amp: InstallTarget = {
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
        key: ["amp.mcpServers", "ctx-mode"],
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
