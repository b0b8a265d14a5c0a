/**
 * Kimi Code: hooks as `[[hooks]]` tables in `~/.kimi-code/config.toml` (the
 * only place Kimi reads hooks; `KIMI_CODE_HOME` relocates the folder), the
 * MCP server under `mcpServers` in `mcp.json` (`~/.kimi-code/mcp.json`, or a
 * project's `.kimi-code/mcp.json`), routing instructions in the project's
 * `AGENTS.md`. The user scope writes the hooks and the server; the project
 * scope the project's server and instructions.
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

/** `$KIMI_CODE_HOME`, else `~/.kimi-code`. */
export function kimiHome(where: TargetWhere): string {
  return where.env.KIMI_CODE_HOME || join(where.home, ".kimi-code");
}

/** Kimi Code. */
export const kimi: InstallTarget = {
  name: "kimi",
  title: "Kimi Code",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["kimi"],
  configDirs: (where) => [kimiHome(where)],
  hooksReady: true,
  hooks: [
    {
      event: "PreToolUse",
      matcher: "Bash|Read|Grep|Glob|FetchURL|Agent|Write|Edit|mcp__.*",
      extra: { timeout: 30 },
    },
    { event: "PostToolUse", extra: { timeout: 30 } },
    { event: "PostToolUseFailure", extra: { timeout: 30 } },
    { event: "PreCompact", extra: { timeout: 30 } },
    { event: "SessionStart", extra: { timeout: 30 } },
    { event: "UserPromptSubmit", extra: { timeout: 30 } },
  ],
  mcpList: ["kimi", "mcp", "list"],
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const server: Registration = {
      kind: "json-member",
      path: scope === "project"
        ? join(where.projectDir, ".kimi-code", "mcp.json")
        : join(kimiHome(where), "mcp.json"),
      format: "json",
      key: ["mcpServers", "ctx-mode"],
      value: { ...serverCommand(launch), env: {} },
    };
    if (scope === "project") {
      return [server, instructionsBlock(join(where.projectDir, "AGENTS.md"))];
    }
    return [
      {
        kind: "toml-hooks",
        path: join(kimiHome(where), "config.toml"),
        array: "hooks",
        agent: "kimi",
        hooks: kimi.hooksReady ? [...kimi.hooks] : [],
        launchLine: hookLine(launch),
      },
      server,
    ];
  },
};
