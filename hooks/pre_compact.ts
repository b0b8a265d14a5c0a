/**
 * Before the agent compacts its conversation. The snapshot of the working
 * state comes with session continuity; until then compaction proceeds.
 *
 * Platform-neutral and pure; it must never block compaction.
 *
 * @module
 */

import type { Decision } from "../src/routing/types.ts";

/**
 * The decision before compaction.
 *
 * @returns Allow: compaction goes ahead.
 */
export function preCompact(): Decision {
  return { kind: "allow" };
}
