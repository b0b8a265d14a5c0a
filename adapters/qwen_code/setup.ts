/**
 * Qwen Code's set-up, described once: the hooks and the MCP server in
 * `settings.json` (`.qwen/` in the project or the home folder), `QWEN.md`,
 * and where the doctor looks. Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { join } from "node:path";
import { hookSpecs, matcherGroups } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { settingsServer, settingsTarget } from "../_kit/settings_target.ts";
import { EVENTS, qwenCode } from "./adapter.ts";
import type { TargetWhere } from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

// No session_start matcher: the agent compares a SessionStart matcher with
// the source by equality, so "startup|resume" would match no source.
const HOOKS = hookSpecs(EVENTS, {
  "pre_tool_use":
    "run_shell_command|read_file|grep_search|glob|web_fetch|agent|task|write_file|edit|mcp__.*",
  "post_tool_use": "*",
}, { timeout: 30000 });

/** The user folder of Qwen Code. */
function qwenDir(where: TargetWhere): string {
  return join(where.home, ".qwen");
}

/** The Qwen Code set-up. */
export const qwenCodeSetup: AgentSetup = defineSetup(qwenCode, {
  install: settingsTarget({
    name: "qwen-code",
    title: "Qwen Code",
    binary: "qwen",
    folder: ".qwen",
    instructions: "QWEN.md",
    userDir: qwenDir,
    hooks: HOOKS,
  }),
  configFiles: (command) => [{
    name: "settings.json",
    format: "json",
    holds: ["hooks", "mcp"],
    project: ".qwen/settings.json",
    user: "~/.qwen/settings.json",
    data: {
      hooks: matcherGroups(HOOKS, command, "qwen-code"),
      mcpServers: {
        "ctx-mode": settingsServer({ command, args: ["serve"] }),
      },
    },
  }],
  instructionsFile: "QWEN.md",
  doctorPlaces: (where) => {
    const files = [
      join(where.projectDir, ".qwen", "settings.json"),
      join(qwenDir(where), "settings.json"),
    ];
    return {
      hookFiles: files,
      mcpFiles: files,
      hookFix:
        "add the hooks of configs/qwen-code/settings.json to ~/.qwen/settings.json",
      mcpFix: "run: qwen mcp add ctx-mode ctx-mode serve",
    };
  },
  shrinkNote:
    "none: Qwen Code 0.15.10's `PostToolUse` answer carries only `additionalContext` and a stop (read in its bundle), nothing that replaces the result",
  unverified: [],
});
