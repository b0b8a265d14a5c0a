/**
 * Keeps a run from changing the project's control files: the files that make
 * other programs run code later (`.git/config`, `.git/hooks/`, `.envrc`, the
 * agents' project settings with their hooks, ctx-mode's own policy…).
 *
 * Under bubblewrap the ones that exist are mounted read-only; Deno's own
 * permission checks deny writes to them for JavaScript. What neither covers
 * (a control file that does not exist yet, runs confined by Landlock or not at
 * all) this module catches: it takes a snapshot before the run and puts every
 * control file back afterwards — removing what the run created, restoring
 * what it changed or deleted — and names them.
 *
 * This module only reads and restores those paths; it never starts a process.
 *
 * @module
 */

import { basename, dirname, join, relative } from "node:path";
import { projectControlPaths } from "../safety/mod.ts";
import { isInside, REAL_FS } from "./_bwrap.ts";

/** The most entries and bytes a snapshot holds (hook folders are small). */
const MAX_ENTRIES = 2_000;
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_TOTAL_BYTES = 16 * 1024 * 1024;

interface Entry {
  kind: "file" | "dir" | "link";
  mode: number;
  /** Inode, change time and size: any write changes one of them. */
  stamp: string;
  data?: Uint8Array;
  target?: string;
}

function stampOf(info: Deno.FileInfo): string {
  return `${info.ino ?? ""}:${info.ctime?.getTime() ?? ""}:${info.size}`;
}

/** The state of a project's control files before a run. */
export interface ControlSnapshot {
  project: string;
  /** Absolute control paths (files or folders), existing or not. */
  roots: string[];
  /** Every entry under them that existed, by absolute path. */
  entries: Map<string, Entry>;
  /** Whether some entry was too big to keep (it can be detected, not restored). */
  partial: boolean;
}

/**
 * The control paths of a project that exist now, for read-only mounts.
 *
 * @param project The project (real path).
 * @returns Absolute paths.
 */
export function existingControlPaths(project: string): string[] {
  return existingPaths(project, projectControlPaths(project));
}

/**
 * The paths below a folder that exist (links included), found by listing
 * folders from that one down: most control paths are missing, and a listing
 * is cheaper than a failed `lstat` each.
 */
function existingPaths(base: string, paths: readonly string[]): string[] {
  const listings = new Map<string, Set<string>>();
  const namesIn = (folder: string): Set<string> => {
    let names = listings.get(folder);
    if (!names) {
      names = new Set();
      const parent = dirname(folder);
      if (
        folder === base ||
        (parent !== folder && namesIn(parent).has(basename(folder)))
      ) {
        try {
          for (const entry of Deno.readDirSync(folder)) names.add(entry.name);
        } catch {
          // not a readable folder: nothing below it exists for us
        }
      }
      listings.set(folder, names);
    }
    return names;
  };
  return paths.filter((path) => namesIn(dirname(path)).has(basename(path)));
}

function lstat(path: string): Deno.FileInfo | null {
  try {
    return Deno.lstatSync(path);
  } catch {
    return null;
  }
}

/**
 * Records the control files of a project.
 *
 * @param project The project (real path).
 * @returns The snapshot to hand to {@link restoreControlFiles}.
 */
