/**
 * Antigravity, Google's IDE, and its CLI (`agy`): both read MCP servers from
 * `~/.gemini/antigravity/mcp_config.json` (`mcpServers`) and global rules
 * from `~/.gemini/GEMINI.md` (the file Gemini CLI reads too); the CLI's
 * hooks are named hook sets in `~/.gemini/config/hooks.json`, of which
 * ctx-mode owns the set `ctx-mode` (only `PreToolUse` is known). User scope
 * only: no project MCP file is known.
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import { hookLine, instructionsBlock, serverCommand } from "../_kit/install.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";
import type { LaunchCommand } from "../../src/install/launch_command.ts";

/** `~/.gemini`, the folder both Antigravity apps keep their files in. */
function geminiFolder(where: TargetWhere): string {
  return join(where.home, ".gemini");
}

/** The MCP server and the rules block both apps share. */
function shared(where: TargetWhere, launch: LaunchCommand): Registration[] {
  return [
    {
      kind: "json-member",
      path: join(geminiFolder(where), "antigravity", "mcp_config.json"),
      format: "json",
      key: ["mcpServers", "ctx-mode"],
      value: serverCommand(launch),
    },
    instructionsBlock(join(geminiFolder(where), "GEMINI.md")),
  ];
}

/** Antigravity IDE: MCP only. */
export const antigravity: InstallTarget = {
  name: "antigravity",
  title: "Antigravity",
  defaultScope: "user",
  scopes: ["user"],
  binaries: ["antigravity"],
  configDirs: (where) => [join(geminiFolder(where), "antigravity")],
  hooksReady: false,
  hooks: [],
  registrations: ({ where, launch }: RegistrationInput) =>
    shared(where, launch),
};

/** Antigravity CLI. */
export const antigravityCli: InstallTarget = {
  name: "antigravity-cli",
  title: "Antigravity CLI",
  defaultScope: "user",
  scopes: ["user"],
  binaries: ["agy"],
  configDirs: (where) => [join(geminiFolder(where), "antigravity-cli")],
  hooksReady: true,
  hooks: [{ event: "PreToolUse", matcher: "*", extra: { timeout: 30 } }],
  registrations({ where, launch }: RegistrationInput): Registration[] {
    const hooks = join(geminiFolder(where), "config", "hooks.json");
    return [
      ...shared(where, launch),
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
        hooks: antigravityCli.hooksReady ? [...antigravityCli.hooks] : [],
        launchLine: hookLine(launch),
      },
    ];
  },
};
