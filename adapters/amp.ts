/**
 * Amp: a plugin (`configs/amp/plugins/ctx-mode.js`, loaded when Amp runs
 * with `PLUGINS=all`) handles `tool.call` (returns `reject-and-continue` with
 * the reason to block), `tool.result`, `session.start` and `agent.start`.
 * Amp's plugin API is experimental: rewriting input and adding context are
 * not confirmed, so a redirect blocks with its reason and notes are not
 * shown; shell commands are recognised through Amp's own helper, since its
 * tool names are not documented (medium confidence overall).
 *
 * @module
 */

import { joinPath } from "../src/config/path_lite.ts";
import { pluginAdapter, pluginSource } from "./_plugin_kit.ts";
import type { Adapter } from "./types.ts";

/** The Amp adapter. */
export const amp: Adapter = pluginAdapter({
  name: "amp",
  title: "Amp",
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: false,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: false,
    modifyOutput: false,
    injectContext: false,
    block: true,
    ask: false,
  },
  toolKinds: {
    Bash: "shell",
    Read: "read",
    Grep: "grep",
    glob: "grep",
    "read_web_page": "fetch",
    Task: "task",
    "edit_file": "edit",
    "create_file": "edit",
  },
  pathKeys: ["path", "file_path"],
  mcpConfig: (command) => ({
    "amp.mcpServers": {
      "ctx-mode": { command: command[0], args: [...command.slice(1), "serve"] },
    },
  }),
  instructionsFile: "AGENTS.md",
  pluginFiles: async (command) => ({
    "plugins/ctx-mode.js": await pluginSource("./plugins/amp.js", command, {
      PLATFORM: "amp",
    }),
  }),
  places: (where) => {
    const config = joinPath(
      where.env.XDG_CONFIG_HOME ?? joinPath(where.home, ".config"),
      "amp",
    );
    return {
      plugins: [
        joinPath(where.projectDir, ".amp", "plugins", "ctx-mode.js"),
        joinPath(config, "plugins", "ctx-mode.js"),
      ],
      mcp: [
        joinPath(where.projectDir, ".amp", "settings.json"),
        joinPath(config, "settings.json"),
      ],
    };
  },
});
