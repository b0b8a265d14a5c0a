/**
 * Agents that speak MCP only (Zed, Antigravity IDE): no hooks, so no routing
 * or guard on their own tools; ctx-mode reaches them as an MCP server and a
 * rules file, and the doctor checks both.
 *
 * @module
 */

import { routingInstructions } from "../src/routing/routing_block.ts";
import type {
  Adapter,
  DoctorWhere,
  HookOutput,
  PlatformCheck,
} from "./types.ts";

/** One MCP-only agent. */
export interface McpOnlySpec {
  name: string;
  /** Its MCP registration for a command given as argv. */
  mcpConfig(command: readonly string[]): unknown;
  /** The rules file its model reads. */
  instructionsFile: string;
  /** Where its MCP config lives, project first. */
  places(where: DoctorWhere): string[];
  /** How to register ctx-mode there, for the doctor's hint. */
  hint: string;
}

const PASS: HookOutput = { stdout: "", exitCode: 0 };

/**
 * The adapter of an MCP-only agent.
 *
 * @param spec The agent's facts.
 * @returns The adapter (its hook events: none).
 */
export function mcpOnlyAdapter(spec: McpOnlySpec): Adapter {
  return {
    name: spec.name,
    paradigm: "mcp-only",
    capabilities: {
      preTool: false,
      postTool: false,
      preCompact: false,
      sessionStart: false,
      userPrompt: false,
      modifyArgs: false,
      modifyOutput: false,
      injectContext: false,
      block: false,
      ask: false,
    },
    event: () => undefined,
    parse() {
      throw new TypeError(
        `Cannot read a ${spec.name} payload: it has no hooks`,
      );
    },
    format: () => PASS,
    passThrough: () => PASS,
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