export function snapshotControlFiles(
  project: string,
  options: {
    /** Paths mounted read-only for the run: files below them cannot change, so their contents are not kept. @default {[]} */
    readOnly?: readonly string[];
  } = {},
): ControlSnapshot {
  const readOnly = options.readOnly ?? [];
  const snapshot: ControlSnapshot = {
    project,
    roots: projectControlPaths(project),
    entries: new Map(),
    partial: false,
  };
  let total = 0;
  const visit = (path: string) => {
    if (snapshot.entries.size >= MAX_ENTRIES) {
      snapshot.partial = true;
      return;
    }
    const info = lstat(path);
    if (!info) return;
    const mode = info.mode ?? 0;
    const stamp = stampOf(info);
    if (info.isSymlink) {
      snapshot.entries.set(path, {
        kind: "link",
        mode,
        stamp,
        target: Deno.readLinkSync(path),
      });
    } else if (info.isDirectory) {
      snapshot.entries.set(path, { kind: "dir", mode, stamp });
      for (const entry of REAL_FS.readDir(path)) visit(join(path, entry));
    } else if (info.isFile) {
      const entry: Entry = { kind: "file", mode, stamp };
      if (readOnly.some((root) => isInside(path, root))) {
        snapshot.entries.set(path, entry);
        return;
      }
      if (info.size <= MAX_FILE_BYTES && total + info.size <= MAX_TOTAL_BYTES) {
        try {
          entry.data = Deno.readFileSync(path);
          total += entry.data.length;
        } catch {
          snapshot.partial = true;
        }
      } else snapshot.partial = true;
      snapshot.entries.set(path, entry);
    }
  };
  for (const root of existingPaths(snapshot.project, snapshot.roots)) {
    visit(root);
  }
  return snapshot;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function changed(path: string, before: Entry | undefined): boolean {
  const info = lstat(path);
  if (!before) return info !== null;
  if (!info) return true;
  if ((info.mode ?? 0) !== before.mode) return true;
  if (info.ctime !== null && stampOf(info) === before.stamp) return false;
  if (before.kind === "link") {
    return !info.isSymlink || Deno.readLinkSync(path) !== before.target;
  }
  if (before.kind === "dir") return !info.isDirectory;
  if (!info.isFile) return true;
  if (!before.data) return false;
  try {
    return !sameBytes(Deno.readFileSync(path), before.data);
  } catch {
    return true;
  }
}

function putBack(path: string, before: Entry | undefined): void {
  const info = lstat(path);
  if (info && !(before?.kind === "dir" && info.isDirectory)) {
    Deno.removeSync(path, { recursive: true });
  }
  if (!before) return;
  Deno.mkdirSync(dirname(path), { recursive: true });
  if (before.kind === "dir") {
    if (!lstat(path)) Deno.mkdirSync(path);
  } else if (before.kind === "link") {
    Deno.symlinkSync(before.target ?? "", path);
    return;
  } else if (before.data) {
    Deno.writeFileSync(path, before.data);
  }
  Deno.chmodSync(path, before.mode & 0o7777);
}

/** Every path under the snapshot's roots now, parents first. */
function currentPaths(project: string, roots: readonly string[]): string[] {
  const paths: string[] = [];
  const visit = (path: string) => {
    const info = lstat(path);
    if (!info || paths.length >= MAX_ENTRIES) return;
    paths.push(path);
    if (info.isDirectory && !info.isSymlink) {
      for (const entry of REAL_FS.readDir(path)) visit(join(path, entry));
    }
  };
  for (const root of existingPaths(project, roots)) visit(root);
  return paths;
}

/**
 * Puts the control files back as the snapshot found them.
 *
 * @param snapshot From {@link snapshotControlFiles}, taken before the run.
 * @returns The paths (relative to the project) the run had changed; empty when none.
 */
export function restoreControlFiles(snapshot: ControlSnapshot): string[] {
  const touched = new Set<string>();
  // Created or changed entries, parents first (a created folder goes whole).
  for (const path of currentPaths(snapshot.project, snapshot.roots)) {
    const before = snapshot.entries.get(path);
    if (!changed(path, before)) continue;
    if ([...touched].some((done) => path.startsWith(done + "/"))) continue;
    touched.add(path);
    try {
      putBack(path, before);
    } catch {
      // reported below as changed; the next run's snapshot sees it again
    }
  }
  // Deleted entries, parents first.
  const deleted = [...snapshot.entries.keys()].filter((path) => !lstat(path))
    .sort((a, b) => a.length - b.length);
  for (const path of deleted) {
    touched.add(path);
    try {
      putBack(path, snapshot.entries.get(path));
    } catch {
      // best effort
    }
  }
  return [...touched].map((path) => relative(snapshot.project, path)).sort();
}
