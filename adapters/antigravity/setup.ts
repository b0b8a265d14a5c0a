/**
 * Antigravity IDE's set-up: its MCP registration, rules file and where the doctor
 * looks. Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { mcpOnlySetup } from "../_kit/mcp_only_setup.ts";
import type { AgentSetup } from "../types.ts";

/** The Antigravity IDE set-up. */
export const antigravitySetup: AgentSetup = mcpOnlySetup({
  name: "antigravity",
  mcpConfig: (command) => ({
    mcpServers: {
      "ctx-mode": { command: command[0], args: [...command.slice(1), "serve"] },
    },
  }),
  instructionsFile: "AGENTS.md",
  places: (where) => [
    joinPath(where.home, ".gemini", "antigravity", "mcp_config.json"),
    joinPath(where.home, ".gemini", "config", "mcp_config.json"),
  ],
  hint: "run: ctx-mode install antigravity",
});
