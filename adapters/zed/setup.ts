/**
 * Zed's set-up, described once. MCP only: ctx-mode is a context server under
 * `context_servers` in Zed's JSONC settings (the project's
 * `.zed/settings.json`, or `$XDG_CONFIG_HOME/zed/settings.json`). Zed reads
 * one project rules file, the first of its list that exists, so the routing
 * instructions go into that one (`.rules` when there is none) rather than
 * into a new `.rules` that would hide the others; Zed has no user rules
 * file. Off the hook path.
 *
 * Data, and a look at which rules file exists.
 *
 * @module
 */

import { join } from "node:path";
import { joinPath } from "../../src/config/path_lite.ts";
import {
  atKey,
  instructionsBlock,
  serverArgv,
  serverCommand,
  xdgConfig,
} from "../_kit/install.ts";
import { mcpOnlySetup } from "../_kit/mcp_only_setup.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** Where Zed's settings hold ctx-mode's server. */
const MCP_KEY = ["context_servers", "ctx-mode"];

/** ctx-mode's context server entry. */
function server(run: { command: string; args: string[] }): unknown {
  return { ...run, env: {} };
}

/** The project rules files Zed reads, first found wins (Zed's docs). */
const RULES_FILES = [
  ".rules",
  ".cursorrules",
  ".windsurfrules",
  ".clinerules",
  ".github/copilot-instructions.md",
  "AGENT.md",
  "AGENTS.md",
  "CLAUDE.md",
  "GEMINI.md",
];

/** The rules file Zed reads in a project: the first that exists, else `.rules`. */
export function zedRulesFile(projectDir: string): string {
  const found = RULES_FILES.map((name) => join(projectDir, name)).find(
    (path) => {
      try {
        return Deno.statSync(path).isFile;
      } catch {
        return false;
      }
    },
  );
  return found ?? join(projectDir, ".rules");
}

/** What `ctx-mode install zed` writes. */
const install: InstallTarget = {
  name: "zed",
  title: "Zed",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["zed", "zeditor"],
  configDirs: (where) => [join(xdgConfig(where), "zed")],
  hooksReady: false,
  hooks: [],
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const project = scope === "project";
    return [
      {
        kind: "json-member",
        path: project
          ? join(where.projectDir, ".zed", "settings.json")
          : join(xdgConfig(where), "zed", "settings.json"),
        format: "jsonc",
        key: MCP_KEY,
        value: server(serverCommand(launch)),
      },
      ...(project ? [instructionsBlock(zedRulesFile(where.projectDir))] : []),
    ];
  },
};

/** The Zed set-up. */
export const zedSetup: AgentSetup = mcpOnlySetup({
  name: "zed",
  install,
  mcpConfig: (command) => atKey(MCP_KEY, server(serverArgv(command))),
  instructionsFile: ".rules",
  places: (where) => [
    joinPath(where.projectDir, ".zed", "settings.json"),
    // `??`, not install's `||`: an empty XDG_CONFIG_HOME is taken as set here.
    joinPath(
      where.env.XDG_CONFIG_HOME ?? joinPath(where.home, ".config"),
      "zed",
      "settings.json",
    ),
  ],
  hint: "run: ctx-mode install zed",
});
