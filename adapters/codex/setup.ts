/**
 * Codex CLI's set-up: the files `install` and `deno task configs` write,
 * the instructions file, and where the doctor looks. Off the hook path
 * (see `./adapter.ts` for the hooks).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { hookCommand, matcherGroups, userFolder } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { codex, EVENTS } from "./adapter.ts";
import type { AgentSetup, HookEvent } from "../types.ts";

const MATCHERS: Partial<Record<HookEvent, string>> = {
  "pre_tool_use": "Bash|exec_command|shell|apply_patch|mcp__.*",
  "post_tool_use": "*",
  "session_start": "startup|resume|clear|compact",
};

/** The Codex CLI set-up. */
export const codexSetup: AgentSetup = defineSetup(codex, {
  configFiles: (command) => [
    {
      name: "hooks.json",
      format: "json",
      holds: ["hooks"],
      project: ".codex/hooks.json",
      user: "~/.codex/hooks.json",
      relocatedBy: { variable: "CODEX_HOME", folder: "~/.codex" },
      data: {
        hooks: matcherGroups(EVENTS, MATCHERS, (name) => ({
          type: "command",
          command: hookCommand(command, "codex", name),
          timeout: 30,
        })),
      },
    },
    {
      name: "config.toml",
      format: "toml",
      holds: ["settings", "mcp"],
      user: "~/.codex/config.toml",
      relocatedBy: { variable: "CODEX_HOME", folder: "~/.codex" },
      data: {
        features: { hooks: true },
        "mcp_servers": {
          "ctx-mode": {
            command,
            args: ["serve"],
            "startup_timeout_sec": 20,
            "tool_timeout_sec": 120,
          },
        },
      },
    },
  ],
  instructionsFile: "AGENTS.md",
  doctorPlaces: (where) => {
    const user = userFolder(where, "CODEX_HOME", ".codex");
    const project = joinPath(where.projectDir, ".codex");
    const features = where.readText(joinPath(user, "config.toml")) ?? "";
    const enabled = /^\[features\][^[]*^\s*hooks\s*=\s*true/m.test(features);
    return {
      extra: [
        enabled
          ? {
            name: "codex hooks feature",
            status: "ok",
            detail: "[features] hooks = true",
          }
          : {
            name: "codex hooks feature",
            status: "warn",
            detail: `Codex runs no hooks without [features] hooks = true in ${
              joinPath(user, "config.toml")
            }`,
          },
      ],
      hookFiles: [
        joinPath(project, "hooks.json"),
        joinPath(project, "config.toml"),
        joinPath(user, "hooks.json"),
        joinPath(user, "config.toml"),
      ],
      mcpFiles: [
        joinPath(user, "config.toml"),
        joinPath(project, "config.toml"),
      ],
      hookFix: `add configs/codex/hooks.json to ${
        joinPath(user, "hooks.json")
      } and trust the hooks in /hooks`,
      mcpFix: "run: codex mcp add ctx-mode -- ctx-mode serve",
    };
  },
  unverified: [
    'permissionDecision "ask" is parsed but its behaviour depends on the approval mode: ctx-mode denies instead',
    "updatedInput needs a build from May 2026 or later",
  ],
});
