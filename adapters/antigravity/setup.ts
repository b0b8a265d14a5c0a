/**
 * Antigravity's (Google's IDE) set-up, described once, with what its CLI
 * (`agy`, `../antigravity_cli/setup.ts`) shares: both read MCP servers from
 * `~/.gemini/antigravity/mcp_config.json` (`mcpServers`) and global rules
 * from `~/.gemini/GEMINI.md` (the file Gemini CLI reads too). The IDE speaks
 * MCP only. User scope only: no project MCP file is known. Off the hook path.
 *
 * @module
 */

import { join } from "node:path";
import { instructionsBlock, serverCommand } from "../_kit/install.ts";
import { mcpOnlySetup } from "../_kit/mcp_only_setup.ts";
import type { LaunchCommand } from "../../src/install/launch_command.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../../src/install/types.ts";
import type { AgentSetup } from "../types.ts";

/** `~/.gemini`, where the Antigravity family keeps its files. */
export function geminiFolder(where: TargetWhere): string {
  return join(where.home, ".gemini");
}

/** The files where Antigravity reads MCP servers, its own first. */
export function antigravityMcpFiles(where: TargetWhere): string[] {
  return [
    join(geminiFolder(where), "antigravity", "mcp_config.json"),
    join(geminiFolder(where), "config", "mcp_config.json"),
  ];
}

/** What the IDE and the CLI both write: the MCP server and the rules block. */
export function antigravityShared(
  where: TargetWhere,
  launch: LaunchCommand,
): Registration[] {
  return [
    {
      kind: "json-member",
      path: antigravityMcpFiles(where)[0]!,
      format: "json",
      key: ["mcpServers", "ctx-mode"],
      value: serverCommand(launch),
    },
    instructionsBlock(join(geminiFolder(where), "GEMINI.md")),
  ];
}

/** What `ctx-mode install antigravity` writes. */
const install: InstallTarget = {
  name: "antigravity",
  title: "Antigravity",
  defaultScope: "user",
  scopes: ["user"],
  binaries: ["antigravity"],
  configDirs: (where) => [join(geminiFolder(where), "antigravity")],
  hooksReady: false,
  hooks: [],
  registrations: ({ where, launch }: RegistrationInput) =>
    antigravityShared(where, launch),
};

/** The Antigravity IDE set-up. */
export const antigravitySetup: AgentSetup = mcpOnlySetup({
  name: "antigravity",
  install,
  mcpConfig: (command) => ({
    mcpServers: {
      "ctx-mode": { command: command[0], args: [...command.slice(1), "serve"] },
    },
  }),
  instructionsFile: "AGENTS.md",
  places: antigravityMcpFiles,
  hint: "run: ctx-mode install antigravity",
});
