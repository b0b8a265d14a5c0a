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

import { joinPath } from "../src/config/path_lite.ts";
import { pluginAdapter, pluginSource } from "./_plugin_kit.ts";
import type { Adapter } from "./types.ts";

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
  mcpConfig: (command) => ({
    mcp: {
      servers: {
        "ctx-mode": {
          command: command[0],
          args: [...command.slice(1), "serve"],
        },
      },
    },
  }),
  instructionsFile: "AGENTS.md",
  pluginFiles: async (command) => ({
    "extensions/ctx-mode/index.js": await pluginSource(
      "./plugins/openclaw.js",
      command,
      { PLATFORM: "openclaw" },
    ),
    "extensions/ctx-mode/openclaw.plugin.json": `${
      JSON.stringify(
        {
          id: "ctx-mode",
          name: "ctx-mode",
          description:
            "Keeps bulky tool output out of the context; blocks destructive commands",
          configSchema: { type: "object", properties: {} },
        },
        null,
        2,
      )
    }\n`,
    "extensions/ctx-mode/package.json": `${
      JSON.stringify(
        {
          name: "ctx-mode-openclaw",
          private: true,
          type: "module",
          openclaw: { extensions: ["./index.js"] },
        },
        null,
        2,
      )
    }\n`,
  }),
  places: (where) => {
    const state = where.env.OPENCLAW_STATE_DIR ??
      joinPath(where.home, ".openclaw");
    return {
      plugins: [joinPath(state, "extensions", "ctx-mode", "index.js")],
      mcp: [where.env.OPENCLAW_CONFIG_PATH ?? joinPath(state, "openclaw.json")],
    };
  },
});
