/**
 * GitHub Copilot CLI's and Copilot for JetBrains IDEs' set-up, described
 * once: `version: 1` hook files with camelCase events and
 * `bash`/`powershell` commands (`.github/hooks/ctx-mode-<agent>.json`, or
 * the CLI's user `$COPILOT_HOME/hooks/ctx-mode.json`); the CLI's MCP server
 * in `$COPILOT_HOME/mcp-config.json` (default `~/.copilot`) or the
 * repository's `.github/mcp.json`, JetBrains' in its user `mcp.json`
 * (`servers`); routing instructions in `copilot-instructions.md`; and where
 * the doctor looks. VS Code, the CLI and the JetBrains plugin each read
 * every file in `.github/hooks/`, so each agent gets a file of its own (VS
 * Code's is `ctx-mode.json`), and uninstalling one leaves the others whole.
 * Off the hook path (see `./adapter.ts`).
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
import { eventEntries, hookHandler, hookSpecs } from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import type { LaunchCommand } from "../../src/install/launch_command.ts";
import { failOpen } from "../../src/install/fail_open.ts";
import {
  CLI_EVENTS,
  copilotCli,
  JETBRAINS_EVENTS,
  jetbrainsCopilot,
} from "./adapter.ts";
import type {
  HookSpec,
  InstallTarget,
  JsonHooksRegistration,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/**
 * The shell of each command member: Copilot CLI 1.0.102 denies the tool call
 * when a `preToolUse` hook exits non-zero ("Denied by preToolUse hook (hook
 * errored)", seen on a real run), so each line ends in its shell's fail-open
 * ending (see `src/install/fail_open.ts`).
 */
const COPILOT_SHELLS = { bash: "posix", powershell: "powershell" } as const;

/** A Copilot handler's fields besides its commands. */
const HANDLER = { type: "command", timeoutSec: 30 };

/** The hooks ctx-mode registers with Copilot CLI. */
const CLI_HOOKS = hookSpecs(CLI_EVENTS, {}, HANDLER);

/** The hooks ctx-mode registers with JetBrains Copilot. */
const JETBRAINS_HOOKS = hookSpecs(JETBRAINS_EVENTS, {}, HANDLER);

/** Copilot CLI's user folder: `$COPILOT_HOME`, else `~/.copilot`. */
const COPILOT_HOME = { folder: ".copilot", variable: "COPILOT_HOME" };

/** `$COPILOT_HOME`, else `~/.copilot`. */
export function copilotHome(where: TargetWhere): string {
  return homeFolder(where, COPILOT_HOME);
}

/** The user `mcp.json` of Copilot for JetBrains. */
export function jetbrainsMcpFile(where: TargetWhere): string {
  return join(where.home, ".config", "github-copilot", "intellij", "mcp.json");
}

/** A Copilot hook file as `deno task configs` writes it. */
function copilotHookFile(
  command: string,
  platform: string,
  hooks: readonly HookSpec[],
): unknown {
  return {
    version: 1,
    hooks: eventEntries(
      hooks,
      (hook, line) =>
        hookHandler(hook, {
          bash: failOpen(line, "posix"),
          powershell: failOpen(line, "powershell"),
        }),
      { command, platform },
    ),
  };
}

/** A Copilot hook file as `install` writes it. */
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
    failOpen: COPILOT_SHELLS,
  };
}

/** What `ctx-mode install copilot-cli` writes. */
const cliInstall: InstallTarget = {
  name: "copilot-cli",
  title: "Copilot CLI",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["copilot"],
  configDirs: (where) => [copilotHome(where)],
  hooksReady: true,
  hooks: CLI_HOOKS,
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
        cliInstall.hooksReady ? cliInstall.hooks : [],
        launch,
      ),
      instructionsBlock(
        join(project ? github : home, "copilot-instructions.md"),
      ),
    ];
  },
};

