/**
 * Session start after compaction or on resume: the session guide, built from
 * the stored snapshot when it is current (or from the events when there is
 * none or the session went on after it), with the detailed events indexed
 * into the knowledge base so the guide can point `ctx_search` at them.
 *
 * Reads the session store; writes only the knowledge base's `session:`
 * sources.
 *
 * @module
 */

import { KnowledgeBase } from "../store/knowledge_base.ts";
import { renderGuide } from "./guide.ts";
import { indexTimeline } from "./index_session.ts";
import { sessionState } from "./session_state.ts";
import { buildSnapshot } from "./snapshot.ts";
import type { SessionStore } from "./store.ts";
import { sessionSource } from "./timeline.ts";
import type { SessionKey, Snapshot } from "./types.ts";

/** Options for {@linkcode restoreSession}. */
export interface RestoreOptions {
  /** The project directory, to show paths inside it relative to it. @default {""} */
  projectDir?: string;
  /**
   * When the session recorded nothing (a resumed session under a new id),
   * restore the platform's most recent other session instead.
   * @default {false}
   */
  previous?: boolean;
  /** Hears a one-line note when the events could not be indexed. @default {undefined} */
  onNote?: ((line: string) => void) | undefined;
}

/** A restored session. */
export interface Restored {
  /** The session whose state was restored. */
  session: SessionKey;
  /** The session guide. */
  guide: string;
  /** The snapshot behind it. */
  snapshot: Snapshot;
  /** Whether it came from the stored snapshot (else from the events). */
  fromSnapshot: boolean;
}

/**
 * Restores a session's working state as a guide.
 *
 * @param store The session store (its database also holds the knowledge base).
 * @param session The session that starts.
 * @param options The project directory, the fallback to a previous session, notes.
 * @returns The guide and where it came from, or undefined when nothing was recorded.
 */
export function restoreSession(
  store: SessionStore,
  session: SessionKey,
  options: RestoreOptions = {},
): Restored | undefined {
  const target = store.lastActivity(session) !== undefined
    ? session
    : options.previous
    ? store.sessions().find((other) => other.platform === session.platform)
    : undefined;
  if (!target) return undefined;
  const key = { platform: target.platform, sessionId: target.sessionId };
  const events = store.events(key);
  if (events.length === 0) return undefined;
  let source = sessionSource(key);
  try {
    using kb = KnowledgeBase.open(store.path);
    indexTimeline(kb, key, events);
  } catch (error) {
    source = "";
    options.onNote?.(
      `Cannot index the session events: ${
        (error instanceof Error ? error.message : String(error)).split("\n")[0]
      }`,
    );
  }
  const stored = store.snapshot(key);
  const lastAt = Math.max(...events.map((event) => event.at));
  const fromSnapshot = stored !== undefined && stored.at >= lastAt &&
    source !== "";
  const snapshot = fromSnapshot ? stored.snapshot : buildSnapshot(
    sessionState(events, { projectDir: options.projectDir ?? "" }),
    { source },
  );
  return {
    session: key,
    guide: renderGuide(snapshot, { source }),
    snapshot,
    fromSnapshot,
  };
}
