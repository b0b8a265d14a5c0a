/**
 * The platforms ctx-mode's hook command serves, each loaded only when its
 * hook runs. Adding a platform is adding its module and one line here.
 *
 * @module
 */

import type { Adapter } from "./types.ts";

// Literal import() calls so that `deno compile` embeds each adapter.
const LOADERS: Record<string, () => Promise<Adapter>> = {
  "claude-code": async () => (await import("./claude_code.ts")).claudeCode,
  opencode: async () => (await import("./opencode.ts")).openCode,
  kilocode: async () => (await import("./kilocode.ts")).kiloCode,
  pi: async () => (await import("./pi.ts")).pi,
  omp: async () => (await import("./pi.ts")).omp,
  openclaw: async () => (await import("./openclaw.ts")).openClaw,
  amp: async () => (await import("./amp.ts")).amp,
  "hermes-plugin": async () =>
    (await import("./hermes_plugin.ts")).hermesPlugin,
  zed: async () => (await import("./zed.ts")).zed,
  antigravity: async () => (await import("./antigravity.ts")).antigravity,
};

/** The platform names the hook command accepts. */
export const PLATFORM_NAMES: readonly string[] = Object.keys(LOADERS);

/**
 * The adapter of a platform.
 *
 * @param name The platform's name on the command line.
 * @returns The adapter, or undefined for an unknown platform.
 */
export async function adapterFor(name: string): Promise<Adapter | undefined> {
  const load = LOADERS[name];
  return load ? await load() : undefined;
}
