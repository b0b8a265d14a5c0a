/**
 * Pi's and OMP's (oh-my-pi, its fork's) set-up, described once: the
 * extension (from `plugin.js`) in `.pi/extensions/` or `.omp/extensions/`
 * (project), or under the agent folder (`~/.pi/agent/`, `~/.omp/agent/`;
 * `PI_CODING_AGENT_DIR` relocates it); routing instructions in `AGENTS.md`
 * (the project's, or the agent folder's); and where the doctor looks. Pi's
 * extension registers ctx-mode's tools itself (Pi 1.6 reads MCP servers too,
 * from `mcp.json`; docs/agents.md says why ctx-mode adds none there). OMP
 * reads MCP servers under `mcpServers` in `mcp.json` beside its extensions
 * folder.
 * Off the hook path (see `./adapter.ts`).
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
} from "../_kit/install.ts";
import { pluginSetup, pluginSource } from "../_kit/plugin_setup.ts";
import { omp, pi } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup, DoctorWhere } from "../types.ts";

/** Where OMP's `mcp.json` holds ctx-mode's server. */
const MCP_KEY = ["mcpServers", "ctx-mode"];

/** OMP's server entry. */
function ompServer(run: { command: string; args: string[] }): unknown {
  return { type: "stdio", ...run };
}

function agentDir(where: TargetWhere, folder: string): string {
  return where.env.PI_CODING_AGENT_DIR || join(where.home, folder, "agent");
}

/** The install target of Pi or its fork. */
function piLike(
  name: "pi" | "omp",
  title: string,
  mcp: boolean,
): InstallTarget {
  const folder = `.${name}`;
  return {
    name,
    title,
    defaultScope: "user",
    scopes: ["user", "project"],
    binaries: [name],
    configDirs: (where) => [agentDir(where, folder)],
    hooksReady: true,
    hooks: [],
    registrations(
      { scope, where, launch, pluginFiles }: RegistrationInput,
    ): Registration[] {
      const dir = scope === "project"
        ? join(where.projectDir, folder)
        : agentDir(where, folder);
      return [
        ...(mcp
          ? [
            {
              kind: "json-member",
              path: join(dir, "mcp.json"),
              format: "json",
              key: MCP_KEY,
              value: ompServer(serverCommand(launch)),
            } satisfies Registration,
          ]
          : []),
        instructionsBlock(
          scope === "project"
            ? join(where.projectDir, "AGENTS.md")
            : join(dir, "AGENTS.md"),
        ),
        ...pluginRegistrations(pluginFiles, dir),
      ];
    },
  };
}

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

function places(
  where: DoctorWhere,
  folder: ".pi" | ".omp",
  mcp: boolean,
): { plugins: string[]; mcp: string[] } {
  // `??`, not install's `||`: an empty variable is taken as set here.
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

/** The Pi set-up. */
export const piSetup: AgentSetup = pluginSetup(pi, {
  install: piLike("pi", "Pi", false),
  instructionsFile: "AGENTS.md",
  pluginFiles: (command) => extension(command, "pi", "Pi", false),
  shrinkNote:
    "every tool's result, by the extension's `tool_result` handler returning `{content}` (one text block; `details` and `isError` stay), which Pi 0.73.1 hands the model (read in @mariozechner/pi-coding-agent, and seen reach the model on a live run); a command output Pi cut to its last 50 KB is shrunk whole from Pi's own `pi-bash-*.log` when that file ends with the tail shown; the way back is the extension's own `ctx_search` tool",
  places: (where) => places(where, ".pi", false),
});

/** The OMP set-up. */
export const ompSetup: AgentSetup = pluginSetup(omp, {
  install: piLike("omp", "OMP", true),
  mcpConfig: (command) => atKey(MCP_KEY, ompServer(serverArgv(command))),
  instructionsFile: "AGENTS.md",
  pluginFiles: (command) => extension(command, "omp", "OMP", true),
  shrinkNote:
    "every tool's result, by the extension's `tool_result` handler returning `{content}`, which OMP hands the model even for a failed call, keeping its error flag (read in @oh-my-pi/pi-coding-agent 18.3.4's `extensions/wrapper.ts`; not run live: 18.x does not install, `@oh-my-pi/omp-stats` is missing from the registry)",
  places: (where) => places(where, ".omp", true),
});
