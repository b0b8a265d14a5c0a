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

import { mcpOnlyAdapter } from "../_kit/mcp_only.ts";
import type { Adapter } from "../types.ts";

/** The Zed adapter. */
export const zed: Adapter = mcpOnlyAdapter("zed");
