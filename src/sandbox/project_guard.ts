/**
 * The folders no run may be given: the user's home folder (and every folder
 * that contains it, such as `/` or `/home`) and ctx-mode's data home (its
 * knowledge bases, the hook socket's key, its config), which a run would
 * read and write as its project.
 *
 * Paths are compared by real path (links, `..`, `.` and trailing slashes
 * resolved; a folder that does not exist yet by its nearest existing
 * parent). The home folder is both `HOME` (`USERPROFILE` on Windows) and the
 * one the system's user database names, so a server started with another
 * `HOME` still keeps the real one out. Case is compared as given.
 *
 * This module only reads the file system (real paths); it never writes.
 *
 * @module
 */

import { userInfo } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { dataHome } from "../config/paths.ts";
import { isInside } from "./_bwrap.ts";

/** A folder runs must never hold, and what it is (for the error). */
export interface GuardedFolder {
  /** Its real path. */
  path: string;
  /** `"the home folder"` or `"the ctx-mode data home"`. */
  what: string;
  /** Whether a folder inside it is as bad as the folder itself (the data home). */
  wholeTree: boolean;
}

/**
 * The home folders and the data home, by real path.
 *
 * @param env The environment (`HOME`, `USERPROFILE`, `CTX_MODE_HOME`).
 * @returns The folders, without repeats.
 */
export function guardedFolders(
  env: Readonly<Record<string, string>>,
): GuardedFolder[] {
  const found: GuardedFolder[] = [];
  const add = (path: string | undefined, what: string, wholeTree: boolean) => {
    if (!path) return;
    const real = realPathOf(path);
    if (!found.some((folder) => folder.path === real)) {
      found.push({ path: real, what, wholeTree });
    }
  };
  add(env.HOME ?? env.USERPROFILE, "the home folder", false);
  add(passwdHome(), "the home folder", false);
  try {
    add(dataHome(env), "the ctx-mode data home", true);
  } catch {
    // No HOME and no CTX_MODE_HOME: there is no data home to keep out.
  }
  return found;
}

/**
 * Why a folder must not be handed to a run, if it must not: it is a home
 * folder or contains one, or it is, contains or lies inside the data home.
 *
 * @param path The folder (any spelling; its real path is judged).
 * @param folders What to keep out, from {@linkcode guardedFolders}.
 * @returns A reason (`"it contains the home folder \"/root\""`), or `undefined`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { guardedFolders, whyGuarded } from "./project_guard.ts";
 * const folders = guardedFolders({ HOME: "/home/ada", CTX_MODE_HOME: "/srv/ctx" });
 * assert.equal(whyGuarded("/home", folders), 'it contains the home folder "/home/ada"');
 * assert.equal(whyGuarded("/home/ada/src", folders), undefined);
 * ```
 */
export function whyGuarded(
  path: string,
  folders: readonly GuardedFolder[],
): string | undefined {
  const real = realPathOf(path);
  for (const folder of folders) {
    if (real === folder.path) return `it is ${folder.what}`;
    if (isInside(folder.path, real)) {
      return `it contains ${folder.what} "${folder.path}"`;
    }
    if (folder.wholeTree && isInside(real, folder.path)) {
      return `it is inside ${folder.what} "${folder.path}"`;
    }
  }
  return undefined;
}

/**
 * Refuses a project that would give runs the home folder or the data home.
 *
 * @param project The project directory of the run.
 * @param env The environment the run is judged by (`HOME`, `CTX_MODE_HOME`).
 * @throws {Deno.errors.PermissionDenied} `Cannot run code in "<project>": it contains the home folder "…"`, and the like.
 */
export function refuseGuardedProject(
  project: string,
  env: Readonly<Record<string, string>>,
): void {
  const reason = whyGuarded(project, guardedFolders(env));
  if (reason !== undefined) {
    throw new Deno.errors.PermissionDenied(
      `Cannot run code in "${project}": ${reason}; open a project folder inside it instead`,
    );
  }
}

/** The real path, or for a missing path its nearest existing parent's real path joined with the rest. */
function realPathOf(path: string): string {
  try {
    // The path as written first: `link/..` means the link target's parent to the kernel.
    return Deno.realPathSync(path);
  } catch {
    // Missing: judged by its nearest existing parent below.
  }
  let missing = "";
  for (let current = resolve(path);;) {
    try {
      const real = Deno.realPathSync(current);
      return missing ? join(real, missing) : real;
    } catch {
      const parent = dirname(current);
      if (parent === current) return resolve(path);
      missing = missing ? join(basename(current), missing) : basename(current);
      current = parent;
    }
  }
}

function passwdHome(): string | undefined {
  try {
    return userInfo().homedir || undefined;
  } catch {
    // No user database entry (or no permission to read it).
    return undefined;
  }
}
