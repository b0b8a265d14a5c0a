/**
 * Gemini CLI and Qwen Code (its fork): the MCP server and the hooks in one
 * JSONC `settings.json` — `.gemini/` or `.qwen/` in the project, or in the
 * user's home (`GEMINI_CLI_HOME` relocates Gemini's home) — and routing
 * instructions in `GEMINI.md` / `QWEN.md`. Hook timeouts are milliseconds.
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import { hookLine, instructionsBlock, serverCommand } from "./_common.ts";
import type {
  HookSpec,
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../types.ts";

/** The user folder of Gemini CLI. */
export function geminiDir(where: TargetWhere): string {
  return join(where.env.GEMINI_CLI_HOME || where.home, ".gemini");
}

function settingsTarget(options: {
  name: string;
  title: string;
  binary: string;
  folder: string;
  instructions: string;
  userDir: (where: TargetWhere) => string;
  hooks: HookSpec[];
}): InstallTarget {
  const target: InstallTarget = {
    name: options.name,
    title: options.title,
    defaultScope: "user",
    scopes: ["user", "project"],
    binaries: [options.binary],
    configDirs: (where) => [options.userDir(where)],
    hooks: options.hooks,
    // The hook adapter for this agent is not in the registry yet.
    // Off until inserting into a one-line hook array keeps that line as it is.
    hooksReady: false,
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
          value: serverCommand(launch),
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

/** Gemini CLI. */
export const geminiCli: InstallTarget = settingsTarget({
  name: "gemini-cli",
  title: "Gemini CLI",
  binary: "gemini",
  folder: ".gemini",
  instructions: "GEMINI.md",
  userDir: geminiDir,
  hooks: [
    {
      event: "BeforeTool",
      matcher:
        "run_shell_command|read_file|read_many_files|grep_search|glob|web_fetch|mcp_.*",
      extra: { name: "ctx-mode", timeout: 30000 },
    },
    { event: "AfterTool", matcher: "*", extra: { name: "ctx-mode" } },
    { event: "PreCompress", extra: { name: "ctx-mode" } },
    {
      event: "SessionStart",
      matcher: "startup|resume|clear",
      extra: { name: "ctx-mode" },
    },
    { event: "BeforeAgent", extra: { name: "ctx-mode" } },
  ],
});

/** Qwen Code. */
export const qwenCode: InstallTarget = settingsTarget({
  name: "qwen-code",
  title: "Qwen Code",
  binary: "qwen",
  folder: ".qwen",
  instructions: "QWEN.md",
  userDir: (where) => join(where.home, ".qwen"),
  hooks: [
    {
      event: "PreToolUse",
      matcher:
        "run_shell_command|read_file|grep_search|glob|web_fetch|agent|mcp__.*",
      extra: { timeout: 30000 },
    },
    { event: "PostToolUse", matcher: "" },
    { event: "PreCompact" },
    { event: "SessionStart", matcher: "startup|resume|clear|compact" },
    { event: "UserPromptSubmit" },
  ],
});
