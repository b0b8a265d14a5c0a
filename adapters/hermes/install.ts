/**
 * Hermes Agent, two ways, user scope only (`HERMES_HOME` relocates
 * `~/.hermes`); both register the MCP server under `mcp_servers` in
 * `config.yaml`:
 *
 * - `hermes`: shell hooks under `hooks.<event>` in `config.yaml` (Hermes asks
 *   the user to accept each new hook on its first run);
 * - `hermes-plugin`: the Python plugin in `plugins/ctx-mode/`, switched on in
 *   `plugins.enabled`; it can also rewrite what a tool returns.
 *
 * Installing one switches the other's hooks off, so that no event runs
 * ctx-mode twice. Data only.
 *
 * @module
 */

import { join } from "node:path";
import {
  hookLine,
  pluginRegistrations,
  serverCommand,
} from "../_kit/install.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";

/** `$HERMES_HOME`, else `~/.hermes`. */
export function hermesHome(where: TargetWhere): string {
  return where.env.HERMES_HOME || join(where.home, ".hermes");
}

const HOOKS = [
  "pre_tool_call",
  "post_tool_call",
  "on_session_start",
  "pre_llm_call",
]
  .map((event) => ({ event, extra: { timeout: 30 } }));

function config(where: TargetWhere): string {
  return join(hermesHome(where), "config.yaml");
}

function server({ where, launch }: RegistrationInput): Registration {
  return {
    kind: "yaml-member",
    path: config(where),
    key: ["mcp_servers", "ctx-mode"],
    value: { ...serverCommand(launch), timeout: 120 },
    shared: true,
  };
}

function shellHooks(
  { where, launch }: RegistrationInput,
  supersede: boolean,
): Registration {
  return {
    kind: "yaml-hooks",
    path: config(where),
    root: ["hooks"],
    agent: "hermes",
    hooks: supersede ? [] : [...HOOKS],
    launchLine: hookLine(launch),
    supersede,
  };
}

function pluginSwitch(where: TargetWhere, supersede: boolean): Registration {
  return {
    kind: "yaml-item",
    path: config(where),
    key: ["plugins", "enabled"],
    item: "ctx-mode",
    supersede,
  };
}

/** Hermes Agent, shell hooks. */
export const hermes: InstallTarget = {
  name: "hermes",
  title: "Hermes Agent (shell hooks)",
  defaultScope: "user",
  scopes: ["user"],
  binaries: ["hermes"],
  configDirs: (where) => [hermesHome(where)],
  hooksReady: true,
  hooks: HOOKS,
  notice:
    "Hermes asks you to accept each new hook on its first run (HERMES_ACCEPT_HOOKS=1 accepts them)",
  registrations(input: RegistrationInput): Registration[] {
    return [
      server(input),
      shellHooks(input, false),
      pluginSwitch(input.where, true),
    ];
  },
};

/** Hermes Agent, Python plugin. */
export const hermesPlugin: InstallTarget = {
  name: "hermes-plugin",
  title: "Hermes Agent (Python plugin)",
  defaultScope: "user",
  scopes: ["user"],
  binaries: [],
  configDirs: () => [],
  notice: "restart Hermes to load the plugin (hermes plugins list shows it)",
  hooksReady: true,
  hooks: [],
  registrations(input: RegistrationInput): Registration[] {
    return [
      server(input),
      pluginSwitch(input.where, false),
      shellHooks(input, true),
      ...pluginRegistrations(input.pluginFiles, hermesHome(input.where)),
    ];
  },
};
