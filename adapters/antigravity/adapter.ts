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

import { mcpOnlyAdapter } from "../_kit/mcp_only.ts";
import type { Adapter } from "../types.ts";

/** The Antigravity IDE adapter. */
export const antigravity: Adapter = mcpOnlyAdapter("antigravity");
