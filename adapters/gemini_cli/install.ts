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
import { hookLine, instructionsBlock, serverCommand } from "../_kit/install.ts";
import type {
  HookSpec,
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";

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
          // Gemini's default timeout, and confirmations kept (`trust: false`).
          value: { ...serverCommand(launch), timeout: 600000, trust: false },
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

/** Every Gemini CLI hook handler: named, with the adapter's timeout (ms). */
const GEMINI_HANDLER = { name: "ctx-mode", timeout: 30000 };

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
        "run_shell_command|read_file|read_many_files|grep_search|search_file_content|glob|web_fetch|codebase_investigator|generalist|write_file|replace|mcp_.*",
      extra: GEMINI_HANDLER,
    },
    { event: "AfterTool", matcher: "*", extra: GEMINI_HANDLER },
    { event: "PreCompress", extra: GEMINI_HANDLER },
    // No matcher: these agents compare it with the source by equality.
    { event: "SessionStart", extra: GEMINI_HANDLER },
    { event: "BeforeAgent", extra: GEMINI_HANDLER },
  ],
});

const QWEN_HANDLER = { timeout: 30000 };

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
        "run_shell_command|read_file|grep_search|glob|web_fetch|agent|task|write_file|edit|mcp__.*",
      extra: QWEN_HANDLER,
    },
    { event: "PostToolUse", matcher: "*", extra: QWEN_HANDLER },
    { event: "PostToolUseFailure", matcher: "*", extra: QWEN_HANDLER },
    { event: "PreCompact", extra: QWEN_HANDLER },
    // No matcher: these agents compare it with the source by equality.
    { event: "SessionStart", extra: QWEN_HANDLER },
    { event: "UserPromptSubmit", extra: QWEN_HANDLER },
  ],
});
