/**
 * Kimi Code's set-up, described once: hooks as `[[hooks]]` tables in
 * `~/.kimi-code/config.toml` (the only place Kimi reads hooks;
 * `KIMI_CODE_HOME` relocates the folder), the MCP server under `mcpServers`
 * in `mcp.json` (`~/.kimi-code/mcp.json`, or a project's
 * `.kimi-code/mcp.json`), routing instructions in the project's
 * `AGENTS.md`, and where the doctor looks. The user scope writes the hooks
 * and the server; the project scope the project's server and instructions.
 * Off the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { join } from "node:path";
import {
  homeFolder,
  hookLine,
  inHomeFolder,
  instructionsBlock,
  serverCommand,
} from "../_kit/install.ts";
import {
  hookCommand,
  hookHandler,
  hookSpecs,
  matcherOf,
} from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { EVENTS, kimi } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** The hooks ctx-mode registers. */
const HOOKS = hookSpecs(EVENTS, {
  "pre_tool_use": "Bash|Read|Grep|Glob|FetchURL|Agent|Write|Edit|mcp__.*",
}, { timeout: 30 });

/** Kimi Code's user folder: `$KIMI_CODE_HOME`, else `~/.kimi-code`. */
const KIMI_HOME = { folder: ".kimi-code", variable: "KIMI_CODE_HOME" };

/** `$KIMI_CODE_HOME`, else `~/.kimi-code`. */
export function kimiHome(where: TargetWhere): string {
  return homeFolder(where, KIMI_HOME);
}

/** ctx-mode's MCP server entry. */
function server(run: { command: string; args: string[] }): unknown {
  return { ...run, env: {} };
}

/** What `ctx-mode install kimi` writes. */
const install: InstallTarget = {
  name: "kimi",
  title: "Kimi Code",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["kimi"],
  configDirs: (where) => [kimiHome(where)],
  hooksReady: true,
  hooks: HOOKS,
  mcpList: ["kimi", "mcp", "list"],
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const mcp: Registration = {
      kind: "json-member",
      path: scope === "project"
        ? join(where.projectDir, ".kimi-code", "mcp.json")
        : join(kimiHome(where), "mcp.json"),
      format: "json",
      key: ["mcpServers", "ctx-mode"],
      value: server(serverCommand(launch)),
    };
    if (scope === "project") {
      return [mcp, instructionsBlock(join(where.projectDir, "AGENTS.md"))];
    }
    return [
      {
        kind: "toml-hooks",
        path: join(kimiHome(where), "config.toml"),
        array: "hooks",
        agent: "kimi",
        hooks: install.hooksReady ? [...install.hooks] : [],
        launchLine: hookLine(launch),
      },
      mcp,
    ];
  },
};

/** The Kimi Code set-up. */
export const kimiSetup: AgentSetup = defineSetup(kimi, {
  install,
  configFiles: (command) => [{
    name: "config.toml",
    format: "toml",
    holds: ["hooks"],
    ...inHomeFolder(KIMI_HOME, "config.toml"),
    data: {
      hooks: HOOKS.map((hook) => ({
        event: hook.event,
        ...matcherOf(hook),
        ...hookHandler(hook, {
          command: hookCommand(command, "kimi", hook.event),
        }),
      })),
    },
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    project: ".kimi-code/mcp.json",
    ...inHomeFolder(KIMI_HOME, "mcp.json"),
    data: {
      mcpServers: { "ctx-mode": server({ command, args: ["serve"] }) },
    },
  }],
  instructionsFile: "AGENTS.md",
  doctorPlaces: (where, installHint) => ({
    hookFiles: [join(kimiHome(where), "config.toml")],
    mcpFiles: [
      join(kimiHome(where), "mcp.json"),
      join(where.projectDir, ".kimi-code", "mcp.json"),
    ],
    hookFix: installHint,
    mcpFix: installHint,
  }),
  shrinkNote: "none: post-tool events are observe-only",
  unverified: ["whether stdout reaches the context on some events"],
});
