/**
 * File operations that never follow a symbolic link, for code that works on
 * a tree a hostile run could have rearranged. Every operation names an entry
 * of a folder held open ({@link Folder}); on Linux the folder is reached
 * through its descriptor (`/proc/self/fd/N`), so swapping a parent for a link
 * after it was opened changes nothing. The last component is never followed
 * either: `lstat`, `O_NOFOLLOW` opens, `O_EXCL` creation, unlinking.
 *
 * This module never starts a process; it only does what its callers ask.
 *
 * @module
 */

import * as fs from "node:fs";
import { join } from "node:path";

/** Windows has neither `O_NOFOLLOW` nor folder descriptors nor permission bits; there a folder is checked by `lstat` and used by path. */
const POSIX = Deno.build.os !== "windows";
const C = {
  O_RDONLY: fs.constants.O_RDONLY,
  O_WRONLY: fs.constants.O_WRONLY,
  O_CREAT: fs.constants.O_CREAT,
  O_EXCL: fs.constants.O_EXCL,
  O_DIRECTORY: fs.constants.O_DIRECTORY ?? 0,
  O_NOFOLLOW: fs.constants.O_NOFOLLOW ?? 0,
  O_NONBLOCK: fs.constants.O_NONBLOCK ?? 0,
};
const PROC_FD = Deno.build.os === "linux" &&
  (() => {
    try {
      return Deno.statSync("/proc/self/fd").isDirectory;
    } catch {
      return false;
    }
  })();

/** What an entry is, seen without following it. */
export interface EntryInfo {
  kind: "file" | "dir" | "link" | "other";
  mode: number;
  /** Device and inode: the same entry, whatever its name (empty where the system has no inodes). */
  id: string;
  /** Device, inode, links, size and change time: any write or replacement changes it. */
  stamp: string;
  size: number;
  /** Hard links to it. */
  links: number;
  ctimeMs: number;
}

/** A folder held open: its entries are reached through it, not through its path. */
export interface Folder {
  /** The path, for messages only. */
  path: string;
  /** Where syscalls go: `/proc/self/fd/N` on Linux, else the path. */
  base: string;
  fd: number;
}

function infoOf(stat: Deno.FileInfo): EntryInfo {
  const ctimeMs = stat.ctime?.getTime() ?? 0;
  return {
    kind: stat.isSymlink
      ? "link"
      : stat.isDirectory
      ? "dir"
      : stat.isFile
      ? "file"
      : "other",
    mode: (stat.mode ?? 0) & 0o7777,
    id: stat.ino === null ? "" : `${stat.dev}:${stat.ino}`,
    // The modification time too: Windows reports no change time.
    stamp: `${stat.dev}:${stat.ino}:${stat.nlink}:${stat.size}:${ctimeMs}:${
      stat.mtime?.getTime() ?? ""
    }:${stat.mode}`,
    size: stat.size,
    links: stat.nlink ?? 1,
    ctimeMs,
  };
}

/**
 * Opens a folder without following a link at its last component.
 *
 * @param path The folder.
 * @returns The open folder, or null when it is missing, a link or not a folder.
 */
export function openFolder(path: string): Folder | null {
  if (!POSIX) {
    try {
      const info = Deno.lstatSync(path);
      return info.isDirectory && !info.isSymlink
        ? { path, base: path, fd: -1 }
        : null;
    } catch {
      return null;
    }
  }
  try {
    const fd = fs.openSync(path, C.O_RDONLY | C.O_DIRECTORY | C.O_NOFOLLOW);
    return { path, base: PROC_FD ? `/proc/self/fd/${fd}` : path, fd };
  } catch {
    return null;
  }
}

/**
 * Opens a folder's entry that must itself be a folder (never a link).
 *
 * @param parent The open parent.
 * @param name The entry's name.
 * @returns The open folder, or null.
 */
export function openChild(parent: Folder, name: string): Folder | null {
  const folder = openFolder(join(parent.base, name));
  return folder && { ...folder, path: join(parent.path, name) };
}

/** Closes an open folder. */
export function closeFolder(folder: Folder): void {
  if (folder.fd < 0) return;
  try {
    fs.closeSync(folder.fd);
  } catch {
    // already closed
  }
}

