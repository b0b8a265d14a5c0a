/**
 * Pi and OMP's set-up: the plugin files `install` and `deno task configs`
 * write, the MCP entry, the instructions file and where the doctor looks.
 * Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { pluginSetup, pluginSource } from "../_kit/plugin_setup.ts";
import { omp, pi } from "./adapter.ts";
import type { AgentSetup, DoctorWhere } from "../types.ts";

/**
 * The extension file. Pi (no MCP) registers ctx-mode's tools itself; OMP,
 * with MCP, rewrites a call's input instead of blocking a redirect.
 */
async function extension(
  command: readonly string[],
  platform: string,
  title: string,
  fork: boolean,
): Promise<Record<string, string>> {
  return {
    "extensions/ctx-mode.js": await pluginSource("./pi/plugin.js", command, {
      PLATFORM: platform,
      TITLE: title,
      "REGISTER_TOOLS": String(!fork),
      "CAN_REWRITE": String(fork),
    }),
  };
}

/** The extension and MCP files, project first (`PI_CODING_AGENT_DIR` moves the user's). */
function places(
  where: DoctorWhere,
  folder: ".pi" | ".omp",
  mcp: boolean,
): { plugins: string[]; mcp: string[] } {
  const agent = where.env.PI_CODING_AGENT_DIR ??
    joinPath(where.home, folder, "agent");
  return {
    plugins: [
      joinPath(where.projectDir, folder, "extensions", "ctx-mode.js"),
      joinPath(agent, "extensions", "ctx-mode.js"),
    ],
    mcp: mcp
      ? [
        joinPath(where.projectDir, folder, "mcp.json"),
        joinPath(agent, "mcp.json"),
      ]
      : [],
  };
}

/** The pi set-up. */
export const piSetup: AgentSetup = pluginSetup(pi, {
  instructionsFile: "AGENTS.md",
  pluginFiles: (command) => extension(command, "pi", "Pi", false),
  places: (where) => places(where, ".pi", false),
});

/** The omp set-up. */
export const ompSetup: AgentSetup = pluginSetup(omp, {
  mcpConfig: (command) => ({
    mcpServers: {
      "ctx-mode": {
        type: "stdio",
        command: command[0],
        args: [...command.slice(1), "serve"],
      },
    },
  }),
  instructionsFile: "AGENTS.md",
  pluginFiles: (command) => extension(command, "omp", "OMP", true),
  places: (where) => places(where, ".omp", true),
});
