/**
 * Opens the project's session store for one piece of hook work. Session
 * continuity never fails a hook: an error is one line on stderr and the hook
 * goes on without it.
 *
 * @module
 */

import type { SessionStore } from "../../session/store.ts";
import { firstLine, warn } from "./_where.ts";

/**
 * Runs work on the project's session store.
 *
 * @param database The project's database file.
 * @param work What to do with the store.
 * @returns The work's result, or undefined when the store failed.
 */
export async function withSession<T>(
  database: string,
  work: (store: SessionStore) => T,
): Promise<T | undefined> {
  try {
    const { withSessionStore } = await import("../../session/store.ts");
    return withSessionStore(database, work, { onNote: warn });
  } catch (error) {
    warn(`${firstLine(error)}; letting the call proceed`);
    return undefined;
  }
}
