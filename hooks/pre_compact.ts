/**
 * Before the agent compacts its conversation: snapshot the session's working
 * state (within its 2 KB budget) so the session start that follows can give
 * it back.
 *
 * Platform-neutral; the engine's `snapshot` does the I/O. It never blocks
 * compaction: the answer is always allow.
 *
 * @module
 */

import type { Decision } from "../src/routing/types.ts";

/** What the pre-compact handler needs from the engine. */
export interface PreCompactDeps {
  /** Builds and stores the session's snapshot; failures are the engine's to report. */
  snapshot(trigger: string): unknown;
}

/**
 * Takes the snapshot and lets compaction go ahead.
 *
 * @param input What triggered the compaction (`manual` or `auto`), when known.
 * @param deps Where the snapshot goes.
 * @returns Allow.
 */
export async function preCompact(
  input: { trigger?: string | undefined },
  deps: PreCompactDeps,
): Promise<Decision> {
  await deps.snapshot(input.trigger ?? "auto");
  return { kind: "allow" };
}
