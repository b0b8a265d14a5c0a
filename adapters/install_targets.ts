/**
 * Every agent `ctx-mode install` knows, in the order it offers them: the
 * install target in each agent's set-up (`adapters/<agent>/setup.ts`), for
 * every platform the registry names. Adding an agent adds no line here.
 *
 * Loads every agent's set-up when imported: for `install`, `uninstall` and
 * the doctor, never the hook path.
 *
 * @module
 */

import { agentFor, PLATFORM_NAMES } from "./registry.ts";
import { offerRank } from "./install_names.ts";
import type { InstallTarget } from "../src/install/types.ts";

async function loadTargets(): Promise<InstallTarget[]> {
  const targets: InstallTarget[] = [];
  for (const name of PLATFORM_NAMES) {
    const agent = await agentFor(name);
    if (agent) targets.push(agent.install);
  }
  return targets.sort((a, b) => offerRank(a.name) - offerRank(b.name));
}

/** The install targets, in the order `install` offers them. */
export const INSTALL_TARGETS: readonly InstallTarget[] = await loadTargets();

/**
 * The install target of an agent.
 *
 * @param name The agent's name (`claude-code`).
 * @returns The target, or undefined.
 */
export function installTarget(name: string): InstallTarget | undefined {
  return INSTALL_TARGETS.find((target) => target.name === name);
}
