/**
 * Opens the project's session store for one piece of hook work. Session
 * continuity never fails a hook: an error is one line on stderr and the hook
 * goes on without it.
 *
 * @module
 */

import type {
  SessionStore,
  withSessionStore as WithSessionStore,
} from "../../src/session/store.ts";
import type { SessionStoreCache } from "../../src/session/store_cache.ts";
import { firstLine, loadEngineModule, warn } from "./_where.ts";

/**
 * Runs work on the project's session store.
 *
 * @param database The project's database file.
 * @param work What to do with the store.
 * @param kept The stores a long-lived process keeps open. @default {undefined: open, then close}
 * @returns The work's result, or undefined when the store failed.
 */
export async function withSession<T>(
  database: string,
  work: (store: SessionStore) => T,
  kept?: SessionStoreCache,
): Promise<T | undefined> {
  try {
    if (kept) return kept.with(database, work, { onNote: warn });
    const { withSessionStore } = await loadEngineModule<
      { withSessionStore: typeof WithSessionStore }
    >("sessionStore");
    return withSessionStore(database, work, { onNote: warn });
  } catch (error) {
    warn(`${firstLine(error)}; letting the call proceed`);
    return undefined;
  }
}
