/**
 * OpenClaw, user scope: the plugin in `<state>/extensions/ctx-mode/`
 * (`OPENCLAW_STATE_DIR`, default `~/.openclaw`), switched on under
 * `plugins.entries.ctx-mode`, and the MCP server under `mcp.servers` in
 * `openclaw.json` (JSON5, read here as JSONC; `OPENCLAW_CONFIG_PATH`
 * relocates it). Routing instructions come from the plugin, which adds them
 * to the prompt.
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import { pluginRegistrations, serverCommand } from "../_kit/install.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";

function stateDir(where: TargetWhere): string {
  return where.env.OPENCLAW_STATE_DIR || join(where.home, ".openclaw");
}

/** OpenClaw. */
export const openClaw: InstallTarget = {
  name: "openclaw",
  title: "OpenClaw",
  defaultScope: "user",
  scopes: ["user"],
  binaries: ["openclaw"],
  configDirs: (where) => [stateDir(where)],
  hooksReady: true,
  hooks: [],
  registrations(
    { where, launch, pluginFiles }: RegistrationInput,
  ): Registration[] {
    const config = where.env.OPENCLAW_CONFIG_PATH ||
      join(stateDir(where), "openclaw.json");
    return [
      {
        kind: "json-member",
        path: config,
        format: "jsonc",
        key: ["mcp", "servers", "ctx-mode"],
        value: serverCommand(launch),
      },
      {
        kind: "json-member",
        path: config,
        format: "jsonc",
        key: ["plugins", "entries", "ctx-mode"],
        value: { enabled: true },
      },
      ...pluginRegistrations(pluginFiles, stateDir(where)),
    ];
  },
};
