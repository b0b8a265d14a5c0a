/**
 * What hooks remember between their short processes: the guidance notes a
 * session has been shown, and the tool calls they saw run.
 *
 * Writes only to the `hook_notes` and `hook_tool_calls` tables; never prints.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { openDatabase } from "./database.ts";

/** One session of one platform. */
export interface HookSession {
  /** The platform's name. */
  platform: string;
  /** The session id. */
  sessionId: string;
}

/** Hook bookkeeping in a project database. */
export class HookLog {
  #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /**
   * Opens the hook log of a project database file.
   *
   * @param path The database file.
   * @returns The log; close it when done.
   */
  static open(path: string): HookLog {
    return new HookLog(openDatabase(path));
  }

  /** Whether the session was already shown a note of this kind. */
  noted(session: HookSession, kind: string): boolean {
    return this.#db.prepare(
      "SELECT 1 FROM hook_notes WHERE platform = ? AND session_id = ? AND kind = ?",
    ).get(session.platform, session.sessionId, kind) !== undefined;
  }

  /** Records that the session was shown a note of this kind. */
  note(session: HookSession, kind: string, at: number): void {
    this.#db.prepare(
      "INSERT OR IGNORE INTO hook_notes (platform, session_id, kind, at) VALUES (?, ?, ?, ?)",
    ).run(session.platform, session.sessionId, kind, at);
  }

  /**
   * Records a note of this kind for the session unless one is recorded.
   *
   * @returns Whether it is the session's first note of that kind (to show).
   */
  noteOnce(session: HookSession, kind: string, at: number): boolean {
    if (this.noted(session, kind)) return false;
    this.note(session, kind, at);
    return true;
  }

  /** Records a tool call that ran. */
  recordToolCall(
    session: HookSession,
    call: { tool: string; kind: string; at: number; outputBytes: number },
  ): void {
    this.#db.prepare(
      "INSERT INTO hook_tool_calls (platform, session_id, tool, kind, at, output_bytes) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(
      session.platform,
      session.sessionId,
      call.tool,
      call.kind,
      call.at,
      call.outputBytes,
    );
  }

  /** Calls and output bytes per tool for a session. */
  toolCounts(
    session: HookSession,
  ): Array<{ tool: string; calls: number; outputBytes: number }> {
    return this.#db.prepare(
      `SELECT tool, count(*) AS calls, sum(output_bytes) AS bytes FROM hook_tool_calls
       WHERE platform = ? AND session_id = ? GROUP BY tool ORDER BY calls DESC, tool`,
    ).all(session.platform, session.sessionId).map((row) => ({
      tool: String(row.tool),
      calls: Number(row.calls),
      outputBytes: Number(row.bytes),
    }));
  }

  /** Closes the database. */
  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  /** Closes the database at the end of a `using` scope. */
  [Symbol.dispose](): void {
    this.close();
  }
}
