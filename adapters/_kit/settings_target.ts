/**
 * What Gemini CLI and Qwen Code (its fork) share: the MCP server and the
 * hooks in one JSONC `settings.json` (the project's `.gemini/` or `.qwen/`,
 * or the user's folder), routing instructions beside it or in the project.
 * Hook timeouts are milliseconds.
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import { hookLine, instructionsBlock, serverCommand } from "./install.ts";
import type { HookShell } from "../../src/install/fail_open.ts";
import type {
  HookSpec,
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";

/**
 * ctx-mode's MCP server entry: Gemini's default timeout, and confirmations
 * kept (`trust: false`).
 *
 * @param run The command and its arguments.
 * @returns The entry.
 */
export function settingsServer(
  run: { command: string; args: string[] },
): Record<string, unknown> {
  return { ...run, timeout: 600000, trust: false };
}

/**
 * The install target of a `settings.json` agent.
 *
 * @param options The agent's names, folders and hooks.
 * @returns The target.
 */
export function settingsTarget(options: {
  name: string;
  title: string;
  binary: string;
  folder: string;
  instructions: string;
  userDir: (where: TargetWhere) => string;
  hooks: readonly HookSpec[];
  /** The shell whose fail-open ending the hook lines get. @default {none} */
  failOpen?: HookShell | undefined;
}): InstallTarget {
  const target: InstallTarget = {
    name: options.name,
    title: options.title,
    defaultScope: "user",
    scopes: ["user", "project"],
    binaries: [options.binary],
    configDirs: (where) => [options.userDir(where)],
    hooks: options.hooks,
    hooksReady: true,
    mcpList: [options.binary, "mcp", "list"],
    registrations({ scope, where, launch }: RegistrationInput): Registration[] {
      const dir = scope === "project"
        ? join(where.projectDir, options.folder)
        : options.userDir(where);
      const settings = join(dir, "settings.json");
      return [
        {
          kind: "json-member",
          path: settings,
          format: "jsonc",
          key: ["mcpServers", "ctx-mode"],
          value: settingsServer(serverCommand(launch)),
        },
        {
          kind: "json-hooks",
          path: settings,
          format: "jsonc",
          style: "nested",
          root: ["hooks"],
          agent: options.name,
          hooks: target.hooksReady ? [...target.hooks] : [],
          launchLine: hookLine(launch),
          ...(options.failOpen
            ? { failOpen: { command: options.failOpen } }
            : {}),
        },
        instructionsBlock(
          scope === "project"
            ? join(where.projectDir, options.instructions)
            : join(dir, options.instructions),
        ),
      ];
    },
  };
  return target;
}
