/**
 * Qwen Code's set-up: the files `install` and `deno task configs` write,
 * the instructions file, and where the doctor looks. Off the hook path
 * (see `./adapter.ts` for the hooks).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { hookCommand, matcherGroups } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { EVENTS, qwenCode } from "./adapter.ts";
import type { AgentSetup, HookEvent } from "../types.ts";

// No session_start matcher: the agent compares a SessionStart matcher with
// the source by equality, so "startup|resume" would match no source.
const MATCHERS: Partial<Record<HookEvent, string>> = {
  "pre_tool_use":
    "run_shell_command|read_file|grep_search|glob|web_fetch|agent|task|write_file|edit|mcp__.*",
  "post_tool_use": "*",
};

/** The Qwen Code set-up. */
export const qwenCodeSetup: AgentSetup = defineSetup(qwenCode, {
  configFiles: (command) => [{
    name: "settings.json",
    format: "json",
    holds: ["hooks", "mcp"],
    project: ".qwen/settings.json",
    user: "~/.qwen/settings.json",
    data: {
      hooks: matcherGroups(EVENTS, MATCHERS, (name) => ({
        type: "command",
        command: hookCommand(command, "qwen-code", name),
        timeout: 30000,
      })),
      mcpServers: {
        "ctx-mode": { command, args: ["serve"], timeout: 600000, trust: false },
      },
    },
  }],
  instructionsFile: "QWEN.md",
  doctorPlaces: (where) => {
    const files = [
      joinPath(where.projectDir, ".qwen", "settings.json"),
      joinPath(where.home, ".qwen", "settings.json"),
    ];
    return {
      hookFiles: files,
      mcpFiles: files,
      hookFix:
        "add the hooks of configs/qwen-code/settings.json to ~/.qwen/settings.json",
      mcpFix: "run: qwen mcp add ctx-mode ctx-mode serve",
    };
  },
  unverified: [],
});
