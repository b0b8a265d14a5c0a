/**
 * Claude Code's set-up, described once: the hooks in `settings.json` (with
 * their matchers), the MCP server in `.mcp.json` or `~/.claude.json`,
 * `CLAUDE.md`, and where each lives. `install`, `uninstall`, `--repair`,
 * `deno task configs` and the doctor (`doctor.ts`) all read it. Off the hook
 * path (see `./adapter.ts`).
 *
 * Claude Code reads servers nowhere but `.mcp.json` and `~/.claude.json`,
 * so an old `mcpServers` entry in `settings.json` is removed;
 * `CLAUDE_CONFIG_DIR` relocates the user files.
 *
 * @module
 */

import { join } from "node:path";
import { routingInstructions } from "../../src/routing/routing_block.ts";
import { commandLine } from "../../src/install/launch_command.ts";
import { hookLine, instructionsBlock, serverCommand } from "../_kit/install.ts";
import { matcherGroups } from "../_kit/hook_config.ts";
import { claudeCodeDoctorModule } from "../registry.ts";
import { claudeUserDir } from "./subagents.ts";
import { claudeUserMcpFile } from "./places.ts";
import type {
  HookSpec,
  InstallTarget,
  RegistrationInput,
} from "../../src/install/types.ts";
import type {
  AgentSetup,
  ConfigFile,
  DoctorWhere,
  PlatformCheck,
} from "../types.ts";

/**
 * The hooks ctx-mode registers, with their matchers (none: the event takes
 * none). The doctor checks for exactly these.
 */
const HOOKS: readonly HookSpec[] = [
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
];

/** ctx-mode's MCP server entry, for a command and its arguments. */
function server(run: { command: string; args: string[] }): unknown {
  return { type: "stdio", ...run, env: {} };
}

/** What `ctx-mode install claude-code` writes. */
const install: InstallTarget = {
  name: "claude-code",
  title: "Claude Code",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["claude"],
  configDirs: (where) => [claudeUserDir(where)],
  hooksReady: true,
  hooks: HOOKS,
  mcpList: ["claude", "mcp", "list"],
  registrations({ scope, where, launch, statusLine }: RegistrationInput) {
    const project = scope === "project";
    const settings = project
      ? join(where.projectDir, ".claude", "settings.json")
      : join(claudeUserDir(where), "settings.json");
    return [
      {
        kind: "json-member",
        path: project
          ? join(where.projectDir, ".mcp.json")
          : claudeUserMcpFile(where),
        format: "json",
        key: ["mcpServers", "ctx-mode"],
        value: server(serverCommand(launch)),
      },
      {
        kind: "json-hooks",
        path: settings,
        format: "json",
        style: "nested",
        root: ["hooks"],
        agent: "claude-code",
        hooks: install.hooksReady ? [...install.hooks] : [],
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
          : join(claudeUserDir(where), "CLAUDE.md"),
      ),
    ];
  },
};

/** The Claude Code set-up. */
export const claudeCodeSetup: AgentSetup = {
  name: "claude-code",
  unverified: [],
  shrinkNote:
    "every tool whose result shape is known (Bash, PowerShell, Read, Grep, Glob, WebFetch, MCP tools), through `PostToolUse` `hookSpecificOutput.updatedToolOutput` in that tool's own shape, which Claude Code 2.1.197 checks against the tool's schema (read in its binary, and seen reach the model on a live run); a Bash output past 30,000 characters is read whole from the file Claude Code keeps it in; a command that exits non-zero comes as `PostToolUseFailure`, which cannot replace anything; a Read refused for its size (a log past 256 KB) gets the view of the file, read back from disk, as the failure's `additionalContext`",
  install,

  // Hooks only: Claude Code reads MCP servers from .mcp.json and
  // ~/.claude.json, never from settings.json (`ctx-mode install` writes those).
  config(command: string): unknown {
    return { hooks: matcherGroups(HOOKS, command, "claude-code") };
  },

  /**
   * Hooks go to `settings.json`; MCP servers to `.mcp.json` or
   * `~/.claude.json`, since Claude Code ignores `mcpServers` in settings.
   */
  configFiles(command: string): ConfigFile[] {
    const { hooks } = claudeCodeSetup.config(command) as { hooks: unknown };
    return [{
      name: "settings.json",
      format: "json",
      holds: ["hooks"],
      project: ".claude/settings.json",
      user: "~/.claude/settings.json",
      relocatedBy: { variable: "CLAUDE_CONFIG_DIR", folder: "~/.claude" },
      data: { hooks },
    }, {
      name: ".mcp.json",
      format: "json",
      holds: ["mcp"],
      project: ".mcp.json",
      user: "~/.claude.json",
      data: {
        mcpServers: { "ctx-mode": server({ command, args: ["serve"] }) },
      },
    }];
  },

  instructions(): { file: string; text: string } {
    return { file: "CLAUDE.md", text: routingInstructions() };
  },

  async doctor(where: DoctorWhere): Promise<PlatformCheck[]> {
    const { claudeCodeDoctor } = await claudeCodeDoctorModule();
    return claudeCodeDoctor(where, HOOKS.map((hook) => hook.event));
  },
};
