/**
 * Kimi Code's set-up: the files `install` and `deno task configs` write,
 * the instructions file, and where the doctor looks. Off the hook path
 * (see `./adapter.ts` for the hooks).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import {
  hookCommand,
  registeredEvents,
  userFolder,
} from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { EVENTS, kimi } from "./adapter.ts";
import type { AgentSetup, HookEvent } from "../types.ts";

const MATCHERS: Partial<Record<HookEvent, string>> = {
  "pre_tool_use": "Bash|Read|Grep|Glob|FetchURL|Agent|Write|Edit|mcp__.*",
};

/** The Kimi Code set-up. */
export const kimiSetup: AgentSetup = defineSetup(kimi, {
  configFiles: (command) => [{
    name: "config.toml",
    format: "toml",
    holds: ["hooks"],
    user: "~/.kimi-code/config.toml",
    relocatedBy: { variable: "KIMI_CODE_HOME", folder: "~/.kimi-code" },
    data: {
      hooks: registeredEvents(EVENTS).map(([event, name]) => ({
        event: name,
        ...(MATCHERS[event] ? { matcher: MATCHERS[event] } : {}),
        command: hookCommand(command, "kimi", name),
        timeout: 30,
      })),
    },
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    project: ".kimi-code/mcp.json",
    user: "~/.kimi-code/mcp.json",
    relocatedBy: { variable: "KIMI_CODE_HOME", folder: "~/.kimi-code" },
    data: { mcpServers: { "ctx-mode": { command, args: ["serve"], env: {} } } },
  }],
  instructionsFile: "AGENTS.md",
  doctorPlaces: (where, installHint) => {
    const user = userFolder(where, "KIMI_CODE_HOME", ".kimi-code");
    return {
      hookFiles: [joinPath(user, "config.toml")],
      mcpFiles: [
        joinPath(user, "mcp.json"),
        joinPath(where.projectDir, ".kimi-code", "mcp.json"),
      ],
      hookFix: installHint,
      mcpFix: installHint,
    };
  },
  unverified: ["whether stdout reaches the context on some events"],
});
