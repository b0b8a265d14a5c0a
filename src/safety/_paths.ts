/**
 * Path arithmetic for the safety guard: POSIX normalisation and containment
 * tests on strings only.
 *
 * Pure: never touches the file system (the caller injects symlink resolution
 * where it wants it).
 *
 * @module
 */

/**
 * Normalises an absolute POSIX path: no `.`/`..` segments, no doubled or
 * trailing slash. Written out rather than taken from `node:path`, whose
 * loading costs the hook process tens of milliseconds.
 */
export function normalizeAbsolute(path: string): string {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
}

/** Resolves `path` against `base` (an absolute directory) and normalises it. */
export function resolveFrom(base: string, path: string): string {
  return normalizeAbsolute(path.startsWith("/") ? path : `${base}/${path}`);
}

/** Whether `child` is `parent` itself or lies below it (both normalised absolute paths). */
export function isWithin(child: string, parent: string): boolean {
  if (parent === "/") return true;
  return child === parent || child.startsWith(`${parent}/`);
}

/** Whether `child` lies strictly below `parent` (both normalised absolute paths). */
export function isStrictlyWithin(child: string, parent: string): boolean {
  return child !== parent && isWithin(child, parent);
}

/** Replaces a leading `~` or `~/` with `home`; other paths are returned unchanged. */
export function expandHome(path: string, home: string): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return `${home}${path.slice(1)}`;
  return path;
}

/** The last segment of a path (`"/a/b/"` → `"b"`). */
export function baseName(path: string): string {
  const trimmed = path.length > 1 && path.endsWith("/")
    ? path.slice(0, -1)
    : path;
  const slash = trimmed.lastIndexOf("/");
  return slash === -1 ? trimmed : trimmed.slice(slash + 1);
}

/**
 * Turns a Windows path (`C:\Users\me`) into the POSIX spelling the guard
 * reasons with (`/c/Users/me`); other paths are returned unchanged.
 */
export function toPosixPath(path: string): string {
  const m = /^([A-Za-z]):(?=[\\/]|$)/.exec(path);
  if (m === null) return path;
  const rest = path.slice(2).replaceAll("\\", "/");
  return `/${(m[1] ?? "").toLowerCase()}${rest === "" ? "" : rest}`;
}
