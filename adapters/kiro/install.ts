/**
 * Kiro CLI: hooks exist only inside a custom agent, so ctx-mode writes its
 * own agent, `ctx-mode.json` in `.kiro/agents/` (project) or
 * `~/.kiro/agents/` (user), with its MCP server, hooks and steering file
 * (start it with `kiro-cli chat --agent ctx-mode`, or make it the default
 * agent). The MCP server also goes into `.kiro/settings/mcp.json` for the
 * other agents, and the routing instructions into the steering file
 * `.kiro/steering/ctx-mode.md` (steering is always included by default).
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import { hookLine, instructionsBlock, serverCommand } from "../_kit/install.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
} from "../../src/install/types.ts";

const TIMEOUT = { "timeout_ms": 30000 };

/** Kiro CLI. */
export const kiro: InstallTarget = {
  name: "kiro",
  title: "Kiro CLI",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["kiro-cli"],
  configDirs: (where) => [join(where.home, ".kiro")],
  hooksReady: true,
  hooks: [
    { event: "preToolUse", matcher: "*", extra: TIMEOUT },
    { event: "postToolUse", matcher: "*", extra: TIMEOUT },
    { event: "agentSpawn", extra: TIMEOUT },
    { event: "userPromptSubmit", extra: TIMEOUT },
  ],
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const project = scope === "project";
    const dir = join(project ? where.projectDir : where.home, ".kiro");
    const agent = join(dir, "agents", "ctx-mode.json");
    const member = (key: string[], value: unknown): Registration => ({
      kind: "json-member",
      path: agent,
      format: "json",
      key,
      value,
    });
    return [
      member(["name"], "ctx-mode"),
      member(
        ["description"],
        "The default agent with ctx-mode's routing, safety guard and session memory",
      ),
      member(["mcpServers", "ctx-mode"], serverCommand(launch)),
      member(["tools"], ["*"]),
      member(["resources"], [
        project
          ? "file://.kiro/steering/ctx-mode.md"
          : "file://~/.kiro/steering/ctx-mode.md",
      ]),
      {
        kind: "json-hooks",
        path: agent,
        format: "json",
        style: "flat",
        root: ["hooks"],
        agent: "kiro",
        hooks: kiro.hooksReady ? [...kiro.hooks] : [],
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
