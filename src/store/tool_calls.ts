/**
 * The record of MCP tool calls per server session: what each call handled
 * (read, ran, fetched) and what it returned to the context.
 *
 * Writes only to the `tool_calls` table; never prints.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";

/** One recorded call. */
export interface ToolCallRecord {
  /** The server session. */
  sessionId: string;
  /** The tool's name. */
  tool: string;
  /** When it finished, in milliseconds since the epoch. */
  at: number;
  /** Bytes the tool handled on the caller's behalf. */
  bytesIn: number;
  /** Bytes it put into the context. */
  bytesOut: number;
  /** Whether it ended in an error result. */
  error: boolean;
  /** What the call found, for the savings report (ctx_search: its queries and hit counts). */
  detail?: ToolCallDetail;
}

/**
 * The start of the tool name a shrink is recorded under (`shrink/Bash`): a
 * native tool's result that a post-tool hook replaced by its compact view,
 * with the result's size as handled and the view's as returned.
 */
export const SHRINK_TOOL_PREFIX = "shrink/";

/** Bytes handled, returned and kept out (handled minus returned, per call). */
export interface ByteTotals {
  /** Bytes the tools handled (the measured originals). */
  handled: number;
  /** Bytes the model got. */
  returned: number;
  /** Bytes kept out of the context, summed per call. */
  keptOut: number;
}

/** What a search call found. */
export interface ToolCallDetail {
  /** Each query with its hit count. */
  queries: Array<{ query: string; hits: number }>;
}

/** Access to the `tool_calls` table of a project database. */
export class ToolCallLog {
  #db: DatabaseSync;

  /**
   * Wraps a project-database connection whose schema has the `tool_calls`
   * table; `KnowledgeBase.toolCalls()` gives one.
   *
   * @param db An open connection from `openDatabase`.
   */
  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Records one call. */
  record(call: ToolCallRecord): void {
    this.#db.prepare(
      "INSERT INTO tool_calls (session_id, tool, at, bytes_in, bytes_out, error, detail) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run(
      call.sessionId,
      call.tool,
      call.at,
      call.bytesIn,
      call.bytesOut,
      call.error ? 1 : 0,
      call.detail ? JSON.stringify(call.detail) : null,
    );
  }

  /** Every call of a session, oldest first. */
  session(sessionId: string): ToolCallRecord[] {
    return this.#db.prepare(
      "SELECT session_id, tool, at, bytes_in, bytes_out, error FROM tool_calls WHERE session_id = ? ORDER BY at, id",
    ).all(sessionId).map((row) => ({
      sessionId: String(row.session_id),
      tool: String(row.tool),
      at: Number(row.at),
      bytesIn: Number(row.bytes_in),
      bytesOut: Number(row.bytes_out),
      error: Number(row.error) === 1,
    }));
  }

  /**
   * A session's bytes: ctx-mode's tools' calls, and apart from them the
   * results shrunk after the fact (tools named {@linkcode SHRINK_TOOL_PREFIX}…).
   */
  totals(sessionId: string): ByteTotals & { shrunk: ByteTotals } {
    const rows = this.#db.prepare(
      `SELECT substr(tool, 1, ${SHRINK_TOOL_PREFIX.length}) = ? AS shrunk,
         COALESCE(SUM(bytes_in), 0) AS handled, COALESCE(SUM(bytes_out), 0) AS returned,
         COALESCE(SUM(MAX(bytes_in - bytes_out, 0)), 0) AS kept
       FROM tool_calls WHERE session_id = ? GROUP BY 1`,
    ).all(SHRINK_TOOL_PREFIX, sessionId);
    const of = (shrunk: boolean): ByteTotals => {
      const row = rows.find((row) => (Number(row.shrunk) === 1) === shrunk);
      return {
        handled: Number(row?.handled ?? 0),
        returned: Number(row?.returned ?? 0),
        keptOut: Number(row?.kept ?? 0),
      };
    };
    return { ...of(false), shrunk: of(true) };
  }

  /** The session with the most recent call, if any. */
  latestSession(): string | undefined {
    const row = this.#db.prepare(
      "SELECT session_id FROM tool_calls ORDER BY at DESC, id DESC LIMIT 1",
    ).get();
    return row ? String(row.session_id) : undefined;
  }
}
