/**
 * Cursor's set-up, described once: the hooks in `hooks.json` and the MCP
 * server in `mcp.json` (`.cursor/` in the project or the home folder), the
 * rules file `.cursor/rules/ctx-mode.mdc` (install writes the project's
 * `AGENTS.md`, which Cursor also reads), and where the doctor looks. Off
 * the hook path (see `./adapter.ts`).
 *
 * @module
 */

import { join } from "node:path";
import { hookLine, instructionsBlock, serverCommand } from "../_kit/install.ts";
import {
  eventEntries,
  hookHandler,
  hookSpecs,
  matcherOf,
} from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { cursor, EVENTS } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  Scope,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** The hooks ctx-mode registers. */
const HOOKS = hookSpecs(EVENTS, {
  "pre_tool_use": "Shell|Read|Grep|Glob|WebFetch|Task|Write|Edit|MCP:.*",
}, { timeout: 30 });

/** Cursor's folder for a scope: `.cursor/` in the project or the home folder. */
function cursorDir(scope: Scope, where: TargetWhere): string {
  return join(scope === "project" ? where.projectDir : where.home, ".cursor");
}

/** What `ctx-mode install cursor` writes. */
const install: InstallTarget = {
  name: "cursor",
  title: "Cursor",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["cursor", "cursor-agent"],
  configDirs: (where) => [cursorDir("user", where)],
  hooksReady: true,
  hooks: HOOKS,
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const dir = cursorDir(scope, where);
    return [
      {
        kind: "json-member",
        path: join(dir, "mcp.json"),
        format: "json",
        key: ["mcpServers", "ctx-mode"],
        value: serverCommand(launch),
      },
      {
        kind: "json-hooks",
        path: join(dir, "hooks.json"),
        format: "json",
        style: "flat",
        root: ["hooks"],
        agent: "cursor",
        hooks: install.hooksReady ? [...install.hooks] : [],
        preamble: { version: 1 },
        launchLine: hookLine(launch),
      },
      ...(scope === "project"
        ? [instructionsBlock(join(where.projectDir, "AGENTS.md"))]
        : []),
    ];
  },
};

/** The Cursor set-up. */
export const cursorSetup: AgentSetup = defineSetup(cursor, {
  install,
  configFiles: (command) => [{
    name: "hooks.json",
    format: "json",
    holds: ["hooks"],
    project: ".cursor/hooks.json",
    user: "~/.cursor/hooks.json",
    data: {
      version: 1,
      hooks: eventEntries(
        HOOKS,
        (hook, line) =>
          hookHandler(hook, { command: line, ...matcherOf(hook) }),
        { command, platform: "cursor" },
      ),
    },
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    project: ".cursor/mcp.json",
    user: "~/.cursor/mcp.json",
    data: { mcpServers: { "ctx-mode": { command, args: ["serve"], env: {} } } },
  }],
  instructionsFile: ".cursor/rules/ctx-mode.mdc",
  instructionsText: (text) =>
    `---\ndescription: ctx-mode routing\nalwaysApply: true\n---\n\n${text}`,
  doctorPlaces: (where) => ({
    hookFiles: [
      join(cursorDir("project", where), "hooks.json"),
      join(cursorDir("user", where), "hooks.json"),
    ],
    mcpFiles: [
      join(cursorDir("project", where), "mcp.json"),
      join(cursorDir("user", where), "mcp.json"),
    ],
    hookFix:
      "add configs/cursor/hooks.json to ~/.cursor/hooks.json (not also to .claude/settings.json, or each hook runs twice)",
    mcpFix: "add configs/cursor/mcp.json to ~/.cursor/mcp.json",
  }),
  shrinkNote:
    "MCP tools' results only, through `updated_mcp_tool_output` (one text block); Cursor reduces the answer for its own tools (Shell, Read, Grep\u2026) to `additional_context`, so theirs reach the model whole; from Cursor's hooks reference, not verified on a live install",
  shrinkScope: "MCP only",
  unverified: [
    'permission "ask" on preToolUse is reported ignored: ctx-mode denies instead',
    "preCompact and sessionStart payloads (sources disagree); sessionStart output is reported as sometimes ignored",
    "MCP tool names: MCP:<tool> or MCP:<server>:<tool>",
  ],
});
