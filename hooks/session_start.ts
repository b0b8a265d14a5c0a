/**
 * When a session starts: teach the agent the tool hierarchy (the routing
 * block) and record the project's rule files. After compaction or on resume,
 * add the session guide — the working state ctx-mode remembered. A fresh
 * start (`startup`) also removes sessions idle for over 7 days; `clear`
 * starts fresh and keeps everything.
 *
 * Platform-neutral; the engine's deps do the I/O.
 *
 * @module
 */

import { ROUTING_BLOCK } from "../src/routing/routing_block.ts";
import type { Decision } from "../src/routing/types.ts";
import { SESSION_MAX_AGE_MS } from "../src/session/priority.ts";
import { ruleEvents } from "../src/session/rule_files.ts";
import type { SessionRecord } from "../src/session/types.ts";

/** What the session-start handler needs from the engine. */
export interface SessionStartDeps {
  /** The project's rule files. */
  ruleFiles(): readonly string[];
  /** Stores events for the session. */
  record(record: SessionRecord): unknown;
  /** Removes sessions whose last event is older than `maxAgeMs`. */
  cleanup(maxAgeMs: number): unknown;
  /** The session guide, or undefined when nothing was recorded. */
  restore(): string | undefined | Promise<string | undefined>;
}

/** Session-start sources that continue a session rather than start a new one. */
const CONTINUING = new Set(["compact", "resume"]);

/**
 * The decision at session start.
 *
 * @param input Why the session started: `startup`, `resume`, `clear`, `compact`…
 * @param deps Rule files, recording, cleanup and restore.
 * @returns Context: the routing block, then the session guide when one is restored.
 */
export async function sessionStart(
  input: { source?: string | undefined },
  deps: SessionStartDeps,
): Promise<Decision> {
  const source = input.source ?? "startup";
  // Restore before recording anything, so a resumed session under a new id
  // still finds the session it continues, and the snapshot stays current.
  const guide = CONTINUING.has(source) ? await deps.restore() : undefined;
  if (source === "startup") await deps.cleanup(SESSION_MAX_AGE_MS);
  const rules = deps.ruleFiles();
  if (rules.length > 0) await deps.record({ events: ruleEvents(rules) });
  return {
    kind: "context",
    text: guide ? `${ROUTING_BLOCK}\n\n${guide}` : ROUTING_BLOCK,
  };
}
