/**
 * Cursor's set-up: the files `install` and `deno task configs` write,
 * the instructions file, and where the doctor looks. Off the hook path
 * (see `./adapter.ts` for the hooks).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { hookCommand, registeredEvents } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { cursor, EVENTS } from "./adapter.ts";
import type { AgentSetup, HookEvent } from "../types.ts";

const MATCHERS: Partial<Record<HookEvent, string>> = {
  "pre_tool_use": "Shell|Read|Grep|Glob|WebFetch|Task|Write|Edit|MCP:.*",
};

/** The Cursor set-up. */
export const cursorSetup: AgentSetup = defineSetup(cursor, {
  configFiles: (command) => [{
    name: "hooks.json",
    format: "json",
    holds: ["hooks"],
    project: ".cursor/hooks.json",
    user: "~/.cursor/hooks.json",
    data: {
      version: 1,
      hooks: Object.fromEntries(
        registeredEvents(EVENTS).map(([event, name]) => [name, [{
          command: hookCommand(command, "cursor", name),
          ...(MATCHERS[event] ? { matcher: MATCHERS[event] } : {}),
          timeout: 30,
        }]]),
      ),
    },
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    project: ".cursor/mcp.json",
    user: "~/.cursor/mcp.json",
    data: { mcpServers: { "ctx-mode": { command, args: ["serve"], env: {} } } },
  }],
  instructionsFile: ".cursor/rules/ctx-mode.mdc",
  instructionsText: (text) =>
    `---\ndescription: ctx-mode routing\nalwaysApply: true\n---\n\n${text}`,
  doctorPlaces: (where) => ({
    hookFiles: [
      joinPath(where.projectDir, ".cursor", "hooks.json"),
      joinPath(where.home, ".cursor", "hooks.json"),
    ],
    mcpFiles: [
      joinPath(where.projectDir, ".cursor", "mcp.json"),
      joinPath(where.home, ".cursor", "mcp.json"),
    ],
    hookFix:
      "add configs/cursor/hooks.json to ~/.cursor/hooks.json (not also to .claude/settings.json, or each hook runs twice)",
    mcpFix: "add configs/cursor/mcp.json to ~/.cursor/mcp.json",
  }),
  unverified: [
    'permission "ask" on preToolUse is reported ignored: ctx-mode denies instead',
    "preCompact and sessionStart payloads (sources disagree); sessionStart output is reported as sometimes ignored",
    "MCP tool names: MCP:<tool> or MCP:<server>:<tool>",
  ],
});
