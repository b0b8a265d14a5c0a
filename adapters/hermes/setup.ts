/**
 * Hermes Agent's set-up (shell hooks), described once, with what its
 * Python plugin (`../hermes_plugin/setup.ts`) shares. User scope only
 * (`HERMES_HOME` relocates `~/.hermes`); both register the MCP server under
 * `mcp_servers` in `config.yaml`:
 *
 * - `hermes`: shell hooks under `hooks.<event>` in `config.yaml` (Hermes asks
 *   the user to accept each new hook on its first run);
 * - `hermes-plugin`: the Python plugin in `plugins/ctx-mode/`, switched on in
 *   `plugins.enabled`; it can also rewrite what a tool returns.
 *
 * Installing one switches the other's hooks off, so that no event runs
 * ctx-mode twice. Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { join } from "node:path";
import {
  homeFolder,
  hookLine,
  inHomeFolder,
  serverCommand,
} from "../_kit/install.ts";
import { eventEntries, hookHandler, hookSpecs } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { EVENTS, hermes } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** The shell hooks ctx-mode registers. */
const HOOKS = hookSpecs(EVENTS, {}, { timeout: 30 });

/** Hermes's user folder: `$HERMES_HOME`, else `~/.hermes`. */
const HERMES_HOME = { folder: ".hermes", variable: "HERMES_HOME" };

/** `$HERMES_HOME`, else `~/.hermes`. */
export function hermesHome(where: TargetWhere): string {
  return homeFolder(where, HERMES_HOME);
}

function configFile(where: TargetWhere): string {
  return join(hermesHome(where), "config.yaml");
}

/** ctx-mode's MCP server entry. */
function server(run: { command: string; args: string[] }): unknown {
  return { ...run, timeout: 120 };
}

/** The MCP server in `config.yaml`, which both ways write. */
export function hermesServer(
  { where, launch }: RegistrationInput,
): Registration {
  return {
    kind: "yaml-member",
    path: configFile(where),
    key: ["mcp_servers", "ctx-mode"],
    value: server(serverCommand(launch)) as Record<string, unknown>,
    shared: true,
  };
}

/** The shell hooks; superseded: removed on install, left on uninstall. */
export function hermesShellHooks(
  { where, launch }: RegistrationInput,
  supersede: boolean,
): Registration {
  return {
    kind: "yaml-hooks",
    path: configFile(where),
    root: ["hooks"],
    agent: "hermes",
    hooks: supersede ? [] : [...HOOKS],
    launchLine: hookLine(launch),
    supersede,
  };
}

/** The plugin's switch in `plugins.enabled`; superseded as above. */
export function hermesPluginSwitch(
  where: TargetWhere,
  supersede: boolean,
): Registration {
  return {
    kind: "yaml-item",
    path: configFile(where),
    key: ["plugins", "enabled"],
    item: "ctx-mode",
    supersede,
  };
}

/** What `ctx-mode install hermes` writes. */
const install: InstallTarget = {
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
      hermesServer(input),
      hermesShellHooks(input, false),
      hermesPluginSwitch(input.where, true),
    ];
  },
};

/** The Hermes Agent set-up. */
export const hermesSetup: AgentSetup = defineSetup(hermes, {
  install,
  configFiles: (command) => [{
    name: "config.yaml",
    format: "yaml",
    holds: ["hooks", "mcp"],
    ...inHomeFolder(HERMES_HOME, "config.yaml"),
    data: {
      hooks: eventEntries(
        HOOKS,
        (hook, line) => hookHandler(hook, { command: line }),
        { command, platform: "hermes" },
      ),
      "mcp_servers": {
        "ctx-mode": server({ command, args: ["serve"] }),
      },
    },
  }],
  instructionsFile: "AGENTS.md",
  doctorPlaces: (where, installHint) => ({
    hookFiles: [configFile(where)],
    mcpFiles: [configFile(where)],
    hookFix: `${installHint} and accept the hooks on first run`,
    mcpFix: installHint,
  }),
  unverified: [
    "post_tool_call and on_session_start as shell-hook event names",
    "search_files as the search tool",
    "the key of post_tool_call's result (result, else tool_response)",
    "MCP tools are taken to be mcp_ctx-mode_<tool>",
  ],
});
