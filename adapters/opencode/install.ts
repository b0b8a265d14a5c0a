/**
 * OpenCode: the MCP server under `mcp` in the JSONC `opencode.json` (the
 * project's, or `~/.config/opencode/opencode.json`), as a `local` server
 * whose `command` is one array; routing instructions in `AGENTS.md`.
 * OpenCode's hooks are an in-process plugin, not commands: its file goes to
 * `.opencode/plugins/` (project) or `~/.config/opencode/plugins/` (user).
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import {
  instructionsBlock,
  serverCommand,
  xdgConfig,
} from "../_kit/install.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
} from "../../src/install/types.ts";

/** OpenCode. */
export const opencode: InstallTarget = {
  name: "opencode",
  title: "OpenCode",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["opencode"],
  configDirs: (where) => [join(xdgConfig(where), "opencode")],
  hooksReady: false,
  hooks: [],
  mcpList: ["opencode", "mcp", "list"],
  registrations(
    { scope, where, launch, pluginFiles }: RegistrationInput,
  ): Registration[] {
    const dir = scope === "project"
      ? where.projectDir
      : join(xdgConfig(where), "opencode");
    const { command, args } = serverCommand(launch);
    return [
      {
        kind: "json-member",
        path: join(dir, "opencode.json"),
        format: "jsonc",
        key: ["mcp", "ctx-mode"],
        value: { type: "local", command: [command, ...args], enabled: true },
      },
      instructionsBlock(join(dir, "AGENTS.md")),
      // The plugin: in `.opencode/` for a project, beside the config for the user.
      ...Object.entries(pluginFiles ?? {}).map((
        [name, text],
      ): Registration => ({
        kind: "owned-file",
        path: join(scope === "project" ? join(dir, ".opencode") : dir, name),
        text,
      })),
    ];
  },
};
