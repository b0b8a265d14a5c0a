/**
 * Kiro CLI's set-up, described once. Hooks exist only inside a custom
 * agent, so ctx-mode writes its own agent, `ctx-mode.json` in
 * `.kiro/agents/` (project) or `~/.kiro/agents/` (user), with its MCP
 * server, hooks and steering file (start it with `kiro-cli chat --agent
 * ctx-mode`, or make it the default agent). The MCP server also goes into
 * `.kiro/settings/mcp.json` for the other agents, and the routing
 * instructions into the steering file `.kiro/steering/ctx-mode.md`
 * (steering is always included by default). Off the hook path (see
 * `./adapter.ts`).
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
import { EVENTS, kiro } from "./adapter.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  Scope,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** The hooks ctx-mode registers in its agent. */
const HOOKS = hookSpecs(EVENTS, {
  "pre_tool_use": "*",
  "post_tool_use": "*",
}, { "timeout_ms": 30000 });

/** Kiro's folder for a scope: `.kiro/` in the project or the home folder. */
function kiroDir(scope: Scope, where: TargetWhere): string {
  return join(scope === "project" ? where.projectDir : where.home, ".kiro");
}

/** The members of ctx-mode's agent file before its hooks, in order. */
function agentMembers(
  scope: Scope,
  server: { command: string; args: string[] },
): Array<[string, unknown]> {
  return [
    ["name", "ctx-mode"],
    [
      "description",
      "The default agent with ctx-mode's routing, safety guard and session memory",
    ],
    ["mcpServers", { "ctx-mode": server }],
    ["tools", ["*"]],
    ["resources", [
      scope === "project"
        ? "file://.kiro/steering/ctx-mode.md"
        : "file://~/.kiro/steering/ctx-mode.md",
    ]],
  ];
}

/** What `ctx-mode install kiro` writes. */
const install: InstallTarget = {
  name: "kiro",
  title: "Kiro CLI",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["kiro-cli"],
  configDirs: (where) => [kiroDir("user", where)],
  hooksReady: true,
  hooks: HOOKS,
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const dir = kiroDir(scope, where);
    const agent = join(dir, "agents", "ctx-mode.json");
    return [
      ...agentMembers(scope, serverCommand(launch)).map((
        [key, value],
      ): Registration => ({
        kind: "json-member",
        path: agent,
        format: "json",
        // The server alone is ctx-mode's entry; the rest is the agent's own file.
        key: key === "mcpServers" ? [key, "ctx-mode"] : [key],
        value: key === "mcpServers"
          ? (value as Record<string, unknown>)["ctx-mode"]
          : value,
      })),
      {
        kind: "json-hooks",
        path: agent,
        format: "json",
        style: "flat",
        root: ["hooks"],
        agent: "kiro",
        hooks: install.hooksReady ? [...install.hooks] : [],
        launchLine: hookLine(launch),
      },
      {
        kind: "json-member",
        path: join(dir, "settings", "mcp.json"),
        format: "json",
        key: ["mcpServers", "ctx-mode"],
        value: serverCommand(launch),
      },
      instructionsBlock(join(dir, "steering", "ctx-mode.md")),
    ];
  },
};

/** The Kiro CLI set-up. */
export const kiroSetup: AgentSetup = defineSetup(kiro, {
  install,
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks", "mcp"],
    project: ".kiro/agents/ctx-mode.json",
    user: "~/.kiro/agents/ctx-mode.json",
    data: {
      ...Object.fromEntries(
        agentMembers("project", { command, args: ["serve"] }),
      ),
      hooks: eventEntries(
        HOOKS,
        (hook, line) => ({
          ...matcherOf(hook),
          ...hookHandler(hook, { command: line }),
        }),
        { command, platform: "kiro" },
      ),
    },
  }],
  instructionsFile: ".kiro/steering/ctx-mode.md",
  instructionsText: (text) => `---\ninclusion: always\n---\n\n${text}`,
  doctorPlaces: (where) => ({
    hookFiles: [
      join(kiroDir("project", where), "agents") + "/",
      join(kiroDir("user", where), "agents") + "/",
    ],
    mcpFiles: [
      join(kiroDir("project", where), "agents") + "/",
      join(kiroDir("user", where), "agents") + "/",
      join(kiroDir("project", where), "settings", "mcp.json"),
      join(kiroDir("user", where), "settings", "mcp.json"),
    ],
    hookFix:
      "copy configs/kiro/ctx-mode.json to ~/.kiro/agents/ and start kiro-cli chat --agent ctx-mode (or make it the default agent)",
    mcpFix: "add ctx-mode to mcpServers in ~/.kiro/settings/mcp.json",
  }),
  shrinkNote:
    "none: `postToolUse` is observe-only (exit codes and stdout only)",
  unverified: [
    "web_fetch and use_subagent tool names",
    "no session id: the Kiro process stands in",
  ],
});
