/**
 * Antigravity CLI's (`agy`) set-up, described once: its hooks are named hook
 * sets in `~/.gemini/config/hooks.json`, of which ctx-mode owns the set
 * `ctx-mode` (Claude Code's layout inside it); the MCP server and rules it
 * shares with the IDE (`../antigravity/setup.ts`). User scope only. Off the
 * hook path (see `./adapter.ts`).
 *
 * @module
 */

import { join } from "node:path";
import { hookLine } from "../_kit/install.ts";
import { hookSpecs, matcherGroups } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import {
  antigravityMcpFiles,
  antigravityShared,
  geminiFolder,
} from "../antigravity/setup.ts";
import { antigravityCli, EVENTS } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** The hooks ctx-mode registers in its hook set. */
const HOOKS = hookSpecs(EVENTS, { "pre_tool_use": "*" }, { timeout: 30 });

/** The file of named hook sets. */
function hooksFile(where: TargetWhere): string {
  return join(geminiFolder(where), "config", "hooks.json");
}

/** What `ctx-mode install antigravity-cli` writes. */
const install: InstallTarget = {
  name: "antigravity-cli",
  title: "Antigravity CLI",
  defaultScope: "user",
  scopes: ["user"],
  binaries: ["agy"],
  configDirs: (where) => [join(geminiFolder(where), "antigravity-cli")],
  hooksReady: true,
  hooks: HOOKS,
  registrations({ where, launch }: RegistrationInput): Registration[] {
    const hooks = hooksFile(where);
    return [
      ...antigravityShared(where, launch),
      {
        kind: "json-member",
        path: hooks,
        format: "json",
        key: ["ctx-mode", "enabled"],
        value: true,
      },
      {
        kind: "json-hooks",
        path: hooks,
        format: "json",
        style: "nested",
        root: ["ctx-mode"],
        agent: "antigravity-cli",
        hooks: install.hooksReady ? [...install.hooks] : [],
        launchLine: hookLine(launch),
      },
    ];
  },
};

/** The Antigravity CLI set-up. */
export const antigravityCliSetup: AgentSetup = defineSetup(antigravityCli, {
  install,
  configFiles: (command) => [{
    name: "hooks.json",
    format: "json",
    holds: ["hooks"],
    user: "~/.gemini/config/hooks.json",
    data: {
      "ctx-mode": {
        enabled: true,
        ...matcherGroups(HOOKS, command, "antigravity-cli"),
      },
    },
  }, {
    name: "mcp_config.json",
    format: "json",
    holds: ["mcp"],
    user: "~/.gemini/antigravity/mcp_config.json",
    data: { mcpServers: { "ctx-mode": { command, args: ["serve"], env: {} } } },
  }],
  instructionsFile: "AGENTS.md",
  doctorPlaces: (where) => ({
    hookFiles: [
      hooksFile(where),
      join(where.projectDir, ".agents", "hooks.json"),
    ],
    mcpFiles: antigravityMcpFiles(where),
    hookFix:
      "add configs/antigravity-cli/hooks.json to ~/.gemini/config/hooks.json",
    mcpFix:
      "add configs/antigravity-cli/mcp_config.json to ~/.gemini/antigravity/mcp_config.json",
  }),
  shrinkNote: "none: only `PreToolUse` is known",
  unverified: [
    "read, search, fetch and edit tool names",
    "ask: ctx-mode denies instead",
    "events other than PreToolUse",
    "how the model sees MCP tools",
  ],
});
