/**
 * Gemini CLI's set-up: the files `install` and `deno task configs` write,
 * the instructions file, and where the doctor looks. Off the hook path
 * (see `./adapter.ts` for the hooks).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { hookCommand, matcherGroups } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { EVENTS, geminiCli } from "./adapter.ts";
import type { AgentSetup, HookEvent } from "../types.ts";

// No session_start matcher: the agent compares a SessionStart matcher with
// the source by equality, so "startup|resume" would match no source.
const MATCHERS: Partial<Record<HookEvent, string>> = {
  "pre_tool_use":
    "run_shell_command|read_file|read_many_files|grep_search|search_file_content|glob|web_fetch|codebase_investigator|generalist|write_file|replace|mcp_.*",
  "post_tool_use": "*",
};

/** The Gemini CLI set-up. */
export const geminiCliSetup: AgentSetup = defineSetup(geminiCli, {
  configFiles: (command) => [{
    name: "settings.json",
    format: "json",
    holds: ["hooks", "mcp"],
    project: ".gemini/settings.json",
    user: "~/.gemini/settings.json",
    // Gemini CLI's own home variable: `$GEMINI_CLI_HOME/.gemini`.
    relocatedBy: { variable: "GEMINI_CLI_HOME", folder: "~" },
    data: {
      hooks: matcherGroups(EVENTS, MATCHERS, (name) => ({
        type: "command",
        name: "ctx-mode",
        command: hookCommand(command, "gemini-cli", name),
        timeout: 30000,
      })),
      mcpServers: {
        "ctx-mode": { command, args: ["serve"], timeout: 600000, trust: false },
      },
    },
  }],
  instructionsFile: "GEMINI.md",
  doctorPlaces: (where) => {
    const user = joinPath(where.env.GEMINI_CLI_HOME || where.home, ".gemini");
    const files = [
      joinPath(where.projectDir, ".gemini", "settings.json"),
      joinPath(user, "settings.json"),
    ];
    return {
      hookFiles: files,
      mcpFiles: files,
      hookFix:
        "add the hooks of configs/gemini-cli/settings.json to ~/.gemini/settings.json (project hooks run only in trusted folders)",
      mcpFix: "run: gemini mcp add ctx-mode ctx-mode serve",
    };
  },
  unverified: [
    'decision "ask" is typed but its behaviour is not confirmed',
    "MCP tools of a server named ctx-mode are taken to be mcp_ctx-mode_<tool>",
  ],
});