/** The entry's info, or null when missing. */
export function lstatIn(parent: Folder, name: string): EntryInfo | null {
  try {
    return infoOf(Deno.lstatSync(join(parent.base, name)));
  } catch {
    return null;
  }
}

/** The stamp of an open folder itself (the folder held open, not a name that may have moved). */
export function folderInfo(folder: Folder): EntryInfo | null {
  try {
    // `/proc/self/fd/N` leads to the open folder whatever its name is now.
    return infoOf(
      folder.fd < 0 ? Deno.lstatSync(folder.base) : Deno.statSync(folder.base),
    );
  } catch {
    return null;
  }
}

/** The names in an open folder (empty when it cannot be listed). */
export function namesIn(folder: Folder): string[] {
  try {
    return [...Deno.readDirSync(folder.base)].map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** A link's target text. */
export function readLinkIn(parent: Folder, name: string): string {
  return Deno.readLinkSync(join(parent.base, name));
}

/**
 * Reads a regular file, never through a link, never blocking on a fifo.
 *
 * @param parent The open parent.
 * @param name The file's name.
 * @param maxBytes The most bytes to read.
 * @returns The bytes, or null when it is not a regular file or is larger.
 */
export function readFileIn(
  parent: Folder,
  name: string,
  maxBytes: number,
): Uint8Array | null {
  let fd: number | undefined;
  try {
    fd = fs.openSync(
      join(parent.base, name),
      C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK,
    );
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return null;
    const bytes = new Uint8Array(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const n = fs.readSync(fd, bytes, read, bytes.length - read, null);
      if (n <= 0) break;
      read += n;
    }
    return read === bytes.length ? bytes : null;
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Removes an entry, whatever it is; a link goes, never what it points at,
 * and a folder goes with everything in it (links inside are not followed).
 *
 * @param parent The open parent.
 * @param name The entry's name.
 */
export function removeIn(parent: Folder, name: string): void {
  Deno.removeSync(join(parent.base, name), { recursive: true });
}

/**
 * Creates a regular file that must not exist yet (`O_EXCL`: a link that
 * appeared meanwhile makes it fail instead of being written through).
 *
 * @param parent The open parent.
 * @param name The file's name.
 * @param data Its content.
 * @param mode Its permission bits (set exactly, umask ignored).
 */
export function createFileIn(
  parent: Folder,
  name: string,
  data: Uint8Array,
  mode: number,
): void {
  const fd = fs.openSync(
    join(parent.base, name),
    C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW,
    0o600,
  );
  try {
    let written = 0;
    while (written < data.length) {
      written += fs.writeSync(fd, data, written, data.length - written);
    }
    if (POSIX) fs.fchmodSync(fd, mode);
  } finally {
    fs.closeSync(fd);
  }
}

/** Creates a folder with exactly these permission bits. */
export function createFolderIn(
  parent: Folder,
  name: string,
  mode: number,
): void {
  Deno.mkdirSync(join(parent.base, name));
  setFolderMode(parent, name, mode);
}

/** Sets a folder's permission bits, never through a link. */
export function setFolderMode(
  parent: Folder,
  name: string,
  mode: number,
): void {
  if (!POSIX) return;
  const child = openChild(parent, name);
  if (!child) throw new Error(`${join(parent.path, name)} is not a folder`);
  try {
    fs.fchmodSync(child.fd, mode);
  } finally {
    closeFolder(child);
  }
}

/** Renames an entry within a folder (a link is renamed, not followed). */
export function renameIn(parent: Folder, from: string, to: string): void {
  Deno.renameSync(join(parent.base, from), join(parent.base, to));
}

/** Creates a symbolic link (its target is only text). */
export function createLinkIn(
  parent: Folder,
  name: string,
  target: string,
): void {
  Deno.symlinkSync(target, join(parent.base, name));
}

/** Sets a regular file's permission bits, never through a link. */
export function setFileMode(parent: Folder, name: string, mode: number): void {
  if (!POSIX) return;
  const fd = fs.openSync(
    join(parent.base, name),
    C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK,
  );
  try {
    fs.fchmodSync(fd, mode);
  } finally {
    fs.closeSync(fd);
  }
}
