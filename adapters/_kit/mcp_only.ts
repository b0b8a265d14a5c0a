/**
 * Agents that speak MCP only (Zed, Antigravity IDE): no hooks, so no routing
 * or guard on their own tools; ctx-mode reaches them as an MCP server and a
 * rules file, and the doctor checks both (`mcp_only_setup.ts`).
 *
 * @module
 */

import type { Adapter, HookOutput } from "../types.ts";

const PASS: HookOutput = { stdout: "", exitCode: 0 };

/**
 * The adapter of an MCP-only agent.
 *
 * @param name The agent's name.
 * @returns The adapter (its hook events: none).
 */
export function mcpOnlyAdapter(name: string): Adapter {
  return {
    name,
    paradigm: "mcp-only",
    capabilities: {
      preTool: false,
      postTool: false,
      preCompact: false,
      sessionStart: false,
      userPrompt: false,
      modifyArgs: false,
      modifyOutput: false,
      injectContext: false,
      block: false,
      ask: false,
    },
    event: () => undefined,
    parse() {
      throw new TypeError(
        `Cannot read a ${name} payload: it has no hooks`,
      );
    },
    format: () => PASS,
    passThrough: () => PASS,
  };
}
