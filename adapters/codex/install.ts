/**
 * Codex CLI: the MCP server as `[mcp_servers.ctx-mode]` in `config.toml`
 * (`$CODEX_HOME`, default `~/.codex`; a project's `.codex/config.toml` counts
 * only once the project is trusted), routing instructions in `AGENTS.md`.
 * Hooks go to `hooks.json` beside `config.toml`, in Claude Code's format;
 * Codex runs them only with `[features] hooks = true` in `config.toml`.
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

/** `$CODEX_HOME`, else `~/.codex`. */
export function codexHome(where: TargetWhere): string {
  return where.env.CODEX_HOME || join(where.home, ".codex");
}

/** Codex CLI. */
export const codex: InstallTarget = {
  name: "codex",
  title: "Codex CLI",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["codex"],
  configDirs: (where) => [codexHome(where)],
  hooksReady: true,
  // As the Codex adapter registers them (configs/codex/hooks.json).
  hooks: [
    {
      event: "PreToolUse",
      matcher: "Bash|exec_command|shell|apply_patch|mcp__.*",
      extra: { timeout: 30 },
    },
    { event: "PostToolUse", matcher: "*", extra: { timeout: 30 } },
    { event: "PreCompact", extra: { timeout: 30 } },
    {
      event: "SessionStart",
      matcher: "startup|resume|clear|compact",
      extra: { timeout: 30 },
    },
    { event: "UserPromptSubmit", extra: { timeout: 30 } },
  ],
  mcpList: ["codex", "mcp", "list"],
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const dir = scope === "project"
      ? join(where.projectDir, ".codex")
      : codexHome(where);
    return [
      {
        kind: "toml-table",
        path: join(dir, "config.toml"),
        table: ["mcp_servers", "ctx-mode"],
        // Required: otherwise Codex leaves a server that is slow to start out of the turn.
        value: {
          ...serverCommand(launch),
          "startup_timeout_sec": 30,
          required: true,
        },
      },
      // Codex runs hooks only with this feature on (the older feature name runs none).
      {
        kind: "toml-table",
        path: join(dir, "config.toml"),
        table: ["features"],
        value: { hooks: true },
      },
      {
        kind: "json-hooks",
        path: join(dir, "hooks.json"),
        format: "json",
        style: "nested",
        root: ["hooks"],
        agent: "codex",
        hooks: codex.hooksReady ? [...codex.hooks] : [],
        launchLine: hookLine(launch),
      },
      instructionsBlock(
        scope === "project"
          ? join(where.projectDir, "AGENTS.md")
          : join(dir, "AGENTS.md"),
      ),
    ];
  },
};
