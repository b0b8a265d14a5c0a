/**
 * Hermes Agent: the MCP server under `mcp_servers` in the YAML
 * `~/.hermes/config.yaml` (`HERMES_HOME` relocates it); user scope only.
 * Its shell hooks (`hooks.pre_tool_call`) wait for a Hermes adapter.
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import { serverCommand } from "./_common.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
  TargetWhere,
} from "../types.ts";

/** `$HERMES_HOME`, else `~/.hermes`. */
export function hermesHome(where: TargetWhere): string {
  return where.env.HERMES_HOME || join(where.home, ".hermes");
}

/** Hermes Agent. */
export const hermes: InstallTarget = {
  name: "hermes",
  title: "Hermes Agent",
  defaultScope: "user",
  scopes: ["user"],
  binaries: ["hermes"],
  configDirs: (where) => [hermesHome(where)],
  hooksReady: false,
  hooks: [
    {
      event: "pre_tool_call",
      matcher: "terminal|read_file|web_extract",
      extra: { timeout: 30 },
    },
  ],
  registrations({ where, launch }: RegistrationInput): Registration[] {
    return [{
      kind: "yaml-member",
      path: join(hermesHome(where), "config.yaml"),
      key: ["mcp_servers", "ctx-mode"],
      value: { ...serverCommand(launch), timeout: 120 },
    }];
  },
};
