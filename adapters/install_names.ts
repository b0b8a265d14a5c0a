/**
 * The names of the agents `ctx-mode install` knows, in the order it offers
 * them, without loading their set-ups: `install --help` and a bad argument
 * list and check them before anything loads the config formats' npm
 * packages. Every platform is an install target of its name.
 *
 * @module
 */

import { PLATFORM_NAMES } from "./registry.ts";

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

/**
 * Where an agent comes in the offer order.
 *
 * @param name The agent's name.
 * @returns Its rank: lower comes first.
 */
export function offerRank(name: string): number {
  const index = OFFER_ORDER.indexOf(name);
  return index === -1 ? OFFER_ORDER.length : index;
}

/** The agents' names, in the order `install` offers them. */
export const INSTALL_NAMES: readonly string[] = [...PLATFORM_NAMES].sort(
  (a, b) => offerRank(a) - offerRank(b),
);
