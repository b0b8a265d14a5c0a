/**
 * Pi and OMP (oh-my-pi, its fork): the extension in `.pi/extensions/` or
 * `.omp/extensions/` (project), or under the agent folder
 * (`~/.pi/agent/`, `~/.omp/agent/`; `PI_CODING_AGENT_DIR` relocates it);
 * routing instructions in `AGENTS.md` (the project's, or the agent
 * folder's). Pi has no MCP: its extension registers ctx-mode's tools
 * itself. OMP reads MCP servers under `mcpServers` in `mcp.json` beside its
 * extensions folder.
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
} from "../_kit/install.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";

function agentDir(where: TargetWhere, folder: string): string {
  return where.env.PI_CODING_AGENT_DIR || join(where.home, folder, "agent");
}

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
              key: ["mcpServers", "ctx-mode"],
              value: { type: "stdio", ...serverCommand(launch) },
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

/** Pi. */
export const pi: InstallTarget = piLike("pi", "Pi", false);

/** OMP (oh-my-pi). */
export const omp: InstallTarget = piLike("omp", "OMP", true);
