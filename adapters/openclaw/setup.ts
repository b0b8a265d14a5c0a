/**
 * OpenClaw's set-up, described once, user scope: the plugin (from
 * `plugin.js`) in `<state>/extensions/ctx-mode/` (`OPENCLAW_STATE_DIR`,
 * default `~/.openclaw`), switched on under `plugins.entries.ctx-mode`, and
 * the MCP server under `mcp.servers` in `openclaw.json` (JSON5: unquoted keys,
 * comments and trailing commas kept; `OPENCLAW_CONFIG_PATH` relocates it). Routing instructions come
 * from the plugin, which adds them to the prompt. Off the hook path (see
 * `./adapter.ts`).
 *
 * @module
 */

import { join } from "node:path";
import { joinPath } from "../../src/config/path_lite.ts";
import {
  atKey,
  pluginRegistrations,
  serverArgv,
  serverCommand,
} from "../_kit/install.ts";
import { pluginSetup, pluginSource } from "../_kit/plugin_setup.ts";
import { openClaw } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** Where `openclaw.json` holds ctx-mode's server. */
const MCP_KEY = ["mcp", "servers", "ctx-mode"];

function stateDir(where: TargetWhere): string {
  return where.env.OPENCLAW_STATE_DIR || join(where.home, ".openclaw");
}

/** What `ctx-mode install openclaw` writes. */
const install: InstallTarget = {
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
        format: "json5",
        key: MCP_KEY,
        value: serverCommand(launch),
      },
      {
        kind: "json-member",
        path: config,
        format: "json5",
        key: ["plugins", "entries", "ctx-mode"],
        value: { enabled: true },
      },
      ...pluginRegistrations(pluginFiles, stateDir(where)),
    ];
  },
};

/** The openClaw set-up. */
export const openClawSetup: AgentSetup = pluginSetup(openClaw, {
  install,
  mcpConfig: (command) => atKey(MCP_KEY, serverArgv(command)),
  instructionsFile: "AGENTS.md",
  shrinkNote:
    "every tool's result in the embedded (`openclaw`) runtime, by a tool-result middleware (`api.registerAgentToolResultMiddleware`, declared in the manifest's `contracts.agentToolResultMiddleware`) whose `{result: {content}}` is what the model gets (read in openclaw 2026.9.6; not run live: it needs Node 24); `after_tool_call` only observes; the middleware never throws, since OpenClaw answers a failed one with \"Tool output unavailable\"",
  pluginFiles: async (command) => ({
    "extensions/ctx-mode/index.js": await pluginSource(
      "./openclaw/plugin.js",
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
          // The plugin's tool-result middleware, which puts a shrunk view in
          // place of a bulky result (OpenClaw 2026.9.6 refuses an undeclared one).
          contracts: { agentToolResultMiddleware: ["openclaw"] },
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
    // `??`, not install's `||`: an empty variable is taken as set here.
    const state = where.env.OPENCLAW_STATE_DIR ??
      joinPath(where.home, ".openclaw");
    return {
      plugins: [joinPath(state, "extensions", "ctx-mode", "index.js")],
      mcp: [where.env.OPENCLAW_CONFIG_PATH ?? joinPath(state, "openclaw.json")],
    };
  },
});
