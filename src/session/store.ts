/**
 * Session events and snapshots in the project database. Short transactions
 * (`BEGIN IMMEDIATE`, retried while another process holds the lock), one row
 * per distinct event (a repeat moves its time and bumps its count), at most
 * {@linkcode MAX_EVENTS_PER_SESSION} events per session (lowest priority,
 * then oldest, evicted first; the newest prompt never).
 *
 * A database found corrupt is moved aside (renamed, never deleted) and a new
 * one started; the caller hears of it through `onNote`. This module never
 * prints.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { openDatabase, reason } from "../store/database.ts";
import { HookLog } from "../store/hook_log.ts";
import {
  fileIdentity,
  headerDamage,
  isCorruption,
  moveAside,
  movedAsideNote,
} from "../store/move_aside.ts";
import { retryBusy } from "./_retry.ts";
import { eventHash } from "./dedup_hash.ts";
import { MAX_EVENTS_PER_SESSION, priorityOf } from "./priority.ts";
import { sessionSource } from "./timeline.ts";
import type {
  SessionEvent,
  SessionKey,
  SessionRecord,
  Snapshot,
} from "./types.ts";

/** Options for opening a session store. */
export interface SessionStoreOptions {
  /** The most events a session keeps. @default {1000} */
  maxEvents?: number;
  /** Move a corrupt database aside and start a new one (else the error is thrown). @default {true} */
  moveCorruptAside?: boolean;
  /** Hears one-line notes, such as a corrupt database moved aside. @default {undefined} */
  onNote?: ((line: string) => void) | undefined;
  /** The clock, for the name of a moved-aside file. @default {Date.now} */
  now?: () => number;
}

/** A stored snapshot. */
export interface StoredSnapshot {
  /** The snapshot. */
  snapshot: Snapshot;
  /** When it was taken. */
  at: number;
  /** What triggered it (`auto`, `manual`…). */
  trigger: string;
  /** The size of its rendered guide in bytes. */
  bytes: number;
}

/** One recorded session. */
export interface SessionSummary extends SessionKey {
  /** When its first event happened. */
  firstAt: number;
  /** When its last event happened. */
  lastAt: number;
  /** How many events it keeps. */
  events: number;
  /** When its snapshot was taken, if it has one. */
  snapshotAt?: number;
}

const EVENT_COLUMNS =
  "id, category, type, priority, at, first_at, count, subject, data, resolved";

/** Session continuity storage over a project database. */
export class SessionStore {
  /** The database file. */
  readonly path: string;
  #db: DatabaseSync;
  #maxEvents: number;

  private constructor(path: string, db: DatabaseSync, maxEvents: number) {
    this.path = path;
    this.#db = db;
    this.#maxEvents = maxEvents;
  }

  /**
   * Opens the session store of a project database, creating it when missing.
   *
   * @param path The database file, or `:memory:`.
   * @param options The event cap, corruption handling and notes.
   * @returns The store; close it when done.
   * @throws {Error} When the database cannot be opened (and, when corrupt,
   * not moved aside).
   */
  static open(path: string, options: SessionStoreOptions = {}): SessionStore {
    const maxEvents = options.maxEvents ?? MAX_EVENTS_PER_SESSION;
    const identity = path === ":memory:" ? undefined : fileIdentity(path);
    // Found before SQLite opens the file for writing, which may drop its -wal.
    const header = path === ":memory:" ? undefined : headerDamage(path);
    if (header !== undefined && options.moveCorruptAside !== false) {
      startOver(path, identity, new Error(header), options);
    }
    try {
      return new SessionStore(
        path,
        retryBusy(() => openDatabase(path)),
        maxEvents,
      );
    } catch (error) {
      if (!isCorruption(error) || options.moveCorruptAside === false) {
        throw error;
      }
      startOver(path, identity, error, options);
      return new SessionStore(
        path,
        retryBusy(() => openDatabase(path)),
        maxEvents,
      );
    }
  }

