/**
 * Zed: MCP only. ctx-mode is a context server in Zed's settings
 * (`context_servers`, in `.zed/settings.json` or `~/.config/zed/settings.json`,
 * a JSONC file), and the routing text goes into `.rules`, which Zed's agent
 * reads as project rules. Agents Zed runs through ACP (Claude Code, Gemini
 * CLI, Codex) keep their own hooks. High confidence for MCP (Zed's docs);
 * its MCP client name (`Zed`) is low.
 *
 * @module
 */

import { joinPath } from "../src/config/path_lite.ts";
import { mcpOnlyAdapter } from "./_mcp_only.ts";
import type { Adapter } from "./types.ts";

/** The Zed adapter. */
export const zed: Adapter = mcpOnlyAdapter({
  name: "zed",
  mcpConfig: (command) => ({
    "context_servers": {
      "ctx-mode": {
        command: command[0],
        args: [...command.slice(1), "serve"],
        env: {},
      },
    },
  }),
  instructionsFile: ".rules",
  places: (where) => [
    joinPath(where.projectDir, ".zed", "settings.json"),
    joinPath(
      where.env.XDG_CONFIG_HOME ?? joinPath(where.home, ".config"),
      "zed",
      "settings.json",
    ),
  ],
  hint: "run: ctx-mode install zed",
});
