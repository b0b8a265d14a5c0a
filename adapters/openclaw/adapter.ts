/**
 * OpenClaw: a plugin entry (`configs/openclaw/extensions/ctx-mode/`) handles
 * `before_tool_call` (returns `{block, blockReason}` or `{params}`),
 * `after_tool_call`, the compaction and session events, and
 * `before_prompt_build` (prepends the routing block, the session guide or a
 * note). Hook shapes high confidence; the non-`exec` tool names and the MCP
 * tool names on the wire are low.
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
    modifyOutput: false,
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
