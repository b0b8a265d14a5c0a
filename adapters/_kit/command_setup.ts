/**
 * The shared set-up of the command-hook adapters: one {@linkcode SetupSpec}
 * (set-up files, instructions file, where the doctor looks) and the agent's
 * adapter become its {@linkcode AgentSetup}. The routing instructions name
 * ctx-mode's tools as the agent's model sees them; the doctor checks the
 * events the adapter registers.
 *
 * Off the hook path: loaded by `agentFor` in `registry.ts` only.
 *
 * @module
 */

import { routingInstructions } from "../../src/routing/routing_block.ts";
import type { InstallTarget } from "../../src/install/types.ts";
import type { DoctorPlaces } from "./doctor.ts";
import { renameServerTools } from "./command_hooks.ts";
import { doctorKit } from "../registry.ts";
import type {
  Adapter,
  AgentSetup,
  ConfigFile,
  DoctorWhere,
  PlatformCheck,
} from "../types.ts";

/** One command-hook platform's set-up, as data. */
export interface SetupSpec {
  /** What `install` writes (and `uninstall` removes). */
  install: InstallTarget;
  /** The platform's set-up files. */
  configFiles(command: string): ConfigFile[];
  /** The routing instructions file, relative to the project. */
  instructionsFile: string;
  /** Wraps the routing instructions (front matter a rules file needs). @default {the text as is} */
  instructionsText?: (text: string) => string;
  /** Where the doctor looks, given the hint `run: <command> install <name>`. */
  doctorPlaces(where: DoctorWhere, installHint: string): DoctorPlaces;
  /** Unverified facts, for the docs. */
  unverified: readonly string[];
  /** How results are shrunk, or why not (see `AgentSetup.shrinkNote`). @default {undefined} */
  shrinkNote?: string;
  /** Which results are shrunk, when not all (see `AgentSetup.shrinkScope`). @default {undefined} */
  shrinkScope?: string;
}

/**
 * Builds the set-up of a command-hook platform.
 *
 * @param adapter The platform's adapter (its name, event names and tool names).
 * @param spec Its set-up facts.
 * @returns The set-up.
 */
export function defineSetup(adapter: Adapter, spec: SetupSpec): AgentSetup {
  const serverToolName = adapter.serverToolName ?? ((tool: string) => tool);
  return {
    name: adapter.name,
    install: spec.install,
    unverified: spec.unverified,
    ...(spec.shrinkNote === undefined ? {} : { shrinkNote: spec.shrinkNote }),
    ...(spec.shrinkScope === undefined
      ? {}
      : { shrinkScope: spec.shrinkScope }),
    configFiles: spec.configFiles,
    config(command: string): unknown {
      return Object.fromEntries(
        spec.configFiles(command).map((file) => [file.name, file.data]),
      );
    },
    instructions: () => ({
      file: spec.instructionsFile,
      text: (spec.instructionsText ?? ((text) => text))(
        renameServerTools(routingInstructions(), serverToolName),
      ),
    }),
    async doctor(where: DoctorWhere): Promise<PlatformCheck[]> {
      const { doctorChecks, installHint } = await doctorKit();
      const places = spec.doctorPlaces(where, installHint(adapter.name));
      return doctorChecks(adapter.name, places, {
        events: Object.values(adapter.eventNames ?? {}).filter((
          name,
        ): name is string => typeof name === "string"),
        where,
      });
    },
  };
}
