/**
 * Codex CLI's set-up, described once: the hooks (Claude Code's format) in
 * `hooks.json` beside `config.toml`, the MCP server as
 * `[mcp_servers.ctx-mode]` in `config.toml` (`$CODEX_HOME`, default
 * `~/.codex`; a project's `.codex/config.toml` counts only once the project
 * is trusted), routing instructions in `AGENTS.md`, and where the doctor
 * looks. Codex runs hooks only with `[features] hooks = true`. Off the hook
 * path (see `./adapter.ts`).
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
import { hookSpecs, matcherGroups } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { codex, EVENTS } from "./adapter.ts";
import { codexHookTrust } from "./trust.ts";
import { readExisting } from "../../src/install/plan.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** The hooks ctx-mode registers. */
const HOOKS = hookSpecs(EVENTS, {
  "pre_tool_use": "Bash|exec_command|shell|apply_patch|mcp__.*",
  "post_tool_use": "*",
  "session_start": "startup|resume|clear|compact",
}, { timeout: 30 });

/** Codex's user folder: `$CODEX_HOME`, else `~/.codex`. */
const CODEX_HOME = { folder: ".codex", variable: "CODEX_HOME" };

/** `$CODEX_HOME`, else `~/.codex`. */
export function codexHome(where: TargetWhere): string {
  return homeFolder(where, CODEX_HOME);
}

/**
 * How long Codex waits for the server to start: its default (10 s) is close
 * to a cold first start, when Deno still fetches the server's packages.
 */
const STARTUP_TIMEOUT_SEC = 60;

/** The step that trusts new hooks, as Codex documents it. */
const TRUST_STEP =
  "start codex, type /hooks and trust the ctx-mode hooks (Codex runs no hook it has not been shown)";

/** What Codex holds back of ctx-mode's user hooks, in one line, or undefined. */
function untrustedHooks(
  where: TargetWhere,
  read: (path: string) => string | undefined,
): string | undefined {
  const home = codexHome(where);
  const trust = codexHookTrust(
    join(home, "hooks.json"),
    join(home, "config.toml"),
    read,
  );
  if (!trust || trust.untrusted.length === 0) return undefined;
  const changed = trust.modified.length === 0
    ? ""
    : ` (${trust.modified.length} changed since you last trusted them)`;
  return `Codex runs ${
    trust.untrusted.length === trust.keys.length ? "none" : "not all"
  } of ctx-mode's ${trust.keys.length} hooks until you trust them${changed}: ${TRUST_STEP}`;
}

/** What `ctx-mode install codex` writes. */
const install: InstallTarget = {
  name: "codex",
  title: "Codex CLI",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["codex"],
  configDirs: (where) => [codexHome(where)],
  hooksReady: true,
  hooks: HOOKS,
  mcpList: ["codex", "mcp", "list"],
  afterInstall: (where) => untrustedHooks(where, readExisting),
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const dir = scope === "project"
      ? join(where.projectDir, ".codex")
      : codexHome(where);
    return [
      {
        kind: "toml-table",
        path: join(dir, "config.toml"),
        table: ["mcp_servers", "ctx-mode"],
        // Never `required`: a moved or broken ctx-mode must not stop Codex
        // from starting. The timeout covers a cold first start (Deno
        // fetching the server's packages) with room to spare.
        value: {
          ...serverCommand(launch),
          "startup_timeout_sec": STARTUP_TIMEOUT_SEC,
        },
      },
      // Codex runs hooks only with this feature on (the older feature name
      // runs none); only this key of the user's [features] is touched.
      {
        kind: "toml-key",
        path: join(dir, "config.toml"),
        table: ["features"],
        key: "hooks",
        value: true,
      },
      {
        kind: "json-hooks",
        path: join(dir, "hooks.json"),
        format: "json",
        style: "nested",
        root: ["hooks"],
        agent: "codex",
        hooks: install.hooksReady ? [...install.hooks] : [],
        launchLine: hookLine(launch),
      },
      instructionsBlock(
        scope === "project"
          ? join(where.projectDir, "AGENTS.md")
          : join(dir, "AGENTS.md"),
      ),
    ];
  },
};

/** The Codex CLI set-up. */
export const codexSetup: AgentSetup = defineSetup(codex, {
  install,
  configFiles: (command) => [
    {
      name: "hooks.json",
      format: "json",
      holds: ["hooks"],
      project: ".codex/hooks.json",
      ...inHomeFolder(CODEX_HOME, "hooks.json"),
      data: { hooks: matcherGroups(HOOKS, command, "codex") },
    },
    {
      name: "config.toml",
      format: "toml",
      holds: ["settings", "mcp"],
      ...inHomeFolder(CODEX_HOME, "config.toml"),
      data: {
        features: { hooks: true },
        "mcp_servers": {
          "ctx-mode": {
            command,
            args: ["serve"],
            "startup_timeout_sec": STARTUP_TIMEOUT_SEC,
            "tool_timeout_sec": 120,
          },
        },
      },
    },
  ],
  instructionsFile: "AGENTS.md",
  doctorPlaces: (where) => {
    const user = codexHome(where);
    const project = join(where.projectDir, ".codex");
    const features = where.readText(join(user, "config.toml")) ?? "";
    const enabled = /^\[features\][^[]*^\s*hooks\s*=\s*true/m.test(features);
    const trust = codexHookTrust(
      join(user, "hooks.json"),
      join(user, "config.toml"),
      (path) => where.readText(path),
    );
    const held = untrustedHooks(where, (path) => where.readText(path));
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
              join(user, "config.toml")
            }`,
          },
        ...(trust === undefined ? [] : [
          held === undefined
            ? {
              name: "codex hook trust",
              status: "ok" as const,
              detail:
                `all ${trust.keys.length} of ctx-mode's hooks are trusted in ${
                  join(user, "config.toml")
                } (after a change, trust them again in /hooks)`,
            }
            : {
              name: "codex hook trust",
              status: "warn" as const,
              detail: held,
            },
        ]),
      ],
      hookFiles: [
        join(project, "hooks.json"),
        join(project, "config.toml"),
        join(user, "hooks.json"),
        join(user, "config.toml"),
      ],
      mcpFiles: [
        join(user, "config.toml"),
        join(project, "config.toml"),
      ],
      hookFix: `add configs/codex/hooks.json to ${
        join(user, "hooks.json")
      }, then ${TRUST_STEP}`,
      mcpFix: "run: codex mcp add ctx-mode -- ctx-mode serve",
    };
  },
  shrinkNote:
    "every result that reaches `PostToolUse`, through a block whose reason Codex sends the model instead of the output (0.171, seen on a live run); Codex itself cuts a command's output to some 10 KB (head and tail) before its hooks see it, so the view and the index hold what Codex kept; `updatedMCPToolOutput` is rejected as unsupported",
  unverified: [
    'permissionDecision "ask" is parsed but its behaviour depends on the approval mode: ctx-mode denies instead',
    "updatedInput needs a build from May 2026 or later",
  ],
});
