/**
 * Pi (`badlogic/pi-mono` coding agent) and OMP (oh-my-pi, its fork): an
 * extension (`configs/<agent>/extensions/ctx-mode.js`) handles `tool_call`
 * (returns `{block, reason}`), `tool_result` (appends notes), the session and
 * compaction events, and `before_agent_start` (injects the routing block or
 * session guide as a hidden message).
 *
 * Pi's extension also registers ctx-mode's tools (Pi 1.6 has MCP, which
 * ctx-mode leaves unused: see docs/agents.md) through
 * `pi.registerTool`, each running the ctx-mode command line (parameter
 * schemas as plain JSON Schema; Pi documents TypeBox, which produces the
 * same objects — medium confidence). OMP has MCP and can rewrite a call's
 * input (`{input}`); Pi's rewrite is undocumented, so a redirect blocks with
 * the reason there.
 *
 * Shrinking: `tool_result` handlers may return `{content}`, which replaces
 * the content blocks the model gets (read in `@mariozechner/pi-coding-agent`
 * 0.73.1, `ExtensionRunner.emitToolResult` and `agent-session.js`
 * `afterToolCall`; and in `@oh-my-pi/pi-coding-agent` 18.3.4,
 * `extensions/wrapper.ts`, where a failed call keeps its error flag and
 * carries the new content). The extension puts the view there as one text
 * block, leaves `details` (the UI's) and `isError` alone.
 *
 * @module
 */

import { pluginAdapter } from "../_kit/plugin_hooks.ts";
import type { Adapter, Capabilities } from "../types.ts";

const TOOLS = {
  bash: "shell",
  read: "read",
  grep: "grep",
  find: "grep",
  ls: "grep",
  fetch: "fetch",
  task: "task",
  write: "edit",
  edit: "edit",
} as const;

function capabilities(rewrite: boolean): Capabilities {
  return {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: rewrite,
    modifyOutput: true,
    injectContext: true,
    block: true,
    ask: false,
  };
}

/** The Pi adapter. */
export const pi: Adapter = pluginAdapter({
  name: "pi",
  title: "Pi",
  capabilities: capabilities(false),
  toolKinds: TOOLS,
  pathKeys: ["path"],
  // Its extension registers ctx-mode's tools (no MCP server, so no heartbeat).
  serverToolsBuiltIn: true,
});

/** The OMP (oh-my-pi) adapter. */
export const omp: Adapter = pluginAdapter({
  name: "omp",
  title: "OMP",
  capabilities: capabilities(true),
  toolKinds: TOOLS,
  // OMP names MCP tools `mcp__<server>_<tool>`, the server's name lower-cased with `-` as `_`.
  serverToolName: (tool) => `mcp__ctx_mode_${tool}`,
  mcpPrefix: "mcp__ctx_mode_",
  pathKeys: ["path"],
});
