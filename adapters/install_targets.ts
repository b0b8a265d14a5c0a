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
import type { InstallTarget } from "../src/install/types.ts";

/**
 * The order `install` lists and offers the agents in, the most used first;
 * an agent not named here comes after these, in the registry's order.
 */
const OFFER_ORDER: readonly string[] = [
  "claude-code",
  "gemini-cli",
  "codex",
  "qwen-code",
  "cursor",
  "vscode-copilot",
  "opencode",
  "hermes",
  "copilot-cli",
  "jetbrains-copilot",
  "kiro",
  "antigravity-cli",
  "antigravity",
  "zed",
  "kimi",
  "hermes-plugin",
  "kilocode",
  "pi",
  "omp",
  "openclaw",
  "amp",
];

async function loadTargets(): Promise<InstallTarget[]> {
  const targets: InstallTarget[] = [];
  for (const name of PLATFORM_NAMES) {
    const agent = await agentFor(name);
    if (agent) targets.push(agent.install);
  }
  const rank = (target: InstallTarget) => {
    const index = OFFER_ORDER.indexOf(target.name);
    return index === -1 ? OFFER_ORDER.length : index;
  };
  return targets.sort((a, b) => rank(a) - rank(b));
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
