/**
 * Finding the files to index under a root: a file, or a folder walked in a
 * stable order that honours its `.gitignore` files the way git does.
 *
 * The walk never enters `.git`, `node_modules` or hidden entries (names
 * starting with a dot, such as `.env`), never follows a symbolic
 * link to a folder, and never returns a symbolic link that leads outside the
 * root. A root under `/proc`, `/sys` or `/dev` is refused, and so is one whose
 * real path leads out of `within` when that is given (the MCP tool's project). What it leaves out for a reason the user may not expect (the size
 * cap, an unreadable folder, a symbolic link) is reported as a skip with a
 * one-line reason; files a `.gitignore` excludes are simply not returned.
 * This module must never read file contents other than `.gitignore` files,
 * and never write anything.
 *
 * @module
 */

import { basename, isAbsolute, join, relative, resolve, sep } from "node:path";
import {
  compileGitignore,
  type GitignoreRules,
  matchGitignore,
} from "./_gitignore.ts";
import { formatBinaryBytes, isWithin, kernelRoot } from "./read_bounded.ts";

/** The default size cap of one file, in bytes: 5 MiB. */
export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

/** A file the walk found and that may be indexed. */
export interface CollectedFile {
  /** The absolute path of the file (of the link, for a symbolic link). */
  path: string;
  /**
   * The path relative to the root with `/` separators; for a file root, its
   * base name.
   */
  relative: string;
  /** The size of the file in bytes. */
  bytes: number;
}

/** Something the walk left out, and why. */
export interface SkippedPath {
  /** The absolute path of the file or folder. */
  path: string;
  /** Why it was left out, in one line, e.g. `over the 5 MiB size cap (7.2 MiB)`. */
  reason: string;
}

/** What {@linkcode collectFiles} found. */
export interface CollectResult {
  /** The files to index, sorted by `relative` (UTF-16 code unit order). */
  files: CollectedFile[];
  /** What was left out for a reason worth telling, sorted by `path`. */
  skipped: SkippedPath[];
}

/** Options of {@linkcode collectFiles}. */
export interface CollectOptions {
  /**
   * The largest file to return, in bytes; larger files are skipped with a
   * reason.
   *
   * @default {5242880}
   */
  maxFileBytes?: number;
  /**
   * Called each time a file is found, with the number found so far, e.g. to
   * drive a progress bar. Files arrive in walk order, not in result order.
   *
   * @default {undefined}
   */
  onProgress?: (found: number) => void;
  /**
   * A folder (real path) the root must lie in, by its real path: a root
   * outside it, or a link that leads out of it, is refused.
   *
   * @default {undefined}
   */
  within?: string | undefined;
  /**
   * How errors name the root, e.g. the path as the user wrote it.
   *
   * @default {root}
   */
  name?: string | undefined;
}

