/**
 * The plugin files of each in-process agent (OpenCode, Pi, Hermes's Python
 * plugin, …), made for an installation's command by the agent's adapter:
 * what install writes, and what uninstall, `--repair` and the doctor look
 * for.
 *
 * Loads the adapters; never writes.
 *
 * @module
 */

import { agentFor } from "./registry.ts";
import type { LaunchCommand } from "../src/install/launch_command.ts";
import type { InstallTarget } from "../src/install/types.ts";

/**
 * The plugin files of each target whose agent takes a plugin.
 *
 * @param targets The targets.
 * @param launch The installation's command.
 * @returns The files by target name, then by path relative to the agent's `configs/` folder.
 */
export async function pluginFilesOf(
  targets: readonly InstallTarget[],
  launch: LaunchCommand,
): Promise<Map<string, Record<string, string>>> {
  const files = new Map<string, Record<string, string>>();
  for (const target of targets) {
    const adapter = await agentFor(target.name);
    if (adapter?.pluginFiles) {
      files.set(
        target.name,
        await adapter.pluginFiles([launch.command, ...launch.args]),
      );
    }
  }
  return files;
}
