/**
 * The set-up every in-process plugin agent shares: its plugin files
 * (generated from the templates in the agents' folders, `adapters/<agent>/plugin.js`), its MCP entry, the routing
 * instructions file, and a doctor that looks for the plugin and the server.
 * Off the hook path (see `./plugin_hooks.ts` for the hooks).
 *
 * @module
 */

import { routingInstructions } from "../../src/routing/routing_block.ts";
import { doctorKit } from "../registry.ts";
import type { InstallTarget } from "../../src/install/types.ts";
import type {
  Adapter,
  AgentSetup,
  DoctorWhere,
  PlatformCheck,
} from "../types.ts";

/** One plugin agent's set-up. */
export interface PluginSetupSpec {
  /** What `install` writes (and `uninstall` removes). */
  install: InstallTarget;
  /** The MCP registration in its config file, for a command given as argv; undefined without MCP. */
  mcpConfig?: (command: readonly string[]) => unknown;
  /** The routing instructions file. */
  instructionsFile: string;
  /** The plugin files, relative to `configs/<agent>/`, for a command given as argv. */
  pluginFiles(command: readonly string[]): Promise<Record<string, string>>;
  /** Where the doctor looks: plugin files and MCP config files, project first. */
  places(where: DoctorWhere): { plugins: string[]; mcp: string[] };
  /** How its plugin shrinks results, read in the agent's source at a version (see `AgentSetup.shrinkNote`). @default {undefined} */
  shrinkNote?: string;
}

/**
 * The set-up of a plugin agent.
 *
 * @param adapter The agent's adapter (its name).
 * @param spec The agent's set-up facts.
 * @returns The set-up.
 */
export function pluginSetup(
  adapter: Adapter,
  spec: PluginSetupSpec,
): AgentSetup {
  const name = adapter.name;
  return {
    name,
    install: spec.install,
    ...(spec.shrinkNote === undefined ? {} : { shrinkNote: spec.shrinkNote }),
    config(command: string): unknown {
      return spec.mcpConfig?.(command.split(" ")) ?? {};
    },

    instructions(): { file: string; text: string } {
      return { file: spec.instructionsFile, text: routingInstructions() };
    },

    pluginFiles: spec.pluginFiles,

    async doctor(where: DoctorWhere): Promise<PlatformCheck[]> {
      const { installHint } = await doctorKit();
      const places = spec.places(where);
      const plugin = places.plugins.find((path) =>
        where.readText(path) !== undefined
      );
      const mcp = places.mcp.find((path) =>
        /["']?ctx-mode["']?\s*[:=]/.test(where.readText(path) ?? "")
      );
      const checks: PlatformCheck[] = [
        plugin
          ? {
            name: `${name} plugin`,
            status: "ok",
            detail: `found at ${plugin}`,
          }
          : {
            name: `${name} plugin`,
            status: "warn",
            detail: `not found; ${installHint(name)}`,
          },
      ];
      if (spec.mcpConfig) {
        checks.push(
          mcp
            ? {
              name: `${name} MCP server`,
              status: "ok",
              detail: `registered in ${mcp}`,
            }
            : {
              name: `${name} MCP server`,
              status: "warn",
              detail: `not registered; ${installHint(name)}`,
            },
        );
      }
      return checks;
    },
  };
}

/** The folder the plugin templates' paths are relative to (`adapters/`). */
const TEMPLATES_BASE = new URL("../", import.meta.url);

/**
 * A plugin's source: its template with the shared channel client, the
 * ctx-mode command and the template's own values (`__NAME__`) filled in.
 * Read through `fetch`, so it works from a clone, from JSR and from the
 * compiled binary (which embeds the templates).
 *
 * @param template The agent's template, relative to `adapters/` (`./plugins/opencode.js`).
 * @param command The ctx-mode command as argv.
 * @param values The template's values by name (`PLATFORM` for `__PLATFORM__`).
 * @returns The plugin's source.
 */
export async function pluginSource(
  template: string,
  command: readonly string[],
  values: Readonly<Record<string, string>>,
): Promise<string> {
  const [body, channel] = await Promise.all(
    [template, "./_kit/channel.js"].map(async (file) => {
      const response = await fetch(new URL(file, TEMPLATES_BASE));
      if (!response.ok) {
        throw new Error(
          `Cannot read the plugin template "${file}": ${response.status} ${response.statusText}`,
        );
      }
      return await response.text();
    }),
  );
  // The templates' lint directives are for this repository, not for the agent.
  const source = (text: string) =>
    text.split("\n").filter((line) =>
      !line.startsWith("// deno-lint-ignore-file")
    ).join("\n").trim();
  let result = source(body!)
    .replace("/* __CTX_MODE_CHANNEL__ */", () => source(channel!))
    .replace("__CTX_MODE_COMMAND__", () => JSON.stringify(command));
  for (const [name, value] of Object.entries(values)) {
    result = result.replaceAll(`__${name}__`, value);
  }
  return `${result}\n`;
}
