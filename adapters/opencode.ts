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
 * with how to run the command by hand.
 *
 * @module
 */

import { joinPath } from "../src/config/path_lite.ts";
import { pluginAdapter, pluginSource } from "./_plugin_kit.ts";
import type { Adapter, DoctorWhere } from "./types.ts";

/** The plugin and config files of OpenCode or a fork, project first. */
export function openCodePlaces(
  where: DoctorWhere,
  folder: { project: string; user: string; configs: readonly string[] },
): { plugins: string[]; mcp: string[] } {
  const configHome = where.env.XDG_CONFIG_HOME ??
    joinPath(where.home, ".config");
  const user = joinPath(configHome, folder.user);
  return {
    plugins: [
      joinPath(where.projectDir, folder.project, "plugins", "ctx-mode.js"),
      joinPath(user, "plugins", "ctx-mode.js"),
    ],
    mcp: [
      ...folder.configs.map((name) => joinPath(where.projectDir, name)),
      ...folder.configs.map((name) =>
        joinPath(where.projectDir, folder.project, name)
      ),
      ...folder.configs.map((name) => joinPath(user, name)),
    ],
  };
}

/** OpenCode's MCP entry (`mcp.<name>` with the command as one array). */
export function openCodeMcp(command: readonly string[]): unknown {
  return {
    "$schema": "https://opencode.ai/config.json",
    mcp: {
      "ctx-mode": {
        type: "local",
        command: [...command, "serve"],
        enabled: true,
      },
    },
  };
}

/** The tools of OpenCode (and its forks) by kind. */
export const OPENCODE_TOOLS = {
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
  mcpConfig: openCodeMcp,
  instructionsFile: "AGENTS.md",
  pluginFiles: async (command) => ({
    "plugins/ctx-mode.js": await pluginSource(
      "./plugins/opencode.js",
      command,
      { PLATFORM: "opencode" },
    ),
  }),
  places: (where) =>
    openCodePlaces(where, {
      project: ".opencode",
      user: "opencode",
      configs: ["opencode.json", "opencode.jsonc"],
    }),
});
