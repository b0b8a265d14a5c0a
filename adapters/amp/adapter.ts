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

import { pluginAdapter } from "../_kit/plugin_hooks.ts";
import type { Adapter } from "../types.ts";

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
});