/** What `ctx-mode install jetbrains-copilot` writes: a project's files only. */
const jetbrainsInstall: InstallTarget = {
  name: "jetbrains-copilot",
  title: "JetBrains Copilot",
  defaultScope: "project",
  scopes: ["project"],
  binaries: [],
  configDirs: (
    where,
  ) => [join(where.home, ".config", "github-copilot", "intellij")],
  hooksReady: true,
  hooks: JETBRAINS_HOOKS,
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
        jetbrainsInstall.hooksReady ? jetbrainsInstall.hooks : [],
        launch,
      ),
      instructionsBlock(join(github, "copilot-instructions.md")),
    ];
  },
};

/** The Copilot CLI set-up. */
export const copilotCliSetup: AgentSetup = defineSetup(copilotCli, {
  install: cliInstall,
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks"],
    project: ".github/hooks/ctx-mode-copilot-cli.json",
    ...inHomeFolder(COPILOT_HOME, "hooks/ctx-mode.json"),
    data: copilotHookFile(command, "copilot-cli", CLI_HOOKS),
  }, {
    name: "mcp-config.json",
    format: "json",
    holds: ["mcp"],
    project: ".github/mcp.json",
    ...inHomeFolder(COPILOT_HOME, "mcp-config.json"),
    data: {
      mcpServers: {
        "ctx-mode": {
          type: "local",
          command,
          args: ["serve"],
          tools: ["*"],
          env: {},
        },
      },
    },
  }],
  instructionsFile: ".github/copilot-instructions.md",
  doctorPlaces: (where) => {
    const user = copilotHome(where);
    return {
      hookFiles: [
        join(where.projectDir, ".github", "hooks") + "/",
        join(user, "hooks") + "/",
        join(user, "settings.json"),
        join(where.projectDir, ".github", "copilot", "settings.json"),
      ],
      mcpFiles: [
        join(user, "mcp-config.json"),
        join(where.projectDir, ".mcp.json"),
        join(where.projectDir, ".github", "mcp.json"),
      ],
      hookFix: `copy configs/copilot-cli/ctx-mode.json to ${
        join(user, "hooks")
      }/ or .github/hooks/`,
      mcpFix: `add configs/copilot-cli/mcp-config.json to ${
        join(user, "mcp-config.json")
      } (or /mcp add in the CLI)`,
    };
  },
  shrinkNote:
    "none: that Copilot CLI's command hooks can replace a result is not verified; 1.0.102's runtime knows `modifiedResult`, which only its SDK's programmatic hooks are documented to use",
  unverified: [
    "MCP tool names are taken to be <server>-<tool>",
    "a newer revision lets sessionStart return additionalContext; ctx-mode does not rely on it",
  ],
});

/** The JetBrains Copilot set-up. */
export const jetbrainsCopilotSetup: AgentSetup = defineSetup(jetbrainsCopilot, {
  install: jetbrainsInstall,
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks"],
    project: ".github/hooks/ctx-mode-jetbrains-copilot.json",
    data: copilotHookFile(command, "jetbrains-copilot", JETBRAINS_HOOKS),
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    user: "~/.config/github-copilot/intellij/mcp.json",
    data: { servers: { "ctx-mode": { command, args: ["serve"], env: {} } } },
  }],
  instructionsFile: ".github/copilot-instructions.md",
  doctorPlaces: (where) => ({
    hookFiles: [join(where.projectDir, ".github", "hooks") + "/"],
    mcpFiles: [jetbrainsMcpFile(where)],
    hookFix:
      "copy configs/jetbrains-copilot/ctx-mode.json to .github/hooks/ at the git root",
    mcpFix:
      "add configs/jetbrains-copilot/mcp.json to ~/.config/github-copilot/intellij/mcp.json (Copilot settings, Edit config)",
  }),
  shrinkNote: "none: `postToolUse` is observe-only",
  unverified: [
    "the payload is taken to be Copilot CLI's camelCase shape",
    "no session id is documented: the IDE's process id stands in",
    "tool names are taken to be Copilot CLI's",
    "the MCP file location comes from third-party write-ups",
  ],
});
