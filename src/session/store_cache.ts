/**
 * Open session stores kept across requests, for a process that answers many
 * hooks (the MCP server's hook socket): opening a project database (WAL
 * mode, schema check) costs a few milliseconds a hook would otherwise pay
 * each time. Each write is still its own short `BEGIN IMMEDIATE`
 * transaction, so other processes writing the same file lose nothing.
 *
 * A store is used again only while its file is the same one (same device
 * and inode): a database deleted, moved aside as corrupt or replaced by
 * another process is opened afresh. Where files have no inode (Windows),
 * nothing is kept. Work that fails closes the store; a
 * corrupt database is handled as {@linkcode withSessionStore} handles it.
 *
 * @module
 */

import {
  SessionStore,
  type SessionStoreOptions,
  withSessionStore,
} from "./store.ts";
import { isCorruption } from "../store/move_aside.ts";

/** How many databases stay open at most (the least recently used closes). */
const MAX_OPEN = 8;

interface Entry {
  store: SessionStore;
  file: string;
}

/** Session stores kept open, by database file. */
export class SessionStoreCache {
  #open = new Map<string, Entry>();

  /**
   * Runs work on a project's session store, kept open afterwards.
   *
   * @param path The database file.
   * @param work What to do with the store.
   * @param options As for {@linkcode SessionStore.open}.
   * @returns What `work` returns.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { SessionStoreCache } from "./store_cache.ts";
   * const dir = Deno.makeTempDirSync();
   * const cache = new SessionStoreCache();
   * const first = cache.with(`${dir}/p.db`, (store) => store);
   * assert.equal(cache.with(`${dir}/p.db`, (store) => store), first);
   * cache.close();
   * Deno.removeSync(dir, { recursive: true });
   * ```
   */
  with<T>(
    path: string,
    work: (store: SessionStore) => T,
    options: SessionStoreOptions = {},
  ): T {
    const kept = this.#take(path);
    if (kept) {
      try {
        const result = work(kept.store);
        this.#keep(path, kept);
        return result;
      } catch (error) {
        kept.store.close();
        if (!isCorruption(error)) throw error;
        // Moved aside and started over, as a hook process would.
        return withSessionStore(path, work, options);
      }
    }
    const store = SessionStore.open(path, options);
    try {
      const result = work(store);
      const file = fileOf(path);
      if (file !== undefined) this.#keep(path, { store, file });
      else store.close();
      return result;
    } catch (error) {
      store.close();
      if (!isCorruption(error)) throw error;
      return withSessionStore(path, work, options);
    }
  }

  /** Closes every store. */
  close(): void {
    for (const { store } of this.#open.values()) store.close();
    this.#open.clear();
  }

  /** The kept store of a file that is still the one it opened, taken out of the cache. */
  #take(path: string): Entry | undefined {
    const entry = this.#open.get(path);
    if (!entry) return undefined;
    this.#open.delete(path);
    if (fileOf(path) === entry.file) return entry;
    entry.store.close();
    return undefined;
  }

  /** Keeps a store as the most recently used; closes the least recently used past the limit. */
  #keep(path: string, entry: Entry): void {
    this.#open.set(path, entry);
    for (const [oldest, { store }] of this.#open) {
      if (this.#open.size <= MAX_OPEN) break;
      store.close();
      this.#open.delete(oldest);
    }
  }
}

/**
 * The file at a path, by device and inode; undefined when there is none, or
 * where the OS gives no inode (Windows, where an open file also could not be
 * moved aside or deleted by others: stores are not kept there).
 */
function fileOf(path: string): string | undefined {
  try {
    const info = Deno.statSync(path);
    return info.ino === null ? undefined : `${info.dev}:${info.ino}`;
  } catch {
    return undefined;
  }
}
