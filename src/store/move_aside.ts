/**
 * Finding a damaged database and moving it out of the way so a new one can
 * start: the file and its WAL and shared-memory files are renamed with a
 * `.corrupt-<timestamp>` suffix, never deleted.
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";

const CORRUPT =
  /not an SQLite database|file is not a database|database file is corrupt|disk image is malformed|malformed database schema|database corrupt/i;

/**
 * Whether an error says the database file is not SQLite or is damaged.
 *
 * @param error Anything thrown.
 * @returns True for corruption; false for locks, permissions, newer schemas.
 */
export function isCorruption(error: unknown): boolean {
  return CORRUPT.test(error instanceof Error ? error.message : String(error));
}

/** The first 16 bytes of every SQLite database file. */
const MAGIC = "SQLite format 3\u0000";

/** The size of SQLite's file header: a shorter file that is not empty was cut. */
const HEADER_BYTES = 100;

/**
 * What is wrong with a database file's header, read without SQLite (which,
 * opening a damaged file for writing, may drop its `-wal` and `-shm`).
 *
 * @param path The database file.
 * @returns Why the file is not an SQLite database, or undefined when its
 * header looks right, it is empty (SQLite's own new file) or cannot be read.
 */
export function headerDamage(path: string): string | undefined {
  let head: Uint8Array;
  try {
    using file = Deno.openSync(path, { read: true });
    head = new Uint8Array(HEADER_BYTES);
    let filled = 0;
    for (;;) {
      const read = file.readSync(head.subarray(filled));
      if (read === null || read === 0) break;
      filled += read;
      if (filled === HEADER_BYTES) break;
    }
    head = head.subarray(0, filled);
  } catch {
    return undefined;
  }
  if (head.length === 0) return undefined;
  if (new TextDecoder("latin1").decode(head.subarray(0, 16)) !== MAGIC) {
    return "the file is not an SQLite database";
  }
  if (head.length < HEADER_BYTES) {
    return `the database file is corrupt (its header is cut at ${head.length} bytes)`;
  }
  return undefined;
}

/**
 * Runs SQLite's `PRAGMA quick_check` on a database file, read-only: the
 * b-trees, pages and records, without the slower index-to-table checks.
 * About 8 ms per MB.
 *
 * @param path The database file.
 * @returns `"ok"`, or the first problem SQLite names (a file that is not
 * SQLite or cannot be read says so).
 */
export function quickCheck(path: string): string {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const rows = db.prepare("PRAGMA quick_check(3)").all();
    const problems = rows.map((row) => String(row.quick_check));
    return problems.length === 1 && problems[0] === "ok"
      ? "ok"
      : problems.join("; ");
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).split(
      "\n",
    )[0] ?? "unknown error";
  } finally {
    db?.close();
  }
}

/**
 * Identifies the file at a path (inode, size, modification time), so that a
 * process can tell whether the file it found corrupt is still the one there.
 *
 * @param path A file.
 * @returns A short fingerprint, or undefined when the file is missing.
 */
export function fileIdentity(path: string): string | undefined {
  try {
    const info = Deno.statSync(path);
    return `${info.ino ?? ""}:${info.size}:${info.mtime?.getTime() ?? ""}`;
  } catch {
    return undefined;
  }
}

/**
 * Renames a database file (with its `-wal` and `-shm` companions) to
 * `<path>.corrupt-<timestamp>`, unless another process already replaced it.
 *
 * @param path The database file.
 * @param now The time for the suffix, in milliseconds since the epoch.
 * @param identity The {@linkcode fileIdentity} of the file found corrupt.
 * @returns The new path of the database file, or undefined when the file
 * there is no longer the one found corrupt (another process moved it).
 */
export function moveAside(
  path: string,
  now: number,
  identity: string | undefined,
): string | undefined {
  if (identity === undefined || fileIdentity(path) !== identity) {
    return undefined;
  }
  const stamp = new Date(now).toISOString().replace(/[-:]/g, "").replace(
    /\.\d+Z$/,
    "Z",
  );
  let aside = `${path}.corrupt-${stamp}`;
  for (let n = 2; exists(aside); n++) aside = `${path}.corrupt-${stamp}-${n}`;
  Deno.renameSync(path, aside);
  for (const companion of ["-wal", "-shm"]) {
    if (exists(path + companion)) {
      Deno.renameSync(path + companion, aside + companion);
    }
  }
  return aside;
}

/**
 * The one line every entry point gives the user about a database it moved aside.
 *
 * @param path Where the database was.
 * @param why What was wrong with it.
 * @param aside Where it is now.
 * @returns The note, without a prefix.
 */
export function movedAsideNote(
  path: string,
  why: string,
  aside: string,
): string {
  return `The knowledge base "${path}" was damaged (${why}); moved it aside to "${aside}" and started a new one: indexed content and session history start empty`;
}

function exists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
