/**
 * One folder per server that stands for `/etc` in every bubblewrap run:
 * exactly the allow list of `_etc_allow.ts`, made once, so that a host's
 * start binds one folder instead of one per entry (each bind costs
 * bubblewrap a read of the mount table). Files are hard links to the real
 * ones where the kernel allows it (a root server: the same inode, so a
 * change written in place shows at once), copies with their mode and times
 * elsewhere; links stay links. Folders are made anew with their entries
 * when every file in them can be linked, else left empty for the real
 * folder to be bound over them. The folder is made again when a source
 * changes: a folder it was made from gained, lost or renamed an entry, a
 * copied file was written, or the folder itself lost an entry; a version
 * still bound by a host is removed once that host ended. Where an entry
 * cannot be prepared (unreadable, or not a file, link or folder), none is
 * made and the entries are bound one by one, until `/etc` changes.
 *
 * Never shows a path outside the allow list; makes and removes only its own
 * folders in the temp dir.
 *
 * @module
 */

import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { allowedEtcPaths } from "./_etc_allow.ts";
import { removeOnExit } from "./_process.ts";

/** A prepared `/etc` taken by one host until it ended. */
export interface EtcTree {
  /** The folder to bind as `/etc`. */
  source: string;
  /** Folders of `/etc` to bind over their empty stand-ins, parents first. */
  binds: readonly string[];
  /** Gives the tree back (the host ended). */
  release(): void;
}

/** Where the sources are, and where the trees go; injectable for tests. */
export interface EtcTreeOptions {
  /** The folder that stands for `/etc`. @default {"/etc"} */
  etc?: string;
  /** Where trees are made. @default {tmpdir()} */
  base?: string;
}

const PREFIX = "ctx-mode-etc-";
/** A change this close to a reading may share its timestamp: that version is used once. */
const RECENT_CHANGE_MS = 2000;

interface Version {
  source: string;
  binds: string[];
  /** Path to `ino:mtime:ctime:size`, for every folder read and every copied file. */
  stamps: Map<string, string>;
  users: number;
  current: boolean;
  untrack: () => void;
}

const versions = new Map<string, Version>();
/** `/etc`'s stamp when a tree could not be made (an unreadable entry): not tried again until it changes. */
const failed = new Map<string, string>();
let swept = false;

function stamp(path: string): string {
  try {
    const info = Deno.lstatSync(path);
    return `${info.ino}:${info.mtime?.getTime()}:${info.ctime?.getTime()}:${info.size}`;
  } catch {
    return "";
  }
}

/** Whether `path` changed after `time` (ms since the epoch); false when it is gone. */
function changedSince(path: string, time: number): boolean {
  try {
    const info = Deno.lstatSync(path);
    return Math.max(
      info.mtime?.getTime() ?? Infinity,
      info.ctime?.getTime() ?? Infinity,
    ) > time;
  } catch {
    return false;
  }
}

function unchanged(version: Version): boolean {
  for (const [path, seen] of version.stamps) {
    if (stamp(path) !== seen) return false;
  }
  return true;
}

function remove(version: Version): void {
  try {
    Deno.removeSync(version.source, { recursive: true });
  } catch {
    // gone already
  }
  version.untrack();
}

/** Removes the trees of servers that died without cleaning up (their pid is gone). */
function sweepStale(base: string): void {
  if (swept || Deno.build.os !== "linux") return;
  swept = true;
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(base)];
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = new RegExp(`^${PREFIX}(\\d+)-`).exec(entry.name)?.[1];
    if (!pid || !entry.isDirectory || Number(pid) === Deno.pid) continue;
    const path = join(base, entry.name);
    try {
      Deno.statSync(`/proc/${pid}`);
      continue;
    } catch {
      // its server is gone
    }
    try {
      if (Deno.lstatSync(path).uid !== Deno.uid()) continue;
      Deno.removeSync(path, { recursive: true });
    } catch {
      // someone else's, or already gone
    }
  }
}

/**
 * The prepared `/etc` for the next host: the current version when no source
 * changed since it was made, else a new one.
 *
 * @param options Where the sources and the trees are.
 * @returns The tree, or `undefined` when none can be made (the entries are bound one by one then).
 */
export function takeEtcTree(options: EtcTreeOptions = {}): EtcTree | undefined {
  const etc = options.etc ?? "/etc";
  const base = options.base ?? tmpdir();
  const key = `${etc}\0${base}`;
  let version = versions.get(key);
  if (!version || !unchanged(version)) {
    if (version) retire(key, version);
    if (failed.get(key) === stamp(etc)) return undefined;
    try {
      version = build(etc, base);
    } catch {
      // Not kept while /etc may still change within its timestamp.
      if (!changedSince(etc, Date.now() - RECENT_CHANGE_MS)) {
        failed.set(key, stamp(etc));
      }
      return undefined;
    }
    failed.delete(key);
    versions.set(key, version);
  }
  const taken = version;
  taken.users++;
  // A version read in a change's first moments is used by this host only.
  if (!taken.current) retire(key, taken);
  let released = false;
  return {
    source: taken.source,
    binds: taken.binds,
    release() {
      if (released) return;
      released = true;
      taken.users--;
      if (!taken.current && taken.users === 0) remove(taken);
    },
  };
}

