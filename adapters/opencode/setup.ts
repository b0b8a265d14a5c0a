/**
 * OpenCode's and KiloCode's (its fork's) set-up, described once: the plugin
 * (from `plugin.js`) in `.opencode/plugins/` / `.kilo/plugins/` (project) or
 * `~/.config/opencode/plugins/` / `~/.config/kilo/plugins/` (user); the MCP
 * server under `mcp` in the JSONC `opencode.json` / `kilo.json(c)`, as a
 * `local` server whose `command` is one array; routing instructions in
 * `AGENTS.md`; and where the doctor looks. OpenCode's hooks are the
 * in-process plugin, not commands. Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { join } from "node:path";
import { joinPath } from "../../src/config/path_lite.ts";
import {
  existingOr,
  instructionsBlock,
  pluginRegistrations,
  serverCommand,
  xdgConfig,
} from "../_kit/install.ts";
import { pluginSetup, pluginSource } from "../_kit/plugin_setup.ts";
import { kiloCode, openCode } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
} from "../../src/install/types.ts";
import type { AgentSetup, DoctorWhere } from "../types.ts";

/** ctx-mode's server entry under `mcp`, for its full argv (ending in `serve`). */
function openCodeServer(argv: readonly string[]): unknown {
  return { type: "local", command: [...argv], enabled: true };
}

/** The plugin and config files of OpenCode or a fork, project first. */
export function openCodePlaces(
  where: DoctorWhere,
  folder: { project: string; user: string; configs: readonly string[] },
): { plugins: string[]; mcp: string[] } {
  // `??`, not install's `||`: an empty XDG_CONFIG_HOME is taken as set here.
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
    mcp: { "ctx-mode": openCodeServer([...command, "serve"]) },
  };
}

/** The plugin files of OpenCode or a fork, asking for its platform. */
async function openCodePlugin(
  command: readonly string[],
  platform: string,
): Promise<Record<string, string>> {
  return {
    "plugins/ctx-mode.js": await pluginSource("./opencode/plugin.js", command, {
      PLATFORM: platform,
    }),
  };
}

/** What `ctx-mode install opencode` writes. */
const openCodeInstall: InstallTarget = {
  name: "opencode",
  title: "OpenCode",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["opencode"],
  configDirs: (where) => [join(xdgConfig(where), "opencode")],
  hooksReady: false,
  hooks: [],
  mcpList: ["opencode", "mcp", "list"],
  registrations(
    { scope, where, launch, pluginFiles }: RegistrationInput,
  ): Registration[] {
    const dir = scope === "project"
      ? where.projectDir
      : join(xdgConfig(where), "opencode");
    const { command, args } = serverCommand(launch);
    return [
      {
        kind: "json-member",
        path: join(dir, "opencode.json"),
        format: "jsonc",
        key: ["mcp", "ctx-mode"],
        value: openCodeServer([command, ...args]),
      },
      instructionsBlock(join(dir, "AGENTS.md")),
      // The plugin: in `.opencode/` for a project, beside the config for the user.
      ...Object.entries(pluginFiles ?? {}).map((
        [name, text],
      ): Registration => ({
        kind: "owned-file",
        path: join(scope === "project" ? join(dir, ".opencode") : dir, name),
        text,
      })),
    ];
  },
};

/** What `ctx-mode install kilocode` writes. */
const kiloCodeInstall: InstallTarget = {
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
        value: openCodeServer([command, ...args]),
      },
      instructionsBlock(join(dir, "AGENTS.md")),
      ...pluginRegistrations(
        pluginFiles,
        scope === "project" ? join(dir, ".kilo") : dir,
      ),
    ];
  },
};

/** The OpenCode set-up. */
export const openCodeSetup: AgentSetup = pluginSetup(openCode, {
  install: openCodeInstall,
  mcpConfig: openCodeMcp,
  instructionsFile: "AGENTS.md",
  pluginFiles: (command) => openCodePlugin(command, "opencode"),
  shrinkNote:
    "every tool's result, by the plugin's `tool.execute.after`, which sets a built-in tool's `output.output` (or an MCP tool's `content` blocks) to the view and leaves `title` and `metadata` alone (read in opencode-ai 1.18.33, and seen reach the model on a live run); a command output OpenCode cut to 2,000 lines or 50 KB is shrunk whole from the file OpenCode saved it to (`metadata.outputPath`); needs ctx-mode's MCP server for the way back",
  places: (where) =>
    openCodePlaces(where, {
      project: ".opencode",
      user: "opencode",
      configs: ["opencode.json", "opencode.jsonc"],
    }),
});

/** The KiloCode set-up. */
export const kiloCodeSetup: AgentSetup = pluginSetup(kiloCode, {
  install: kiloCodeInstall,
  mcpConfig: (command) => ({
    ...(openCodeMcp(command) as Record<string, unknown>),
    "$schema": "https://app.kilo.ai/config.json",
  }),
  instructionsFile: "AGENTS.md",
  pluginFiles: (command) => openCodePlugin(command, "kilocode"),
  shrinkNote:
    "every tool's result, by the OpenCode plugin's `tool.execute.after` (`output.output`, or an MCP tool's `content` blocks), which Kilo hands on as OpenCode does (read in @kilocode/cli 7.7.7, and seen reach the model on a live run; 7.8.1 does not install: its platform packages are missing from the registry)",
  places: (where) =>
    openCodePlaces(where, {
      project: ".kilo",
      user: "kilo",
      configs: ["kilo.json", "kilo.jsonc"],
    }),
});
