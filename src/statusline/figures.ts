/**
 * The figures a status line shows, read from the data home: this session's
 * bytes handled and returned by ctx-mode's tools, the knowledge base's size,
 * whether the project's MCP server is alive, and the guard's latest deny.
 *
 * Reads only: never creates the database or any file, never waits on a lock,
 * and loads neither the MCP SDK nor the store's modules (the status line runs
 * many times a minute). A figure that cannot be read is left out.
 *
 * @module
 */

import { HEARTBEAT_MAX_AGE_MS, readHeartbeat } from "../config/heartbeat.ts";
import { projectDatabasePath } from "../config/paths.ts";
import { auditLogPath } from "../safety/audit_log.ts";
import {
  readSessionTotals,
  type SessionTotals,
  sessionTotalsPath,
} from "./session_totals.ts";
import { ToolCallLog } from "../store/tool_calls.ts";

/** A recent guard deny counts for this long, in milliseconds. */
export const RECENT_DENY_MS = 60_000;

/** How much of the audit log's end is read for recent denies, in bytes. */
const AUDIT_TAIL_BYTES = 16_384;

/** What the status line shows. */
export interface StatusFigures {
  /** Bytes ctx-mode's tools handled this session; undefined when unreadable. */
  handled?: number;
  /** Bytes they returned to the context. */
  returned?: number;
  /** Bytes kept out: the sum over calls of handled minus returned. */
  keptOut?: number;
  /** Bytes kept out by shrinking native tools' results (their size minus their views'). */
  shrunkOut?: number;
  /** The project database's size on disk (with its write-ahead log), if it exists. */
  knowledgeBaseBytes?: number;
  /** The project's MCP server: running, gone without cleaning up, or not running. */
  server: "alive" | "stale" | "none";
  /** The rule of a guard deny in this project within the last minute. */
  recentDeny?: string;
}

function fileSize(path: string): number | undefined {
  try {
    return Deno.statSync(path).size;
  } catch {
    return undefined;
  }
}

async function sessionBytes(
  path: string,
  sessionId: string,
  totalsFile: string,
): Promise<
  Pick<StatusFigures, "handled" | "returned" | "keptOut" | "shrunkOut">
> {
  const figures = (totals: SessionTotals) => ({
    handled: totals.handled,
    returned: totals.returned,
    keptOut: totals.keptOut,
    ...(totals.shrunk ? { shrunkOut: totals.shrunk.keptOut } : {}),
  });
  // The server and the hooks keep this file current: no SQLite to load in the common case.
  const totals = readSessionTotals(totalsFile);
  if (totals) return figures(totals);
  let db: import("node:sqlite").DatabaseSync | undefined;
  try {
    // Loaded only without the totals file: it is most of the command's own time.
    const { DatabaseSync } = await import("node:sqlite");
    db = new DatabaseSync(path, { readOnly: true });
    return figures(new ToolCallLog(db).totals(sessionId));
  } catch {
    // Locked, damaged or from before tool-call accounting: no figures this time.
    return {};
  } finally {
    db?.close();
  }
}

function inside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`);
}

/** The rule of the newest deny in the project within `RECENT_DENY_MS`, reading only the log's tail. */
export function recentDeny(
  dataHome: string,
  projectDir: string,
  now: number,
): string | undefined {
  let file: Deno.FsFile | undefined;
  try {
    file = Deno.openSync(auditLogPath(dataHome), { read: true });
    const stat = file.statSync();
    // Nothing was appended within the window: no need to read.
    if (stat.mtime && now - stat.mtime.getTime() > RECENT_DENY_MS) {
      return undefined;
    }
    const size = stat.size;
    const start = Math.max(0, size - AUDIT_TAIL_BYTES);
    file.seekSync(start, Deno.SeekMode.Start);
    const buffer = new Uint8Array(size - start);
    let read = 0;
    while (read < buffer.length) {
      const n = file.readSync(buffer.subarray(read));
      if (n === null) break;
      read += n;
    }
    const lines = new TextDecoder().decode(buffer.subarray(0, read)).split(
      "\n",
    );
    for (let i = lines.length - 1; i >= (start > 0 ? 1 : 0); i--) {
      const line = lines[i]!;
      if (line.trim() === "") continue;
      let entry: {
        at?: unknown;
        verdict?: unknown;
        rule?: unknown;
        cwd?: unknown;
      };
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const at = typeof entry.at === "string" ? Date.parse(entry.at) : NaN;
      if (Number.isNaN(at)) continue;
      if (now - at > RECENT_DENY_MS) return undefined;
      if (
        entry.verdict === "deny" && typeof entry.rule === "string" &&
        typeof entry.cwd === "string" && inside(entry.cwd, projectDir)
      ) {
        return entry.rule;
      }
    }
  } catch {
    // No log yet, or unreadable: nothing to warn about.
  } finally {
    file?.close();
  }
  return undefined;
}

/**
 * Reads the figures of one session in one project.
 *
 * @param dataHome The data home.
 * @param projectDir The project's real path.
 * @param options The agent's session id and the clock reading.
 * @returns The figures; those that cannot be read are left out.
 */
export async function readStatusFigures(
  dataHome: string,
  projectDir: string,
  options: { sessionId: string; now: number },
): Promise<StatusFigures> {
  const database = projectDatabasePath(projectDir, dataHome);
  const size = fileSize(database);
  const beat = readHeartbeat(dataHome, projectDir);
  const deny = recentDeny(dataHome, projectDir, options.now);
  return {
    ...(size === undefined ? {} : {
      knowledgeBaseBytes: size + (fileSize(`${database}-wal`) ?? 0),
      ...await sessionBytes(
        database,
        options.sessionId,
        sessionTotalsPath(dataHome, projectDir, options.sessionId),
      ),
    }),
    server: beat === undefined
      ? "none"
      : options.now - beat.updatedAt <= HEARTBEAT_MAX_AGE_MS
      ? "alive"
      : "stale",
    ...(deny === undefined ? {} : { recentDeny: deny }),
  };
}
