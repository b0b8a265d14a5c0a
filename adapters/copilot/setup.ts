/**
 * GitHub Copilot's set-up, the CLI and JetBrains IDEs: the `version: 1` hook
 * file with `bash`/`powershell` commands per camelCase event, the MCP
 * files, the instructions file and where the doctor looks. Off the hook path
 * (see `./adapter.ts`).
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import {
  hookCommand,
  registeredEvents,
  userFolder,
} from "../_kit/hook_config.ts";
import { defineSetup } from "../_kit/command_setup.ts";
import {
  CLI_EVENTS,
  copilotCli,
  JETBRAINS_EVENTS,
  jetbrainsCopilot,
} from "./adapter.ts";
import type { AgentSetup } from "../types.ts";

/**
 * A `version: 1` hook file.
 *
 * @param command The ctx-mode command.
 * @param platform The platform name in the hook command.
 * @param events The camelCase event names.
 * @returns The file's data.
 */
function copilotHookFile(
  command: string,
  platform: string,
  events: readonly string[],
): unknown {
  return {
    version: 1,
    hooks: Object.fromEntries(events.map((name) => [name, [{
      type: "command",
      bash: hookCommand(command, platform, name),
      powershell: hookCommand(command, platform, name),
      timeoutSec: 30,
    }]])),
  };
}

/** The Copilot CLI set-up. */
export const copilotCliSetup: AgentSetup = defineSetup(copilotCli, {
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks"],
    project: ".github/hooks/ctx-mode-copilot-cli.json",
    user: "~/.copilot/hooks/ctx-mode.json",
    relocatedBy: { variable: "COPILOT_HOME", folder: "~/.copilot" },
    data: copilotHookFile(
      command,
      "copilot-cli",
      registeredEvents(CLI_EVENTS).map(([, name]) => name),
    ),
  }, {
    name: "mcp-config.json",
    format: "json",
    holds: ["mcp"],
    project: ".github/mcp.json",
    user: "~/.copilot/mcp-config.json",
    relocatedBy: { variable: "COPILOT_HOME", folder: "~/.copilot" },
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
    const user = userFolder(where, "COPILOT_HOME", ".copilot");
    return {
      hookFiles: [
        joinPath(where.projectDir, ".github", "hooks") + "/",
        joinPath(user, "hooks") + "/",
        joinPath(user, "settings.json"),
        joinPath(where.projectDir, ".github", "copilot", "settings.json"),
      ],
      mcpFiles: [
        joinPath(user, "mcp-config.json"),
        joinPath(where.projectDir, ".mcp.json"),
        joinPath(where.projectDir, ".github", "mcp.json"),
      ],
      hookFix: `copy configs/copilot-cli/ctx-mode.json to ${
        joinPath(user, "hooks")
      }/ or .github/hooks/`,
      mcpFix: `add configs/copilot-cli/mcp-config.json to ${
        joinPath(user, "mcp-config.json")
      } (or /mcp add in the CLI)`,
    };
  },
  unverified: [
    "MCP tool names are taken to be <server>-<tool>",
    "a newer revision lets sessionStart return additionalContext; ctx-mode does not rely on it",
  ],
});

/** The JetBrains Copilot set-up. */
export const jetbrainsCopilotSetup: AgentSetup = defineSetup(jetbrainsCopilot, {
  configFiles: (command) => [{
    name: "ctx-mode.json",
    format: "json",
    holds: ["hooks"],
    project: ".github/hooks/ctx-mode-jetbrains-copilot.json",
    data: copilotHookFile(
      command,
      "jetbrains-copilot",
      Object.values(JETBRAINS_EVENTS).map(([name]) => name),
    ),
  }, {
    name: "mcp.json",
    format: "json",
    holds: ["mcp"],
    user: "~/.config/github-copilot/intellij/mcp.json",
    data: { servers: { "ctx-mode": { command, args: ["serve"], env: {} } } },
  }],
  instructionsFile: ".github/copilot-instructions.md",
  doctorPlaces: (where) => ({
    hookFiles: [joinPath(where.projectDir, ".github", "hooks") + "/"],
    mcpFiles: [
      joinPath(where.home, ".config", "github-copilot", "intellij", "mcp.json"),
    ],
    hookFix:
      "copy configs/jetbrains-copilot/ctx-mode.json to .github/hooks/ at the git root",
    mcpFix:
      "add configs/jetbrains-copilot/mcp.json to ~/.config/github-copilot/intellij/mcp.json (Copilot settings, Edit config)",
  }),
  unverified: [
    "the payload is taken to be Copilot CLI's camelCase shape",
    "no session id is documented: the IDE's process id stands in",
    "tool names are taken to be Copilot CLI's",
    "the MCP file location comes from third-party write-ups",
  ],
});