function retire(key: string, version: Version): void {
  version.current = false;
  if (versions.get(key) === version) versions.delete(key);
  if (version.users === 0) remove(version);
}

/** Whether `file` can be hard-linked from `dir` (a root server, one file system). */
function canLink(file: string, dir: string): boolean {
  const probe = join(dir, ".link-probe");
  try {
    Deno.linkSync(file, probe);
    Deno.removeSync(probe);
    return true;
  } catch {
    return false;
  }
}

function build(etc: string, base: string): Version {
  sweepStale(base);
  const readAt = Date.now();
  const folders = new Set<string>([etc]);
  const top = (() => {
    try {
      return [...Deno.readDirSync(etc)].map((entry) => entry.name);
    } catch {
      return [];
    }
  })();
  const allowed = allowedEtcPaths({
    readDir(path) {
      if (path === "/etc") return top;
      const real = join(etc, relative("/etc", path));
      folders.add(real);
      try {
        return [...Deno.readDirSync(real)].map((entry) => entry.name);
      } catch {
        return [];
      }
    },
  }).map((path) => relative("/etc", path));
  const source = Deno.makeTempDirSync({
    dir: base,
    prefix: `${PREFIX}${Deno.pid}-`,
  });
  const untrack = removeOnExit(source);
  const version: Version = {
    source,
    binds: [],
    stamps: new Map(),
    users: 0,
    current: true,
    untrack,
  };
  try {
    // As bubblewrap makes the folders it mounts into: its user's own, no one else's.
    Deno.chmodSync(source, 0o700);
    const link = allowed.some((rel) => {
      const info = Deno.lstatSync(join(etc, rel));
      return info.isFile && canLink(join(etc, rel), source);
    });
    const made: string[] = [source];
    for (const rel of allowed) {
      const parent = dirname(rel);
      if (parent !== ".") {
        Deno.mkdirSync(join(source, parent), { recursive: true, mode: 0o700 });
        for (let dir = parent; dir !== "."; dir = dirname(dir)) {
          made.push(join(source, dir));
        }
      }
      copyEntry(join(etc, rel), join(source, rel), {
        link,
        folders,
        version,
        made,
        rel,
      });
    }
    for (const folder of folders) version.stamps.set(folder, stamp(folder));
    // A source changed in the moments before this reading may change again unseen.
    version.current = ![...version.stamps.keys()].some((path) =>
      changedSince(path, readAt - RECENT_CHANGE_MS)
    );
    // The tree's own folders: an entry removed from one (a temp-dir cleaner) makes it again.
    for (const folder of made) version.stamps.set(folder, stamp(folder));
    return version;
  } catch (error) {
    remove(version);
    throw error;
  }
}

function copyEntry(
  from: string,
  to: string,
  context: {
    link: boolean;
    folders: Set<string>;
    version: Version;
    made: string[];
    rel: string;
  },
): void {
  const info = Deno.lstatSync(from);
  if (info.isSymlink) {
    Deno.symlinkSync(Deno.readLinkSync(from), to);
  } else if (info.isFile) {
    if (context.link) {
      try {
        Deno.linkSync(from, to);
        return;
      } catch {
        // another file system, or not allowed: a copy
      }
    }
    Deno.copyFileSync(from, to);
    keepMetadata(to, info);
    context.version.stamps.set(from, stamp(from));
  } else if (info.isDirectory) {
    Deno.mkdirSync(to);
    if (!context.link) {
      // Bound over its stand-in: the real folder, live.
      context.version.binds.push(`/etc/${context.rel}`);
      keepMetadata(to, info);
      return;
    }
    context.folders.add(from);
    context.made.push(to);
    for (const entry of Deno.readDirSync(from)) {
      copyEntry(join(from, entry.name), join(to, entry.name), {
        ...context,
        rel: join(context.rel, entry.name),
      });
    }
    keepMetadata(to, info);
  } else {
    throw new TypeError(`Cannot prepare "${from}": not a file, link or folder`);
  }
}

function keepMetadata(to: string, info: Deno.FileInfo): void {
  if (Deno.uid() === 0 && info.uid !== null && info.gid !== null) {
    Deno.chownSync(to, info.uid, info.gid);
  }
  if (info.mode !== null) Deno.chmodSync(to, info.mode & 0o7777);
  if (info.mtime && info.atime) Deno.utimeSync(to, info.atime, info.mtime);
}
