/**
 * The git folders of the repositories nested in a project: a `vendor/x/.git`
 * folder, the git dir inside the project that a nested `.git` file names,
 * and a bare repository anywhere (a folder holding `HEAD` with `objects`,
 * `refs` or `commondir`, as git itself recognises one). Git reads config and
 * runs hooks from each when someone works there.
 *
 * The search is exact at every call and cheap when little changed: the last
 * search of each project is kept folder by folder with the folder's stamp
 * (device, inode, change time); a folder whose stamp is the same, and that
 * had not changed just before it was read (timestamps are coarse), has the
 * same entries, so only its subfolders are opened again, not listed. An
 * entry made, removed or renamed in a folder changes that folder's change
 * time, which no program can set back, so a repository a run has just made
 * is found by the next search, however soon.
 *
 * Folders are entered held open, never through a link; package folders
 * (`node_modules`) and git folders are not entered; at most
 * {@link MAX_NESTED_SEARCH} folders are searched.
 *
 * Reads folder listings and small `.git` files only; never writes.
 *
 * @module
 */

import { isAbsolute, join, normalize, relative } from "node:path";
import {
  closeFolder,
  type Folder,
  folderInfo,
  openChild,
  readFileIn,
} from "./_nofollow_fs.ts";

/** At most this many folders are searched for nested repositories. */
export const MAX_NESTED_SEARCH = 10_000;
/** Folders the search does not enter (packages, git's own). */
const SKIPPED = new Set(["node_modules", ".git"]);
/** A folder changed this close to its listing is listed again next time. */
const RECENT_MS = 2_000;

/** One nested git folder. */
export interface NestedRepo {
  /** Project-relative path of the git folder. */
  path: string;
  /** Whether git uses it without a work tree of its own (a bare repository). */
  bare: boolean;
}

interface FolderScan {
  stamp: string;
  trusted: boolean;
  repos: NestedRepo[];
  folders: string[];
}

/** The last search per project, folder by folder (project-relative path). */
const lastScans = new Map<string, Map<string, FolderScan>>();
const MAX_PROJECTS_REMEMBERED = 16;

/** Project-relative paths inside the project, or null. */
export function insideProject(
  project: string,
  from: string,
  value: string,
): string | null {
  if (value.startsWith("~")) return null;
  const absolute = normalize(isAbsolute(value) ? value : join(from, value));
  const rel = relative(project, absolute);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return null;
  return rel.split("\\").join("/");
}

/**
 * Where a `.git` file (`gitdir: <path>`) in `folder` points, when that is
 * inside the project and not the project's own `.git`.
 *
 * @param project The project (real path).
 * @param folder The folder holding the `.git` file, held open.
 * @param from The folder's real path (a relative `gitdir` starts there).
 * @returns The project-relative git dir, or null.
 */
export function gitFileTarget(
  project: string,
  folder: Folder,
  from: string,
): string | null {
  const bytes = readFileIn(folder, ".git", 4096);
  if (!bytes) return null;
  const line = /^gitdir:\s*(.+?)\s*$/m.exec(new TextDecoder().decode(bytes));
  const path = line ? insideProject(project, from, line[1]!) : null;
  return path && path !== ".git" && !path.startsWith(".git/") ? path : null;
}

function isBareRepo(entries: readonly Deno.DirEntry[]): boolean {
  const kinds = new Map(entries.map((entry) => [entry.name, entry]));
  if (!kinds.get("HEAD")?.isFile) return false;
  return Boolean(
    kinds.get("objects")?.isDirectory || kinds.get("refs")?.isDirectory ||
      kinds.get("commondir")?.isFile,
  );
}

function listFolder(
  project: string,
  folder: Folder,
  rel: string,
): Omit<FolderScan, "stamp" | "trusted"> {
  const repos: NestedRepo[] = [];
  const folders: string[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(folder.base)];
  } catch {
    return { repos, folders };
  }
  if (rel && isBareRepo(entries)) {
    // Git's own folder: what counts in it is judged by the `git` rule.
    return { repos: [{ path: rel, bare: true }], folders };
  }
  for (const entry of entries) {
    if (entry.name === ".git" && rel) {
      if (entry.isDirectory) repos.push({ path: `${rel}/.git`, bare: false });
      else if (entry.isFile) {
        const target = gitFileTarget(project, folder, join(project, rel));
        if (target) repos.push({ path: target, bare: false });
      }
    }
    if (entry.isDirectory && !SKIPPED.has(entry.name)) {
      folders.push(entry.name);
    }
  }
  return { repos, folders };
}

/**
 * The git folders of the repositories nested in the project, as they are
 * now (see the module's description).
 *
 * @param project The project (real path).
 * @param root The project folder, held open.
 * @returns One entry per nested git folder, without duplicates.
 */
export function nestedRepos(project: string, root: Folder): NestedRepo[] {
  const previous = lastScans.get(project) ?? new Map<string, FolderScan>();
  const scans = new Map<string, FolderScan>();
  const found = new Map<string, NestedRepo>();
  let budget = MAX_NESTED_SEARCH;
  const visit = (folder: Folder, rel: string) => {
    const info = folderInfo(folder);
    if (!info) return;
    const last = previous.get(rel);
    let scan: FolderScan;
    if (last && last.trusted && last.stamp === info.stamp) scan = last;
    else {
      const readAt = Date.now();
      scan = {
        ...listFolder(project, folder, rel),
        stamp: info.stamp,
        trusted: info.ctimeMs < readAt - RECENT_MS,
      };
    }
    scans.set(rel, scan);
    for (const repo of scan.repos) found.set(repo.path, repo);
    for (const name of scan.folders) {
      if (--budget < 0) return;
      const sub = openChild(folder, name);
      if (!sub) continue;
      try {
        visit(sub, rel ? `${rel}/${name}` : name);
      } finally {
        closeFolder(sub);
      }
    }
  };
  visit(root, "");
  lastScans.delete(project);
  lastScans.set(project, scans);
  if (lastScans.size > MAX_PROJECTS_REMEMBERED) {
    lastScans.delete(lastScans.keys().next().value!);
  }
  return [...found.values()];
}
