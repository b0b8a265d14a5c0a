/**
 * Gemini CLI's set-up, described once: the hooks and the MCP server in
 * `settings.json` (`.gemini/` in the project, or `$GEMINI_CLI_HOME/.gemini`,
 * default `~/.gemini`), `GEMINI.md`, and where the doctor looks. Off the
 * hook path (see `./adapter.ts`).
 *
 * @module
 */

import { join } from "node:path";
import { GEMINI_SHELL, hookSpecs, matcherGroups } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import { settingsServer, settingsTarget } from "../_kit/settings_target.ts";
import { EVENTS, geminiCli } from "./adapter.ts";
import { readExisting } from "../../src/install/plan.ts";
import { geminiTrust } from "./trust.ts";
import type { TargetWhere } from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

// No session_start matcher: the agent compares a SessionStart matcher with
// the source by equality, so "startup|resume" would match no source.
const HOOKS = hookSpecs(EVENTS, {
  "pre_tool_use":
    "run_shell_command|read_file|read_many_files|grep_search|search_file_content|glob|web_fetch|codebase_investigator|generalist|write_file|replace|mcp_.*",
  "post_tool_use": "*",
}, { name: "ctx-mode", timeout: 30000 });

/** The user folder of Gemini CLI. */
export function geminiDir(where: TargetWhere): string {
  return join(where.env.GEMINI_CLI_HOME || where.home, ".gemini");
}

/**
 * What Gemini CLI holds back in the project folder when it does not trust it,
 * with the step that trusts it, in one line; undefined when trusted.
 */
function untrustedFolder(
  where: TargetWhere,
  read: (path: string) => string | undefined,
): string | undefined {
  const trust = geminiTrust(
    { env: where.env, geminiDir: geminiDir(where), folder: where.projectDir },
    read,
  );
  return trust.trusted
    ? undefined
    : `Gemini CLI keeps ctx-mode's server Disabled and runs no hooks in ${where.projectDir} (${trust.why}): start gemini there and choose "Trust folder" (or /permissions), or add ${
      JSON.stringify({ [where.projectDir]: "TRUST_FOLDER" })
    } to ${trust.file}`;
}

/** The Gemini CLI set-up. */
export const geminiCliSetup: AgentSetup = defineSetup(geminiCli, {
  install: {
    ...settingsTarget({
      name: "gemini-cli",
      title: "Gemini CLI",
      binary: "gemini",
      folder: ".gemini",
      instructions: "GEMINI.md",
      userDir: geminiDir,
      hooks: HOOKS,
      // Gemini CLI 0.61 denies the call when a hook exits with a code other
      // than 0 or 1 (a shell's 127 for a ctx-mode that moved).
      failOpen: GEMINI_SHELL,
    }),
    afterInstall: (where) => untrustedFolder(where, readExisting),
  },
  configFiles: (command) => [{
    name: "settings.json",
    format: "json",
    holds: ["hooks", "mcp"],
    project: ".gemini/settings.json",
    user: "~/.gemini/settings.json",
    // Gemini CLI's own home variable: `$GEMINI_CLI_HOME/.gemini`.
    relocatedBy: { variable: "GEMINI_CLI_HOME", folder: "~" },
    data: {
      hooks: matcherGroups(HOOKS, command, "gemini-cli", {
        failOpen: GEMINI_SHELL,
      }),
      mcpServers: {
        "ctx-mode": settingsServer({ command, args: ["serve"] }),
      },
    },
  }],
  instructionsFile: "GEMINI.md",
  doctorPlaces: (where) => {
    const files = [
      join(where.projectDir, ".gemini", "settings.json"),
      join(geminiDir(where), "settings.json"),
    ];
    const registered = files.some((path) =>
      /ctx-mode/.test(where.readText(path) ?? "")
    );
    const held = untrustedFolder(where, (path) => where.readText(path));
    return {
      extra: registered
        ? [
          held === undefined
            ? {
              name: "gemini-cli folder trust",
              status: "ok",
              detail: `Gemini CLI trusts ${where.projectDir}`,
            }
            : { name: "gemini-cli folder trust", status: "warn", detail: held },
        ]
        : [],
      hookFiles: files,
      mcpFiles: files,
      hookFix:
        "add the hooks of configs/gemini-cli/settings.json to ~/.gemini/settings.json (project hooks run only in trusted folders)",
      mcpFix: "run: gemini mcp add ctx-mode ctx-mode serve",
    };
  },
  shrinkNote:
    "every tool's result, through an `AfterTool` deny whose reason Gemini CLI hands the model as the tool's response (read in 0.61's bundle, and seen reach the model on a live run); the model sees it as the tool's error text, so the view says the tool ran",
  unverified: [
    'decision "ask" is typed but its behaviour is not confirmed',
    "MCP tools of a server named ctx-mode are taken to be mcp_ctx-mode_<tool>",
  ],
});
