/**
 * OpenClaw: a plugin entry (`configs/openclaw/extensions/ctx-mode/`) handles
 * `before_tool_call` (returns `{block, blockReason}` or `{params}`),
 * `after_tool_call`, the compaction and session events, and
 * `before_prompt_build` (prepends the routing block, the session guide or a
 * note). Hook shapes high confidence; the non-`exec` tool names and the MCP
 * tool names on the wire are low.
 *
 * Shrinking: `after_tool_call` only observes, but the plugin also registers
 * a tool-result middleware (`api.registerAgentToolResultMiddleware`, for the
 * `openclaw` runtime; read in `openclaw` 2026.9.6,
 * `agents/harness/tool-result-middleware.ts` and the embedded runner's
 * `tool_result` extension), whose `{result: {content}}` is what the model
 * gets. The manifest declares it (`contracts.agentToolResultMiddleware`), and
 * the plugin must be enabled explicitly (`plugins.entries.ctx-mode`, which
 * install writes). Older OpenClaw without the middleware: results stay whole.
 *
 * @module
 */

import { pluginAdapter } from "../_kit/plugin_hooks.ts";
import type { Adapter } from "../types.ts";

/** The OpenClaw adapter. */
export const openClaw: Adapter = pluginAdapter({
  name: "openclaw",
  title: "OpenClaw",
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: true,
    modifyOutput: true,
    injectContext: true,
    block: true,
    ask: false,
  },
  toolKinds: {
    exec: "shell",
    read: "read",
    "web_fetch": "fetch",
    write: "edit",
    edit: "edit",
    "apply_patch": "edit",
    "sessions_spawn": "task",
  },
  pathKeys: ["path", "file_path", "filePath"],
});
