/**
 * Pre-compact: the snapshot of a session built from its events and stored,
 * so the working state survives the compaction.
 *
 * Reads and writes only through the session store.
 *
 * @module
 */

import { utf8ByteLength } from "../store/split_oversize.ts";
import { renderGuide } from "./guide.ts";
import { sessionState } from "./session_state.ts";
import { buildSnapshot, SNAPSHOT_BUDGET_BYTES } from "./snapshot.ts";
import type { SessionStore, StoredSnapshot } from "./store.ts";
import { sessionSource } from "./timeline.ts";
import type { SessionKey } from "./types.ts";

/** Options for {@linkcode takeSnapshot}. */
export interface TakeSnapshotOptions {
  /** When, in milliseconds since the epoch. */
  at: number;
  /** What triggered the compaction. @default {"auto"} */
  trigger?: string;
  /** The project directory, to show paths inside it relative to it. @default {""} */
  projectDir?: string;
  /** The byte budget. @default {2048} */
  budget?: number;
}

/**
 * Builds and stores a session's snapshot.
 *
 * @param store The session store.
 * @param session The session.
 * @param options When, why, the project directory and the budget.
 * @returns The stored snapshot, or undefined when the session recorded nothing.
 */
export function takeSnapshot(
  store: SessionStore,
  session: SessionKey,
  options: TakeSnapshotOptions,
): StoredSnapshot | undefined {
  const events = store.events(session);
  if (events.length === 0) return undefined;
  const source = sessionSource(session);
  const snapshot = buildSnapshot(
    sessionState(events, { projectDir: options.projectDir ?? "" }),
    { budget: options.budget ?? SNAPSHOT_BUDGET_BYTES, source },
  );
  const stored: StoredSnapshot = {
    snapshot,
    at: options.at,
    trigger: options.trigger ?? "auto",
    bytes: utf8ByteLength(renderGuide(snapshot, { source })),
  };
  store.saveSnapshot(session, stored);
  return stored;
}
