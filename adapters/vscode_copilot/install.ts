/**
 * VS Code (GitHub Copilot agent mode): the MCP server under `servers` in the
 * JSONC `mcp.json` — `.vscode/mcp.json` in the project (the documented
 * default) or the profile's `mcp.json` — hooks in `.github/hooks/ctx-mode.json`,
 * routing instructions in `.github/copilot-instructions.md`.
 *
 * Data only.
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
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";

/** The folder of VS Code's default user profile on this OS. */
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

/** VS Code Copilot. */
export const vscodeCopilot: InstallTarget = {
  name: "vscode-copilot",
  title: "VS Code (Copilot)",
  defaultScope: "project",
  scopes: ["project", "user"],
  binaries: ["code"],
  configDirs: (where) => [vscodeUserDir(where)],
  hooksReady: true,
  // As the VS Code adapter registers them (configs/vscode-copilot/ctx-mode.json).
  hooks: [
    "PreToolUse",
    "PostToolUse",
    "PreCompact",
    "SessionStart",
    "UserPromptSubmit",
  ].map((event) => ({ event, extra: { type: "command", timeout: 30 } })),
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
        hooks: vscodeCopilot.hooksReady ? [...vscodeCopilot.hooks] : [],
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
