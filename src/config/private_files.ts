/**
 * Keeping the data home private to its user: folders created 0700 and files
 * 0600 whatever the umask, and existing ones that other users could read
 * tightened when ctx-mode opens them (only when this user owns them).
 *
 * Deno APIs only (no `node:` modules), so the hook path can use it. Never
 * throws: a file system that refuses a mode change is left as it is. Does
 * nothing on Windows, where files carry no POSIX modes.
 *
 * @module
 */

import { joinPath } from "./path_lite.ts";

/** The mode of folders in the data home. */
export const PRIVATE_DIR_MODE = 0o700;

/** The mode of files in the data home: databases with their `-wal` and `-shm`, the audit log, heartbeats. */
export const PRIVATE_FILE_MODE = 0o600;

/** Folders of the data home that hold per-project or per-process files. */
const DATA_HOME_FOLDERS = ["projects", "heartbeats"];

const POSIX = Deno.build.os !== "windows";

/**
 * Creates a folder (and missing parents) with mode 0700; an existing folder
 * is left as it is.
 *
 * @param path The folder.
 * @throws {Deno.errors.PermissionDenied} And the like, when it cannot be created.
 */
export function makePrivateDir(path: string): void {
  Deno.mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Takes group and other permissions away from a file or folder this user
 * owns.
 *
 * @param path A file or folder.
 * @param mode The mode to set when the current one lets others in.
 * @returns True when the mode was changed.
 */
export function tighten(path: string, mode: number): boolean {
  if (!POSIX) return false;
  try {
    const info = Deno.lstatSync(path);
    if (info.isSymlink || info.mode === null || (info.mode & 0o077) === 0) {
      return false;
    }
    if (info.uid !== Deno.uid()) return false;
    Deno.chmodSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/**
 * Tightens the data home and its folders to 0700 when they exist; files are
 * tightened one by one as they are opened.
 *
 * @param home The data home.
 */
export function secureDataHome(home: string): void {
  tighten(home, PRIVATE_DIR_MODE);
  for (const folder of DATA_HOME_FOLDERS) {
    tighten(joinPath(home, folder), PRIVATE_DIR_MODE);
  }
}
