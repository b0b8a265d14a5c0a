/**
 * Claude Code: the MCP server in `.mcp.json` (project) or `~/.claude.json`
 * (user) — Claude Code reads servers nowhere else, so an old `mcpServers`
 * entry in `settings.json` is removed; hooks in `.claude/settings.json` or
 * `~/.claude/settings.json`; routing instructions in `CLAUDE.md`.
 * `CLAUDE_CONFIG_DIR` relocates the user files.
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import { hookLine, instructionsBlock, serverCommand } from "../_kit/install.ts";
import { commandLine } from "../../src/install/launch_command.ts";
import type {
  InstallTarget,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";

/** `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function claudeDir(where: TargetWhere): string {
  return where.env.CLAUDE_CONFIG_DIR || join(where.home, ".claude");
}

/** Where Claude Code keeps user-scope MCP servers. */
export function claudeUserMcpFile(where: TargetWhere): string {
  return where.env.CLAUDE_CONFIG_DIR
    ? join(where.env.CLAUDE_CONFIG_DIR, ".claude.json")
    : join(where.home, ".claude.json");
}

/** Claude Code. */
export const claudeCode: InstallTarget = {
  name: "claude-code",
  title: "Claude Code",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["claude"],
  configDirs: (where) => [claudeDir(where)],
  hooksReady: true,
  hooks: [
    {
      event: "PreToolUse",
      matcher:
        "Bash|PowerShell|Read|Grep|Glob|WebFetch|WebSearch|Agent|Task|mcp__.*",
    },
    { event: "PostToolUse", matcher: "" },
    { event: "PostToolUseFailure", matcher: "" },
    { event: "PreCompact" },
    { event: "SessionStart", matcher: "startup|resume|clear|compact" },
    { event: "UserPromptSubmit" },
  ],
  mcpList: ["claude", "mcp", "list"],
  registrations({ scope, where, launch, statusLine }: RegistrationInput) {
    const project = scope === "project";
    const settings = project
      ? join(where.projectDir, ".claude", "settings.json")
      : join(claudeDir(where), "settings.json");
    return [
      {
        kind: "json-member",
        path: project
          ? join(where.projectDir, ".mcp.json")
          : claudeUserMcpFile(where),
        format: "json",
        key: ["mcpServers", "ctx-mode"],
        value: { type: "stdio", ...serverCommand(launch), env: {} },
      },
      {
        kind: "json-hooks",
        path: settings,
        format: "json",
        style: "nested",
        root: ["hooks"],
        agent: "claude-code",
        hooks: claudeCode.hooksReady ? [...claudeCode.hooks] : [],
        launchLine: hookLine(launch),
      },
      // Claude Code never read servers here; older set-ups put ctx-mode there.
      {
        kind: "json-member",
        path: settings,
        format: "json",
        key: ["mcpServers", "ctx-mode"],
        value: undefined,
      },
      // The status line, offered only where the user has none.
      {
        kind: "json-member",
        path: settings,
        format: "json",
        key: ["statusLine"],
        value: statusLine === undefined
          ? undefined
          : { type: "command", command: commandLine(launch, statusLine) },
        sharedKey: true,
      },
      instructionsBlock(
        project
          ? join(where.projectDir, "CLAUDE.md")
          : join(claudeDir(where), "CLAUDE.md"),
      ),
    ];
  },
};
