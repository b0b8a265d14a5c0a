/**
 * The few path operations the hook path needs, without `node:path`: loading
 * Node's compatibility layer costs a hook process tens of milliseconds, and
 * hooks run on every tool call. POSIX paths, plus drive letters and either
 * separator on Windows.
 *
 * Pure string work; never touches the file system (except `Deno.cwd()` in
 * {@linkcode resolvePath}).
 *
 * @module
 */

const WINDOWS = Deno.build.os === "windows";
const SEP = WINDOWS ? "\\" : "/";
const SPLIT = WINDOWS ? /[\\/]+/ : /\/+/;

/**
 * Whether a path is absolute.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isAbsolutePath } from "./path_lite.ts";
 * assert.equal(isAbsolutePath("/srv/app"), true);
 * assert.equal(isAbsolutePath("src/app"), false);
 * ```
 */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith("/") || (WINDOWS && /^(?:[A-Za-z]:)?[\\/]/.test(path));
}

function root(path: string): string {
  if (WINDOWS) {
    const drive = path.match(/^[A-Za-z]:/)?.[0] ?? "";
    return isAbsolutePath(path) ? `${drive}${SEP}` : drive;
  }
  return path.startsWith("/") ? "/" : "";
}

/** Removes `.`, `..` and doubled separators. */
function normalize(path: string): string {
  const head = root(path);
  const parts: string[] = [];
  for (const part of path.slice(head.length).split(SPLIT)) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
      else if (!head) parts.push("..");
      continue;
    }
    parts.push(part);
  }
  return head + parts.join(SEP) || ".";
}

/**
 * Joins path segments and normalizes the result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { joinPath } from "./path_lite.ts";
 * if (Deno.build.os !== "windows") assert.equal(joinPath("/a/b", "../c", "d.db"), "/a/c/d.db");
 * ```
 */
export function joinPath(...parts: string[]): string {
  return normalize(parts.filter((part) => part !== "").join(SEP));
}

/** Resolves segments to an absolute path, starting from the working directory. */
export function resolvePath(...parts: string[]): string {
  let path = "";
  for (let i = parts.length - 1; i >= 0 && !isAbsolutePath(path); i--) {
    const part = parts[i];
    if (part) path = path ? `${part}${SEP}${path}` : part;
  }
  return normalize(isAbsolutePath(path) ? path : `${Deno.cwd()}${SEP}${path}`);
}

/** The last segment of a path. */
export function basenameOf(path: string): string {
  const parts = path.split(SPLIT).filter((part) => part !== "");
  return parts[parts.length - 1] ?? "";
}

/** The path without its last segment. */
export function dirnameOf(path: string): string {
  const normalized = normalize(path);
  const cut = Math.max(
    normalized.lastIndexOf("/"),
    WINDOWS ? normalized.lastIndexOf("\\") : -1,
  );
  if (cut < 0) return ".";
  return cut === 0
    ? normalized.slice(0, 1)
    : normalized.slice(0, cut) || root(normalized);
}
