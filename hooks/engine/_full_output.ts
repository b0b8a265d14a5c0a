/**
 * The whole result of a tool whose payload carries only part of it: some
 * agents keep a bulky result in a file of their own and hand the hook a
 * preview and the file's path, or (a failed command) its start and its end
 * and no path. Shrinking then reads that file, and only when it is what the
 * agent says: a regular file that resolves inside the agent's own folder, of
 * a bounded size; for a failed command, a file of this user's in a folder
 * closed to others, reached without a link, whose text begins as the
 * payload's part does and holds the part's end after that. A path that leads anywhere else (a crafted
 * payload, a link out) is never read.
 *
 * Deno APIs only; no `node:` modules (this is the hook path).
 *
 * @module
 */

import type {
  FailedOutputPlace,
  KeptOutputFile,
} from "../../adapters/types.ts";

/** The largest kept result read back, in bytes. */
export const FULL_OUTPUT_MAX_BYTES = 64 * 1024 * 1024;
/** How many of a folder's newest files are tried for a failed command's output. */
const CANDIDATES = 8;

/**
 * Reads the file an agent kept a tool's whole result in.
 *
 * @param file The file, the agent's folder it must resolve inside, and the
 *   name of the folder it must resolve directly into (`tool-results`): no
 *   other file of the agent's (its settings, its credentials) is ever read.
 * @returns Its text, or undefined when it is not a regular file in such a
 *   folder, is larger than {@linkcode FULL_OUTPUT_MAX_BYTES}, or cannot be read.
 */
export function readFullOutput(file: KeptOutputFile): string | undefined {
  try {
    const root = Deno.realPathSync(file.within);
    const path = Deno.realPathSync(file.path);
    if (!path.startsWith(`${root}/`)) return undefined;
    const parent = path.slice(0, path.lastIndexOf("/"));
    if (parent.slice(parent.lastIndexOf("/") + 1) !== file.folder) {
      return undefined;
    }
    const info = Deno.statSync(path);
    if (!info.isFile || info.size > FULL_OUTPUT_MAX_BYTES) return undefined;
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

/** A folder of this user's that no one else may enter, reached without a link. */
function privateFolder(path: string, uid: number): boolean {
  const info = Deno.lstatSync(path);
  return info.isDirectory && !info.isSymlink && info.uid === uid &&
    ((info.mode ?? 0o777) & 0o077) === 0;
}

/** A folder of this user's, reached without a link. */
function ownFolder(path: string, uid: number): boolean {
  const info = Deno.lstatSync(path);
  return info.isDirectory && !info.isSymlink && info.uid === uid;
}

/** Whether the file's first bytes are exactly `head`. */
function startsWith(path: string, head: Uint8Array): boolean {
  using file = Deno.openSync(path, { read: true });
  const start = new Uint8Array(head.length);
  let filled = 0;
  while (filled < start.length) {
    const read = file.readSync(start.subarray(filled));
    if (read === null || read === 0) return false;
    filled += read;
  }
  return start.every((byte, i) => byte === head[i]);
}

/**
 * Reads the file an agent kept a failed command's whole output in: among
 * the newest files of the place's folders, the one whose text starts with
 * the error's head and holds its tail further on (an agent may have cut the
 * output it held before the error cut it again).
 *
 * @param place The agent's private folder, the folders below it, and what
 *   the error kept of the output.
 * @returns The whole output, or undefined when no such file is found.
 */
export function readFailedOutput(
  place: FailedOutputPlace,
): string | undefined {
  try {
    const uid = Deno.uid();
    if (uid === null || !privateFolder(place.root, uid)) return undefined;
    const head = new TextEncoder().encode(place.head);
    const tail = place.tail.trim();
    for (const folder of place.folders) {
      const dir = tryFolder(place.root, folder, uid);
      if (dir === undefined) continue;
      for (const path of newestFiles(dir, uid, head.length)) {
        if (!startsWith(path, head)) continue;
        const text = Deno.readTextFileSync(path);
        // The error's end: the output's, or where the agent stopped holding it.
        if (text.indexOf(tail, place.head.length) !== -1) return text;
      }
    }
  } catch {
    // gone or unreadable meanwhile: the error stands as it came
  }
  return undefined;
}

/** `root/folder`, when every step below `root` is a folder of this user's (no link, no `..`). */
function tryFolder(
  root: string,
  folder: string,
  uid: number,
): string | undefined {
  let dir = root;
  for (const name of folder.split("/")) {
    if (name === "" || name === "." || name === "..") return undefined;
    dir = `${dir}/${name}`;
    try {
      if (!ownFolder(dir, uid)) return undefined;
    } catch {
      return undefined;
    }
  }
  return dir;
}

/** The folder's newest regular files of this user's, at least `minBytes` and at most the cap, newest first. */
function newestFiles(dir: string, uid: number, minBytes: number): string[] {
  const files: { path: string; at: number }[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    if (!entry.isFile) continue;
    const path = `${dir}/${entry.name}`;
    const info = Deno.lstatSync(path);
    if (
      !info.isFile || info.uid !== uid || info.size < minBytes ||
      info.size > FULL_OUTPUT_MAX_BYTES
    ) continue;
    files.push({ path, at: info.mtime?.getTime() ?? 0 });
  }
  return files.sort((a, b) => b.at - a.at).slice(0, CANDIDATES).map((file) =>
    file.path
  );
}
