/**
 * Zed's set-up: its MCP registration, rules file and where the doctor
 * looks. Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { mcpOnlySetup } from "../_kit/mcp_only_setup.ts";
import type { AgentSetup } from "../types.ts";

/** The Zed set-up. */
export const zedSetup: AgentSetup = mcpOnlySetup({
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
