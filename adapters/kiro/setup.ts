/**
 * Kiro CLI's set-up: the files `install` and `deno task configs` write,
 * the instructions file, and where the doctor looks. Off the hook path
 * (see `./adapter.ts` for the hooks).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { hookCommand } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { EVENTS, kiro } from "./adapter.ts";
import type { AgentSetup, HookEvent } from "../types.ts";

const MATCHERS: Partial<Record<HookEvent, string>> = {
  "pre_tool_use": "*",
  "post_tool_use": "*",
};

/** The Kiro CLI set-up. */
export const kiroSetup: AgentSetup = defineSetup(kiro, {
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks", "mcp"],
    project: ".kiro/agents/ctx-mode.json",
    user: "~/.kiro/agents/ctx-mode.json",
    data: {
      name: "ctx-mode",
      description:
        "The default agent with ctx-mode's routing, safety guard and session memory",
      mcpServers: { "ctx-mode": { command, args: ["serve"] } },
      tools: ["*"],
      resources: ["file://.kiro/steering/ctx-mode.md"],
      hooks: Object.fromEntries(
        Object.entries(EVENTS).map(([event, [name]]) => [name, [{
          ...(MATCHERS[event as HookEvent]
            ? { matcher: MATCHERS[event as HookEvent] }
            : {}),
          command: hookCommand(command, "kiro", name),
          "timeout_ms": 30000,
        }]]),
      ),
    },
  }],
  instructionsFile: ".kiro/steering/ctx-mode.md",
  instructionsText: (text) => `---\ninclusion: always\n---\n\n${text}`,
  doctorPlaces: (where) => ({
    hookFiles: [
      joinPath(where.projectDir, ".kiro", "agents") + "/",
      joinPath(where.home, ".kiro", "agents") + "/",
    ],
    mcpFiles: [
      joinPath(where.projectDir, ".kiro", "agents") + "/",
      joinPath(where.home, ".kiro", "agents") + "/",
      joinPath(where.projectDir, ".kiro", "settings", "mcp.json"),
      joinPath(where.home, ".kiro", "settings", "mcp.json"),
    ],
    hookFix:
      "copy configs/kiro/ctx-mode.json to ~/.kiro/agents/ and start kiro-cli chat --agent ctx-mode (or make it the default agent)",
    mcpFix: "add ctx-mode to mcpServers in ~/.kiro/settings/mcp.json",
  }),
  unverified: [
    "web_fetch and use_subagent tool names",
    "no session id: the Kiro process stands in",
  ],
});
