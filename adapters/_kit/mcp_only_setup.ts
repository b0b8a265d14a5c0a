/**
 * The set-up of agents that speak MCP only (Zed, Antigravity IDE): their MCP
 * registration, the rules file their model reads, and a doctor that looks
 * for the registration. Off the hook path.
 *
 * @module
 */

import { routingInstructions } from "../../src/routing/routing_block.ts";
import type { InstallTarget } from "../../src/install/types.ts";
import type { AgentSetup, DoctorWhere, PlatformCheck } from "../types.ts";

/** One MCP-only agent. */
export interface McpOnlySpec {
  name: string;
  /** What `install` writes (and `uninstall` removes). */
  install: InstallTarget;
  /** Its MCP registration for a command given as argv. */
  mcpConfig(command: readonly string[]): unknown;
  /** The rules file its model reads. */
  instructionsFile: string;
  /** Where its MCP config lives, project first. */
  places(where: DoctorWhere): string[];
  /** How to register ctx-mode there, for the doctor's hint. */
  hint: string;
}

/**
 * The set-up of an MCP-only agent.
 *
 * @param spec The agent's facts.
 * @returns The set-up.
 */
export function mcpOnlySetup(spec: McpOnlySpec): AgentSetup {
  return {
    name: spec.name,
    install: spec.install,
    config: (command) => spec.mcpConfig(command.split(" ")),
    instructions: () => ({
      file: spec.instructionsFile,
      text: routingInstructions(),
    }),
    doctor(where: DoctorWhere): Promise<PlatformCheck[]> {
      const found = spec.places(where).find((path) =>
        /"ctx-mode"\s*:/.test(where.readText(path) ?? "")
      );
      return Promise.resolve([
        found
          ? {
            name: `${spec.name} MCP server`,
            status: "ok",
            detail: `registered in ${found}`,
          }
          : {
            name: `${spec.name} MCP server`,
            status: "warn",
            detail: `not registered; ${spec.hint}`,
          },
      ]);
    },
  };
}
