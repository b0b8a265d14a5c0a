/**
 * GitHub Copilot CLI and Copilot for JetBrains IDEs: `version: 1` hook files
 * with camelCase events and `bash`/`powershell` commands
 * (`.github/hooks/ctx-mode-<agent>.json`, or the CLI's user
 * `$COPILOT_HOME/hooks/ctx-mode.json`); the CLI's MCP server in
 * `$COPILOT_HOME/mcp-config.json` (default `~/.copilot`) or the repository's
 * `.github/mcp.json`, JetBrains' in its user `mcp.json` (`servers`); routing
 * instructions in `copilot-instructions.md`. VS Code, the CLI and the
 * JetBrains plugin each read every file in `.github/hooks/`, so each agent
 * gets a file of its own (VS Code's is `ctx-mode.json`), and uninstalling one
 * leaves the others whole.
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import { hookLine, instructionsBlock, serverCommand } from "../_kit/install.ts";
import type { LaunchCommand } from "../../src/install/launch_command.ts";
import type {
  HookSpec,
  InstallTarget,
  JsonHooksRegistration,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";

/** `$COPILOT_HOME`, else `~/.copilot`. */
export function copilotHome(where: TargetWhere): string {
  return where.env.COPILOT_HOME || join(where.home, ".copilot");
}

/** Where JetBrains' Copilot plugin keeps MCP servers (macOS and Linux). */
export function jetbrainsMcpFile(where: TargetWhere): string {
  return join(where.home, ".config", "github-copilot", "intellij", "mcp.json");
}

/** One hook of a `version: 1` file: its command under `bash` and `powershell`. */
function copilotHook(event: string): HookSpec {
  return { event, extra: { type: "command", timeoutSec: 30 } };
}

/** The `version: 1` hook file `path` with an agent's hooks. */
function hookFile(
  path: string,
  agent: string,
  hooks: readonly HookSpec[],
  launch: LaunchCommand,
): JsonHooksRegistration {
  return {
    kind: "json-hooks",
    path,
    format: "json",
    style: "flat",
    root: ["hooks"],
    agent,
    hooks: [...hooks],
    preamble: { version: 1 },
    launchLine: hookLine(launch),
    commandKeys: ["bash", "powershell"],
  };
}

/** GitHub Copilot CLI. */
export const copilotCli: InstallTarget = {
  name: "copilot-cli",
  title: "Copilot CLI",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["copilot"],
  configDirs: (where) => [copilotHome(where)],
  hooksReady: true,
  hooks: [
    "preToolUse",
    "postToolUse",
    "postToolUseFailure",
    "preCompact",
    "sessionStart",
    "userPromptSubmitted",
  ].map(copilotHook),
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const project = scope === "project";
    const github = join(where.projectDir, ".github");
    const home = copilotHome(where);
    return [
      {
        kind: "json-member",
        path: project
          ? join(github, "mcp.json")
          : join(home, "mcp-config.json"),
        format: "json",
        key: ["mcpServers", "ctx-mode"],
        value: {
          type: "local",
          ...serverCommand(launch),
          tools: ["*"],
          env: {},
        },
      },
      hookFile(
        project
          ? join(github, "hooks", "ctx-mode-copilot-cli.json")
          : join(home, "hooks", "ctx-mode.json"),
        "copilot-cli",
        copilotCli.hooksReady ? copilotCli.hooks : [],
        launch,
      ),
      instructionsBlock(
        join(project ? github : home, "copilot-instructions.md"),
      ),
    ];
  },
};

/**
 * GitHub Copilot for JetBrains IDEs: hooks only from the repository's
 * `.github/hooks/`, so project scope only; its MCP servers live in one user
 * file, which the project install registers ctx-mode in too.
 */
export const jetbrainsCopilot: InstallTarget = {
  name: "jetbrains-copilot",
  title: "JetBrains Copilot",
  defaultScope: "project",
  scopes: ["project"],
  binaries: [],
  configDirs: (
    where,
  ) => [join(where.home, ".config", "github-copilot", "intellij")],
  hooksReady: true,
  hooks: ["preToolUse", "postToolUse", "sessionStart", "userPromptSubmitted"]
    .map(copilotHook),
  registrations({ where, launch }: RegistrationInput): Registration[] {
    const github = join(where.projectDir, ".github");
    return [
      {
        kind: "json-member",
        path: jetbrainsMcpFile(where),
        format: "json",
        key: ["servers", "ctx-mode"],
        value: { ...serverCommand(launch), env: {} },
      },
      hookFile(
        join(github, "hooks", "ctx-mode-jetbrains-copilot.json"),
        "jetbrains-copilot",
        jetbrainsCopilot.hooksReady ? jetbrainsCopilot.hooks : [],
        launch,
      ),
      instructionsBlock(join(github, "copilot-instructions.md")),
    ];
  },
};
