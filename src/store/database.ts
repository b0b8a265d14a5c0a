/**
 * Opening a project database: WAL mode, a busy timeout, and the schema
 * migrations of the knowledge base.
 *
 * Many short hook processes and one long server share the file, so every
 * connection waits on locks instead of failing. This module must never delete,
 * rename or overwrite a file it cannot read: a database that is not SQLite or is
 * corrupt is reported with its path and left as it is. The file, its `-wal`
 * and `-shm` and a folder it creates are private to the user (0600 and 0700).
 *
 * @module
 */

import { dirnameOf } from "../config/path_lite.ts";
import {
  makePrivateDir,
  PRIVATE_FILE_MODE,
  tighten,
} from "../config/private_files.ts";
import { DatabaseSync } from "node:sqlite";
import { MIGRATIONS } from "./_schema.ts";

/** How long a connection waits on another writer before giving up, in milliseconds. */
export const BUSY_TIMEOUT_MS = 10_000;

/** The schema version this build writes. */
export const SCHEMA_VERSION: number = MIGRATIONS.length;

/**
 * Opens (creating when missing) a project database and brings its schema up to date.
 *
 * @param path The database file, or `:memory:`.
 * @returns An open connection in WAL mode.
 * @throws {Error} `Cannot open database "<path>": <reason>` when the file
 * cannot be created, is not SQLite, is corrupt, or comes from a newer build.
 */
export function openDatabase(path: string): DatabaseSync {
  if (path !== ":memory:") {
    ensureFolder(path);
    createPrivately(path);
  }
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path);
  } catch (error) {
    throw new Error(`Cannot open database "${path}": ${reason(error)}`);
  }
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Chunks run up to 4 KB; 8 KB pages hold them without overflow pages. No effect on an existing file.
    db.exec("PRAGMA page_size = 8192");
    const mode = db.prepare("PRAGMA journal_mode = WAL").get();
    if (path !== ":memory:" && mode?.journal_mode !== "wal") {
      throw new Error(
        `the file cannot switch to WAL mode (${mode?.journal_mode})`,
      );
    }
    db.exec("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON");
    migrate(db);
    if (path !== ":memory:") {
      // SQLite gives the -wal and -shm files the database's mode; older files may predate that.
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        tighten(file, PRIVATE_FILE_MODE);
      }
    }
    return db;
  } catch (error) {
    db.close();
    throw new Error(`Cannot open database "${path}": ${reason(error)}`);
  }
}

function ensureFolder(path: string): void {
  const folder = dirnameOf(path);
  try {
    makePrivateDir(folder);
  } catch (error) {
    throw new Error(`Cannot create folder "${folder}": ${reason(error)}`);
  }
}

/** Creates a missing database file as an empty private file, so SQLite never creates it readable by others. */
function createPrivately(path: string): void {
  try {
    Deno.openSync(path, {
      createNew: true,
      write: true,
      mode: PRIVATE_FILE_MODE,
    })
      .close();
  } catch {
    // It exists (or cannot be created, which opening it reports).
  }
}

function migrate(db: DatabaseSync): void {
  const current = Number(
    db.prepare("PRAGMA user_version").get()?.user_version ?? 0,
  );
  if (current > SCHEMA_VERSION) {
    throw new Error(
      `schema version ${current} is newer than this build understands (${SCHEMA_VERSION}); upgrade ctx-mode`,
    );
  }
  if (current === SCHEMA_VERSION) return;
  db.exec("BEGIN IMMEDIATE");
  try {
    // Another process may have migrated while this one waited for the lock.
    const locked = Number(
      db.prepare("PRAGMA user_version").get()?.user_version ?? 0,
    );
    for (const step of MIGRATIONS.slice(locked)) db.exec(step);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/**
 * A one-line, human reason for an error from SQLite or the file system.
 *
 * @param error Anything thrown.
 * @returns The first line of its message, with SQLite's jargon explained.
 */
export function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split("\n")[0] ?? message;
  if (/file is not a database/i.test(line)) {
    return "the file is not an SQLite database";
  }
  if (/malformed|vtable constructor failed|database corrupt/i.test(line)) {
    return `the database file is corrupt (${line})`;
  }
  if (/readonly|read-only|EACCES|permission denied/i.test(line)) {
    return `permission denied (${line})`;
  }
  return line;
}

/**
 * Runs `work` in one `BEGIN IMMEDIATE` transaction, rolling back when it throws.
 *
 * @param db An open connection.
 * @param where The database path and what is written, for the error message.
 * @param work The writes.
 * @throws {Error} `Cannot write "<what>" to "<path>": <reason>` when the lock
 * cannot be had or a write fails.
 */
export function writeTransaction(
  db: DatabaseSync,
  where: { path: string; what: string },
  work: () => void,
): void {
  try {
    db.exec("BEGIN IMMEDIATE");
  } catch (error) {
    throw new Error(
      `Cannot write "${where.what}" to "${where.path}": ${reason(error)}`,
    );
  }
  try {
    work();
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw new Error(
      `Cannot write "${where.what}" to "${where.path}": ${reason(error)}`,
    );
  }
}
