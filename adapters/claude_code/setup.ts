/**
 * Claude Code's set-up: the hooks in `settings.json`, the MCP server in
 * `.mcp.json` or `~/.claude.json`, `CLAUDE.md`, and the doctor's checks
 * (`doctor.ts`). Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { routingInstructions } from "../../src/routing/routing_block.ts";
import { claudeCodeDoctorModule } from "../registry.ts";
import type {
  AgentSetup,
  ConfigFile,
  DoctorWhere,
  PlatformCheck,
} from "../types.ts";

/**
 * The hooks ctx-mode registers, with their matchers (undefined: the event
 * takes none). The doctor checks for exactly these.
 */
const HOOK_MATCHERS: Record<string, string | undefined> = {
  PreToolUse:
    "Bash|PowerShell|Read|Grep|Glob|WebFetch|WebSearch|Agent|Task|mcp__.*",
  PostToolUse: "",
  PostToolUseFailure: "",
  PreCompact: undefined,
  SessionStart: "startup|resume|clear|compact",
  UserPromptSubmit: undefined,
};

/** The Claude Code set-up. */
export const claudeCodeSetup: AgentSetup = {
  name: "claude-code",
  unverified: [],

  // Hooks only: Claude Code reads MCP servers from .mcp.json and
  // ~/.claude.json, never from settings.json (`ctx-mode install` writes those).
  config(command: string): unknown {
    return {
      hooks: Object.fromEntries(
        Object.entries(HOOK_MATCHERS).map(([event, matcher]) => [event, [{
          ...(matcher === undefined ? {} : { matcher }),
          hooks: [{
            type: "command",
            command: `${command} hook claude-code ${event}`,
          }],
        }]]),
      ),
    };
  },

  /**
   * Hooks go to `settings.json`; MCP servers to `.mcp.json` or
   * `~/.claude.json`, since Claude Code ignores `mcpServers` in settings.
   */
  configFiles(command: string): ConfigFile[] {
    const { hooks } = claudeCodeSetup.config(command) as { hooks: unknown };
    const mcpServers = {
      "ctx-mode": { type: "stdio", command, args: ["serve"], env: {} },
    };
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
      data: { mcpServers },
    }];
  },

  instructions(): { file: string; text: string } {
    return { file: "CLAUDE.md", text: routingInstructions() };
  },

  async doctor(where: DoctorWhere): Promise<PlatformCheck[]> {
    const { claudeCodeDoctor } = await claudeCodeDoctorModule();
    return claudeCodeDoctor(where, Object.keys(HOOK_MATCHERS));
  },
};
