/**
 * Antigravity IDE: MCP only (its CLI, `agy`, has hooks: the
 * `antigravity-cli` platform). ctx-mode is an MCP server in
 * `~/.gemini/antigravity/mcp_config.json` (some builds read
 * `~/.gemini/config/mcp_config.json`), key `mcpServers`; the routing text
 * goes into `AGENTS.md`. Low to medium confidence: no official reference was
 * found, only consistent third-party notes.
 *
 * @module
 */

import { joinPath } from "../src/config/path_lite.ts";
import { mcpOnlyAdapter } from "./_mcp_only.ts";
import type { Adapter } from "./types.ts";

/** The Antigravity IDE adapter. */
export const antigravity: Adapter = mcpOnlyAdapter({
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