/**
 * Finds the files to index under a root.
 *
 * A file root is returned as it is (the size cap still applies). A folder
 * root is walked recursively: `.git`, `node_modules` and hidden entries are
 * never entered, `.gitignore` files are honoured (a deeper one overrides a
 * shallower one, and nothing inside an ignored folder comes back), symbolic
 * links to folders are not followed, and a symbolic link to a file is kept
 * only when the file lies inside the root.
 *
 * @param root A file or folder, absolute or relative to the working directory.
 * @param options The size cap and a progress callback.
 * @returns The files found and what was skipped, each in a stable order.
 * @throws {Deno.errors.NotFound} `Cannot index "<root>": no such file or directory`
 * @throws {Deno.errors.PermissionDenied} `Cannot index "<root>": permission denied`, or the root leads out of `within`
 * @throws {TypeError} when the root is not a regular file or folder, or lies under `/proc`, `/sys` or `/dev`.
 * @throws {RangeError} when `maxFileBytes` is negative or not a number.
 *
 * @example Walk a folder
 * ```ts
 * import assert from "node:assert/strict";
 * import { collectFiles } from "./collect_files.ts";
 *
 * const dir = await Deno.makeTempDir();
 * try {
 *   await Deno.writeTextFile(`${dir}/.gitignore`, "*.log\n");
 *   await Deno.writeTextFile(`${dir}/notes.md`, "# Notes\n");
 *   await Deno.writeTextFile(`${dir}/debug.log`, "noise\n");
 *   const { files } = await collectFiles(dir);
 *   assert.deepEqual(files.map((file) => file.relative), ["notes.md"]);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export async function collectFiles(
  root: string,
  options: CollectOptions = {},
): Promise<CollectResult> {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (!Number.isFinite(maxFileBytes) || maxFileBytes < 0) {
    throw new RangeError(
      `Cannot cap file size at "${maxFileBytes}" bytes: not a non-negative number`,
    );
  }
  const absoluteRoot = resolve(root);
  const within = options.within;
  const name = options.name ?? root;
  // Judged before anything is looked up, so a path outside cannot be probed.
  if (within !== undefined && !isWithin(absoluteRoot, within)) {
    throw new Deno.errors.PermissionDenied(
      `Cannot index "${name}": it is outside the project`,
    );
  }
  let info: Deno.FileInfo;
  let realRoot: string;
  try {
    info = await Deno.stat(absoluteRoot);
    realRoot = await Deno.realPath(absoluteRoot);
  } catch (error) {
    throw rootError(name, error);
  }
  const kernel = kernelRoot(realRoot);
  if (kernel !== undefined) {
    throw new TypeError(
      `Cannot index "${name}": "${realRoot}" is a kernel or device file (under ${kernel}), never indexed`,
    );
  }
  if (within !== undefined && !isWithin(realRoot, within)) {
    throw new Deno.errors.PermissionDenied(
      `Cannot index "${name}": its real path "${realRoot}" is outside the project`,
    );
  }

  const walk: Walk = {
    root: name,
    realRoot,
    maxFileBytes,
    onProgress: options.onProgress,
    files: [],
    skipped: [],
  };
  if (info.isFile) {
    record(walk, sized(walk, absoluteRoot, basename(absoluteRoot), info.size));
  } else if (info.isDirectory) {
    await walkFolder(walk, absoluteRoot, "", []);
  } else {
    throw new TypeError(
      `Cannot index "${name}": not a regular file or folder (a FIFO, socket or device)`,
    );
  }

  walk.files.sort((a, b) => compare(a.relative, b.relative));
  walk.skipped.sort((a, b) => compare(a.path, b.path));
  return { files: walk.files, skipped: walk.skipped };
}

/** Never entered, whatever the `.gitignore` files say. */
const ALWAYS_SKIPPED = new Set([".git", "node_modules"]);

interface Walk {
  root: string;
  realRoot: string;
  maxFileBytes: number;
  onProgress: ((found: number) => void) | undefined;
  files: CollectedFile[];
  skipped: SkippedPath[];
}

/** One `.gitignore` file in force, and the folder it sits in. */
interface Layer {
  /** The folder relative to the root, `""` for the root itself. */
  base: string;
  rules: GitignoreRules;
}

async function walkFolder(
  walk: Walk,
  folder: string,
  relativeFolder: string,
  parentLayers: readonly Layer[],
): Promise<void> {
  const entries: Deno.DirEntry[] = [];
  try {
    for await (const entry of Deno.readDir(folder)) entries.push(entry);
  } catch (error) {
    if (relativeFolder === "") throw rootError(walk.root, error);
    walk.skipped.push({
      path: folder,
      reason: `unreadable folder (${describe(error)})`,
    });
    return;
  }
  entries.sort((a, b) => compare(a.name, b.name));

  let layers = parentLayers;
  let gitignoreUnreadable = false;
  // Like git, a `.gitignore` that is a symbolic link is not read: it could
  // point anywhere.
  if (entries.some((entry) => entry.name === ".gitignore" && entry.isFile)) {
    const path = join(folder, ".gitignore");
    try {
      const rules = compileGitignore(await Deno.readTextFile(path));
      layers = [...parentLayers, { base: relativeFolder, rules }];
    } catch (error) {
      gitignoreUnreadable = true;
      walk.skipped.push({
        path,
        reason: `unreadable .gitignore, its rules are not applied (${
          describe(error)
        })`,
      });
    }
  }

  const folders: Array<{ path: string; relative: string }> = [];
  const pending: Array<Promise<Outcome>> = [];
  for (const entry of entries) {
    // Hidden entries (`.env`, `.DS_Store`, `.github`) are left out, as ripgrep does.
    if (ALWAYS_SKIPPED.has(entry.name) || entry.name.startsWith(".")) continue;
    if (gitignoreUnreadable && entry.name === ".gitignore") continue;
    const rel = relativeFolder === ""
      ? entry.name
      : `${relativeFolder}/${entry.name}`;
    if (isIgnored(layers, rel, entry.isDirectory)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory) {
      folders.push({ path, relative: rel });
    } else if (entry.isFile) {
      pending.push(inspectFile(walk, path, rel));
    } else if (entry.isSymlink) {
      pending.push(inspectSymlink(walk, path, rel));
    } else {
      pending.push(
        Promise.resolve({
          skip: {
            path,
            reason: "not a regular file (a socket, pipe or device)",
          },
        }),
      );
    }
  }
  // Sizes are looked up together; results are applied in name order.
  for (const outcome of await Promise.all(pending)) record(walk, outcome);
  for (const sub of folders) {
    await walkFolder(walk, sub.path, sub.relative, layers);
  }
}

