/**
 * KiloCode (Kilo CLI and its VS Code extension): a fork of OpenCode with the
 * same plugin API, so it gets OpenCode's plugin, asking for `kilocode`.
 * Plugins load from `.kilo/plugins/` (project) and `~/.config/kilo/plugins/`;
 * its config is `kilo.json`/`kilo.jsonc` (project root or `.kilo/`, and
 * `~/.config/kilo/`). Medium confidence: the fork is documented as plugin
 * compatible, and the folders come from its docs and third-party installers.
 *
 * @module
 */

import { pluginAdapter, pluginSource } from "./_plugin_kit.ts";
import {
  openCode,
  OPENCODE_TOOLS,
  openCodeMcp,
  openCodePlaces,
} from "./opencode.ts";
import type { Adapter } from "./types.ts";

/** The KiloCode adapter. */
export const kiloCode: Adapter = pluginAdapter({
  name: "kilocode",
  title: "KiloCode",
  capabilities: openCode.capabilities,
  toolKinds: OPENCODE_TOOLS,
  serverToolName: (tool) => `ctx-mode_${tool}`,
  mcpPrefix: "ctx-mode_",
  pathKeys: ["filePath", "path"],
  mcpConfig: (command) => ({
    ...(openCodeMcp(command) as Record<string, unknown>),
    "$schema": "https://app.kilo.ai/config.json",
  }),
  instructionsFile: "AGENTS.md",
  pluginFiles: async (command) => ({
    "plugins/ctx-mode.js": await pluginSource(
      "./plugins/opencode.js",
      command,
      {
        PLATFORM: "kilocode",
      },
    ),
  }),
  places: (where) =>
    openCodePlaces(where, {
      project: ".kilo",
      user: "kilo",
      configs: ["kilo.json", "kilo.jsonc"],
    }),
});
