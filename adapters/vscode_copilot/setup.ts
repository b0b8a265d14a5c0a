/**
 * VS Code Copilot's set-up, described once: the hooks in
 * `.github/hooks/ctx-mode.json` (flat entries, a project's only: VS Code
 * also reads `~/.copilot/hooks/`), the MCP server under `servers` in
 * `.vscode/mcp.json` or the profile's `mcp.json`, routing instructions in
 * `.github/copilot-instructions.md`, and where the doctor looks. Off the
 * hook path (see `./adapter.ts`).
 *
 * @module
 */

import { join } from "node:path";
import {
  hookLine,
  instructionsBlock,
  serverCommand,
  xdgConfig,
} from "../_kit/install.ts";
import { eventEntries, hookHandler, hookSpecs } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { EVENTS, vscodeCopilot } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** The hooks ctx-mode registers. */
const HOOKS = hookSpecs(EVENTS, {}, { type: "command", timeout: 30 });

/** VS Code's user folder (its profile), per OS. */
export function vscodeUserDir(where: TargetWhere, os = Deno.build.os): string {
  if (os === "darwin") {
    return join(where.home, "Library", "Application Support", "Code", "User");
  }
  if (os === "windows") {
    return join(
      where.env.APPDATA || join(where.home, "AppData", "Roaming"),
      "Code",
      "User",
    );
  }
  return join(xdgConfig(where), "Code", "User");
}

/** What `ctx-mode install vscode-copilot` writes. */
const install: InstallTarget = {
  name: "vscode-copilot",
  title: "VS Code (Copilot)",
  defaultScope: "project",
  scopes: ["project", "user"],
  binaries: ["code"],
  configDirs: (where) => [vscodeUserDir(where)],
  hooksReady: true,
  hooks: HOOKS,
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const project = scope === "project";
    const projectOnly: Registration[] = [
      {
        kind: "json-hooks",
        path: join(where.projectDir, ".github", "hooks", "ctx-mode.json"),
        format: "json",
        style: "flat",
        root: ["hooks"],
        agent: "vscode-copilot",
        hooks: install.hooksReady ? [...install.hooks] : [],
        launchLine: hookLine(launch),
      },
      instructionsBlock(
        join(where.projectDir, ".github", "copilot-instructions.md"),
      ),
    ];
    return [
      {
        kind: "json-member",
        path: project
          ? join(where.projectDir, ".vscode", "mcp.json")
          : join(vscodeUserDir(where), "mcp.json"),
        format: "jsonc",
        key: ["servers", "ctx-mode"],
        value: { type: "stdio", ...serverCommand(launch) },
      },
      ...(project ? projectOnly : []),
    ];
  },
};

/** The VS Code Copilot set-up. */
export const vscodeCopilotSetup: AgentSetup = defineSetup(vscodeCopilot, {
  install,
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks"],
    project: ".github/hooks/ctx-mode.json",
    user: "~/.copilot/hooks/ctx-mode.json",
    data: {
      hooks: eventEntries(
        HOOKS,
        (hook, line) => hookHandler(hook, { command: line }),
        { command, platform: "vscode-copilot" },
      ),
    },
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    project: ".vscode/mcp.json",
    data: {
      servers: {
        "ctx-mode": { type: "stdio", command, args: ["serve"], env: {} },
      },
    },
  }],
  instructionsFile: ".github/copilot-instructions.md",
  doctorPlaces: (where) => ({
    hookFiles: [
      join(where.projectDir, ".github", "hooks") + "/",
      join(where.projectDir, ".claude", "settings.json"),
      join(where.projectDir, ".claude", "settings.local.json"),
      join(where.home, ".copilot", "hooks") + "/",
    ],
    mcpFiles: [
      join(where.projectDir, ".vscode", "mcp.json"),
      join(where.home, ".config", "Code", "User", "mcp.json"),
    ],
    hookFix:
      "copy configs/vscode-copilot/ctx-mode.json to .github/hooks/ in the workspace",
    mcpFix:
      "add configs/vscode-copilot/mcp.json to .vscode/mcp.json (or run MCP: Add Server)",
  }),
  shrinkNote:
    'none: the `PostToolUse` answer takes `decision: "block"`, a reason and `additionalContext`; that it replaces the result is not documented nor verified',
  unverified: [
    "MCP tool names are taken to be mcp_ctx-mode_<tool> (VS Code sanitises the server label)",
    "updatedInput is dropped when it does not validate against the tool's schema",
  ],
});