/** The deepest `.gitignore` with an opinion decides; no opinion means kept. */
function isIgnored(
  layers: readonly Layer[],
  rel: string,
  isDir: boolean,
): boolean {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i];
    if (layer === undefined) continue;
    const path = layer.base === "" ? rel : rel.slice(layer.base.length + 1);
    const verdict = matchGitignore(layer.rules, path, { isDir });
    if (verdict !== "unmatched") return verdict === "ignored";
  }
  return false;
}

type Outcome = CollectedFile | { skip: SkippedPath };

async function inspectFile(
  walk: Walk,
  path: string,
  rel: string,
): Promise<Outcome> {
  try {
    const info = await Deno.stat(path);
    return sized(walk, path, rel, info.size);
  } catch (error) {
    return { skip: { path, reason: `unreadable (${describe(error)})` } };
  }
}

async function inspectSymlink(
  walk: Walk,
  path: string,
  rel: string,
): Promise<Outcome> {
  let target: string;
  let info: Deno.FileInfo;
  try {
    target = await Deno.realPath(path);
    info = await Deno.stat(target);
  } catch (error) {
    const reason = error instanceof Deno.errors.NotFound
      ? "broken symbolic link"
      : `unreadable symbolic link (${describe(error)})`;
    return { skip: { path, reason } };
  }
  if (info.isDirectory) {
    return {
      skip: { path, reason: "symbolic link to a folder, not followed" },
    };
  }
  if (!info.isFile) {
    return {
      skip: { path, reason: "symbolic link to something other than a file" },
    };
  }
  if (!isInside(walk.realRoot, target)) {
    return {
      skip: {
        path,
        reason: `symbolic link to a file outside the root (${target})`,
      },
    };
  }
  return sized(walk, path, rel, info.size);
}

function sized(
  walk: Walk,
  path: string,
  rel: string,
  bytes: number,
): Outcome {
  if (bytes > walk.maxFileBytes) {
    return { skip: { path, reason: overCapReason(bytes, walk.maxFileBytes) } };
  }
  return { path, relative: rel, bytes };
}

function record(walk: Walk, outcome: Outcome): void {
  if ("skip" in outcome) {
    walk.skipped.push(outcome.skip);
    return;
  }
  walk.files.push(outcome);
  walk.onProgress?.(walk.files.length);
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) &&
    !isAbsolute(rel);
}

function overCapReason(bytes: number, cap: number): string {
  const shownCap = formatBinaryBytes(cap);
  let shownSize = formatBinaryBytes(bytes);
  // Rounding can make a file just over the cap look the same size as the cap.
  if (shownSize === shownCap) shownSize = `${bytes} bytes`;
  return `over the ${shownCap} size cap (${shownSize})`;
}

function describe(error: unknown): string {
  if (error instanceof Deno.errors.NotFound) return "no such file or directory";
  if (error instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (error instanceof Deno.errors.NotADirectory) return "not a directory";
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n", 1)[0] ?? message;
}

function rootError(root: string, error: unknown): Error {
  const message = `Cannot index "${root}": ${describe(error)}`;
  if (error instanceof Deno.errors.NotFound) {
    return new Deno.errors.NotFound(message, { cause: error });
  }
  if (error instanceof Deno.errors.PermissionDenied) {
    return new Deno.errors.PermissionDenied(message, { cause: error });
  }
  return new Error(message, { cause: error });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