  /**
   * Records what one hook run saw, in one transaction.
   *
   * @param session The session.
   * @param record The events, resolved subjects and tool call.
   * @param at When it happened, in milliseconds since the epoch.
   */
  record(session: SessionKey, record: SessionRecord, at: number): void {
    const { platform, sessionId } = session;
    this.#write(() => {
      const upsert = this.#db.prepare(
        `INSERT INTO session_events (platform, session_id, category, type, priority, at, first_at, subject, data, hash)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (platform, session_id, hash)
         DO UPDATE SET at = excluded.at, count = count + 1, resolved = 0`,
      );
      for (const draft of record.events) {
        upsert.run(
          platform,
          sessionId,
          draft.category,
          draft.type,
          priorityOf(draft),
          at,
          at,
          draft.subject,
          JSON.stringify(draft.data),
          eventHash(draft),
        );
      }
      if (record.resolves && record.resolves.length > 0) {
        const resolve = this.#db.prepare(
          `UPDATE session_events SET resolved = 1 WHERE platform = ? AND session_id = ?
           AND category = 'error' AND subject = ? AND resolved = 0`,
        );
        for (const subject of record.resolves) {
          resolve.run(platform, sessionId, subject);
        }
      }
      if (record.toolCall) {
        new HookLog(this.#db).recordToolCall(session, {
          ...record.toolCall,
          at,
        });
      }
      if (record.events.length > 0) this.#evict(session);
    });
  }

  /**
   * A session's events, oldest first.
   *
   * @param session The session.
   * @returns Its events.
   */
  events(session: SessionKey): SessionEvent[] {
    return this.#db.prepare(
      `SELECT ${EVENT_COLUMNS} FROM session_events WHERE platform = ? AND session_id = ?
       ORDER BY at, id`,
    ).all(session.platform, session.sessionId).map((row) => ({
      id: Number(row.id),
      category: String(row.category) as SessionEvent["category"],
      type: String(row.type),
      priority: Number(row.priority),
      at: Number(row.at),
      firstAt: Number(row.first_at),
      count: Number(row.count),
      subject: String(row.subject),
      data: JSON.parse(String(row.data)),
      resolved: Number(row.resolved) === 1,
    }));
  }

  /**
   * When a session's latest event happened.
   *
   * @param session The session.
   * @returns Milliseconds since the epoch, or undefined for a session with no events.
   */
  lastActivity(session: SessionKey): number | undefined {
    const row = this.#db.prepare(
      "SELECT max(at) AS at FROM session_events WHERE platform = ? AND session_id = ?",
    ).get(session.platform, session.sessionId);
    return row?.at === null || row?.at === undefined
      ? undefined
      : Number(row.at);
  }

  /**
   * Whether the session compacted after its latest prompt: the next prompt
   * is the first the model answers from the compacted context.
   *
   * @param session The session.
   * @returns True when a compaction is newer than every recorded prompt (and
   *   one was recorded).
   */
  compactedSincePrompt(session: SessionKey): boolean {
    const row = this.#db.prepare(
      `SELECT (SELECT max(at) FROM session_compactions WHERE platform = ?1 AND session_id = ?2) AS compacted,
              (SELECT max(at) FROM session_events WHERE platform = ?1 AND session_id = ?2 AND category = 'prompt') AS prompted`,
    ).get(session.platform, session.sessionId);
    const compacted = row?.compacted;
    if (compacted === null || compacted === undefined) return false;
    // A compaction before any prompt has nothing of the user's to restore.
    const prompted = row?.prompted;
    if (prompted === null || prompted === undefined) return false;
    return Number(compacted) > Number(prompted);
  }

  /**
   * Stores a session's snapshot, replacing the previous one, and notes its
   * size in the compaction history.
   *
   * @param session The session.
   * @param stored The snapshot, when it was taken, its trigger and size.
   */
  saveSnapshot(session: SessionKey, stored: StoredSnapshot): void {
    this.#write(() => {
      this.#db.prepare(
        `INSERT OR REPLACE INTO session_snapshots (platform, session_id, at, trigger, bytes, snapshot)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(
        session.platform,
        session.sessionId,
        stored.at,
        stored.trigger,
        stored.bytes,
        JSON.stringify(stored.snapshot),
      );
      // The history of guide sizes, for the savings report.
      this.#db.prepare(
        "INSERT INTO session_compactions (platform, session_id, at, trigger, bytes) VALUES (?, ?, ?, ?, ?)",
      ).run(
        session.platform,
        session.sessionId,
        stored.at,
        stored.trigger,
        stored.bytes,
      );
    });
  }

  /**
   * A session's snapshot.
   *
   * @param session The session.
   * @returns The stored snapshot, or undefined when none was taken.
   */
  snapshot(session: SessionKey): StoredSnapshot | undefined {
    const row = this.#db.prepare(
      "SELECT at, trigger, bytes, snapshot FROM session_snapshots WHERE platform = ? AND session_id = ?",
    ).get(session.platform, session.sessionId);
    if (!row) return undefined;
    return {
      snapshot: JSON.parse(String(row.snapshot)),
      at: Number(row.at),
      trigger: String(row.trigger),
      bytes: Number(row.bytes),
    };
  }

  /**
   * Every recorded session, the most recently active first.
   *
   * @returns One summary per session.
   */
  sessions(): SessionSummary[] {
    return this.#db.prepare(
      `SELECT e.platform, e.session_id, min(e.first_at) AS first_at, max(e.at) AS last_at,
         count(*) AS events, s.at AS snapshot_at
       FROM session_events e LEFT JOIN session_snapshots s
         ON s.platform = e.platform AND s.session_id = e.session_id
       GROUP BY e.platform, e.session_id ORDER BY last_at DESC, e.session_id`,
    ).all().map((row) => ({
      platform: String(row.platform),
      sessionId: String(row.session_id),
      firstAt: Number(row.first_at),
      lastAt: Number(row.last_at),
      events: Number(row.events),
      ...(row.snapshot_at === null
        ? {}
        : { snapshotAt: Number(row.snapshot_at) }),
    }));
  }

  /**
   * Removes the sessions whose last event is older than `before`: their
   * events, snapshots and indexed `session:` sources.
   *
   * @param before A time in milliseconds since the epoch.
   * @returns How many sessions and events were removed.
   */
  cleanup(before: number): { sessions: number; events: number } {
    const stale = this.#db.prepare(
      `SELECT platform, session_id, count(*) AS events FROM session_events
       GROUP BY platform, session_id HAVING max(at) < ?`,
    ).all(before);
    let events = 0;
    this.#write(() => {
      for (const row of stale) {
        const key = {
          platform: String(row.platform),
          sessionId: String(row.session_id),
        };
        this.#db.prepare(
          "DELETE FROM session_events WHERE platform = ? AND session_id = ?",
        )
          .run(key.platform, key.sessionId);
        this.#db.prepare(
          "DELETE FROM session_snapshots WHERE platform = ? AND session_id = ?",
        )
          .run(key.platform, key.sessionId);
        // The knowledge base has no per-label removal; its chunks and search
        // rows follow the source through the cascade and triggers.
        const label = sessionSource(key);
        this.#db.prepare(
          "DELETE FROM sources WHERE label = ? OR substr(label, 1, length(?) + 1) = ? || '/'",
        ).run(label, label, label);
        events += Number(row.events);
      }
      // The hooks' own bookkeeping of old sessions (notes shown, tool calls seen) goes too.
      this.#db.prepare("DELETE FROM hook_notes WHERE at < ?").run(before);
      this.#db.prepare("DELETE FROM hook_tool_calls WHERE at < ?").run(before);
    });
    return { sessions: stale.length, events };
  }

  /**
   * Records that a session was shown a guidance note of a kind, unless it
   * already was (the hook log's notes, on this store's connection).
   *
   * @param session The session.
   * @param kind The note's kind.
   * @param at When, in milliseconds since the epoch.
   * @returns Whether it is the session's first note of that kind (to show).
   */
  noteOnce(session: SessionKey, kind: string, at: number): boolean {
    return new HookLog(this.#db).noteOnce(session, kind, at);
  }

  /** Closes the database. */
  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  /** Drops the lowest-priority, then oldest, events past the cap; never the newest prompt. */
  #evict(session: SessionKey): void {
    const { platform, sessionId } = session;
    const count = Number(
      this.#db.prepare(
        "SELECT count(*) AS n FROM session_events WHERE platform = ? AND session_id = ?",
      ).get(platform, sessionId)?.n ?? 0,
    );
    if (count <= this.#maxEvents) return;
    this.#db.prepare(
      `DELETE FROM session_events WHERE id IN (
         SELECT id FROM session_events WHERE platform = ? AND session_id = ?
         AND id <> coalesce((SELECT id FROM session_events WHERE platform = ? AND session_id = ?
           AND category = 'prompt' ORDER BY at DESC, id DESC LIMIT 1), -1)
         ORDER BY priority, at, id LIMIT ?)`,
    ).run(platform, sessionId, platform, sessionId, count - this.#maxEvents);
  }

  /** One short write transaction, taken with the write lock up front and retried while locked. */
  #write(work: () => void): void {
    retryBusy(() => {
      this.#db.exec("BEGIN IMMEDIATE");
      try {
        work();
        this.#db.exec("COMMIT");
      } catch (error) {
        if (this.#db.isTransaction) this.#db.exec("ROLLBACK");
        throw error;
      }
    });
  }
}

/**
 * Runs work on a project's session store, closing it afterwards. When the
 * database turns out corrupt while the work runs, it is moved aside and the
 * work runs once more on a new one.
 *
 * @param path The database file.
 * @param work What to do with the store.
 * @param options As for {@linkcode SessionStore.open}.
 * @returns What `work` returns.
 */
export function withSessionStore<T>(
  path: string,
  work: (store: SessionStore) => T,
  options: SessionStoreOptions = {},
): T {
  for (let attempt = 0;; attempt++) {
    const identity = path === ":memory:" ? undefined : fileIdentity(path);
    const store = SessionStore.open(path, options);
    try {
      return work(store);
    } catch (error) {
      if (
        attempt > 0 || !isCorruption(error) ||
        options.moveCorruptAside === false || path === ":memory:"
      ) {
        throw error;
      }
      store.close();
      startOver(path, identity, error, options);
    } finally {
      store.close();
    }
  }
}

/** Moves a corrupt file aside and says so; a file another process already moved is left alone. */
function startOver(
  path: string,
  identity: string | undefined,
  error: unknown,
  options: SessionStoreOptions,
): void {
  const message = error instanceof Error ? error.message : String(error);
  const why = message.match(/": (.*)$/m)?.[1] ?? reason(error);
  const aside = moveAside(path, (options.now ?? Date.now)(), identity);
  if (aside) options.onNote?.(movedAsideNote(path, why, aside));
}
