/**
 * OpenCode's and KiloCode's set-up: the plugin files `install` and `deno task configs`
 * write, the MCP entry, the instructions file and where the doctor looks.
 * Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { pluginSetup, pluginSource } from "../_kit/plugin_setup.ts";
import { kiloCode, openCode } from "./adapter.ts";
import type { AgentSetup, DoctorWhere } from "../types.ts";

/** The plugin and config files of OpenCode or a fork, project first. */
export function openCodePlaces(
  where: DoctorWhere,
  folder: { project: string; user: string; configs: readonly string[] },
): { plugins: string[]; mcp: string[] } {
  const configHome = where.env.XDG_CONFIG_HOME ??
    joinPath(where.home, ".config");
  const user = joinPath(configHome, folder.user);
  return {
    plugins: [
      joinPath(where.projectDir, folder.project, "plugins", "ctx-mode.js"),
      joinPath(user, "plugins", "ctx-mode.js"),
    ],
    mcp: [
      ...folder.configs.map((name) => joinPath(where.projectDir, name)),
      ...folder.configs.map((name) =>
        joinPath(where.projectDir, folder.project, name)
      ),
      ...folder.configs.map((name) => joinPath(user, name)),
    ],
  };
}

/** OpenCode's MCP entry (`mcp.<name>` with the command as one array). */
export function openCodeMcp(command: readonly string[]): unknown {
  return {
    "$schema": "https://opencode.ai/config.json",
    mcp: {
      "ctx-mode": {
        type: "local",
        command: [...command, "serve"],
        enabled: true,
      },
    },
  };
}

/** The openCode set-up. */
export const openCodeSetup: AgentSetup = pluginSetup(openCode, {
  mcpConfig: openCodeMcp,
  instructionsFile: "AGENTS.md",
  pluginFiles: async (command) => ({
    "plugins/ctx-mode.js": await pluginSource(
      "./opencode/plugin.js",
      command,
      { PLATFORM: "opencode" },
    ),
  }),
  places: (where) =>
    openCodePlaces(where, {
      project: ".opencode",
      user: "opencode",
      configs: ["opencode.json", "opencode.jsonc"],
    }),
});

/** The kiloCode set-up. */
export const kiloCodeSetup: AgentSetup = pluginSetup(kiloCode, {
  mcpConfig: (command) => ({
    ...(openCodeMcp(command) as Record<string, unknown>),
    "$schema": "https://app.kilo.ai/config.json",
  }),
  instructionsFile: "AGENTS.md",
  pluginFiles: async (command) => ({
    "plugins/ctx-mode.js": await pluginSource(
      "./opencode/plugin.js",
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
