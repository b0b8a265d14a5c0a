/**
 * When a session starts (or resumes, or restarts after compaction): teach the
 * agent the tool hierarchy by adding the routing block to its context.
 * Restoring the working state after compaction comes with session continuity.
 *
 * Platform-neutral and pure.
 *
 * @module
 */

import { ROUTING_BLOCK } from "../src/routing/routing_block.ts";
import type { Decision } from "../src/routing/types.ts";

/**
 * The decision at session start.
 *
 * @returns Context carrying the routing block.
 */
export function sessionStart(): Decision {
  return { kind: "context", text: ROUTING_BLOCK };
}
