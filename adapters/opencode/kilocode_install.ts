/**
 * KiloCode (an OpenCode fork with the same plugin API): the plugin in
 * `.kilo/plugins/` (project) or `~/.config/kilo/plugins/` (user), the MCP
 * server under `mcp` in `kilo.jsonc` or `kilo.json` (whichever exists, at
 * the project root or in `~/.config/kilo/`), as an OpenCode `local` server;
 * routing instructions in `AGENTS.md`.
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import {
  existingOr,
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

/** KiloCode. */
export const kiloCode: InstallTarget = {
  name: "kilocode",
  title: "KiloCode",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["kilo", "kilocode"],
  configDirs: (where) => [join(xdgConfig(where), "kilo")],
  hooksReady: true,
  hooks: [],
  registrations(
    { scope, where, launch, pluginFiles }: RegistrationInput,
  ): Registration[] {
    const dir = scope === "project"
      ? where.projectDir
      : join(xdgConfig(where), "kilo");
    const { command, args } = serverCommand(launch);
    return [
      {
        kind: "json-member",
        path: existingOr(join(dir, "kilo.jsonc"), join(dir, "kilo.json")),
        format: "jsonc",
        key: ["mcp", "ctx-mode"],
        value: { type: "local", command: [command, ...args], enabled: true },
      },
      instructionsBlock(join(dir, "AGENTS.md")),
      ...pluginRegistrations(
        pluginFiles,
        scope === "project" ? join(dir, ".kilo") : dir,
      ),
    ];
  },
};
