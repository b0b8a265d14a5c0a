/**
 * OpenCode: an in-process plugin (`configs/opencode/plugins/ctx-mode.js`,
 * copied to `.opencode/plugins/` or `~/.config/opencode/plugins/`) forwards
 * `tool.execute.before`/`after`, `chat.message`, the compaction hook and the
 * session bus events to the hook channel. It blocks by throwing, rewrites by
 * mutating `output.args`, appends notes to the tool's output and pushes the
 * routing block or session guide into the next system prompt.
 *
 * Facts from OpenCode's plugin API (`packages/plugin/src/index.ts`): hook
 * names and shapes high confidence; bash's argument keys and the system
 * transform's input keys medium. A plugin cannot ask the user: an ask blocks
 * with how to run the command by hand. KiloCode, a fork, is here too.
 *
 * Shrinking: `tool.execute.after` gets the very object the tool returns and
 * OpenCode hands on (read in `opencode-ai` 1.18.33 and `@kilocode/cli`
 * 7.7.7, the session's tool wrappers): the plugin sets `output.output` (a
 * built-in tool's text) or an MCP tool's `content` blocks to the view, and
 * leaves `title` and `metadata` (the UI's) alone. OpenCode truncates a long
 * built-in result itself before the hook (2,000 lines or 50 KB, the rest in a
 * file it names), so what is shrunk there is what the model would have got.
 *
 * @module
 */

import { pluginAdapter } from "../_kit/plugin_hooks.ts";
import type { Adapter } from "../types.ts";

/** The tools of OpenCode (and its forks) by kind. */
const OPENCODE_TOOLS = {
  bash: "shell",
  read: "read",
  grep: "grep",
  glob: "grep",
  list: "grep",
  webfetch: "fetch",
  task: "task",
  write: "edit",
  edit: "edit",
  "apply_patch": "edit",
} as const;

/** The OpenCode adapter. */
export const openCode: Adapter = pluginAdapter({
  name: "opencode",
  title: "OpenCode",
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
  toolKinds: OPENCODE_TOOLS,
  serverToolName: (tool) => `ctx-mode_${tool}`,
  mcpPrefix: "ctx-mode_",
  pathKeys: ["filePath", "path"],
});

/**
 * The KiloCode adapter. KiloCode (Kilo CLI and its VS Code extension) is a
 * fork of OpenCode with the same plugin API, so it gets OpenCode's plugin,
 * asking for `kilocode`.
 * Plugins load from `.kilo/plugins/` (project) and `~/.config/kilo/plugins/`;
 * its config is `kilo.json`/`kilo.jsonc` (project root or `.kilo/`, and
 * `~/.config/kilo/`). Medium confidence: the fork is documented as plugin
 * compatible, and the folders come from its docs and third-party installers.
 */
export const kiloCode: Adapter = pluginAdapter({
  name: "kilocode",
  title: "KiloCode",
  capabilities: openCode.capabilities,
  toolKinds: OPENCODE_TOOLS,
  serverToolName: (tool) => `ctx-mode_${tool}`,
  mcpPrefix: "ctx-mode_",
  pathKeys: ["filePath", "path"],
});
