/**
 * The interpreter behind a pyenv shim, found the way `pyenv exec` finds it
 * but without its dozens of `bash` processes (a shim costs a Python start
 * several times over): the version from `PYENV_VERSION`, else the nearest
 * `.python-version` from the project up, else pyenv's global `version`
 * file; the program in that version's `bin`, with that folder put first on
 * PATH as `pyenv exec` does.
 *
 * Only the plain case is resolved; anything else (the `system` version, a
 * version prefix pyenv would complete, a version not installed, an `exec`
 * hook other than pyenv's own pip rehash, `PYENV_DIR`, an unusual layout)
 * keeps the shim, which then decides as always.
 *
 * Reads files only; never starts a process.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";

/** An interpreter to run instead of a shim, and what `pyenv exec` would tell it. */
export interface ShimTarget {
  /** The interpreter's path. */
  command: string;
  /** The folder `pyenv exec` puts first on `PATH`. */
  bin: string;
  /** The `PYENV_VERSION` that `pyenv exec` exports. */
  version: string;
}

/** `exec` hooks that leave a `python -c` start alone (pyenv's own, for pip). */
const HARMLESS_HOOKS = new Set(["pip-rehash", "pip-rehash.bash"]);

function readText(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** The versions a version file names, as `pyenv version-file-read` reads them. */
function versionsIn(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim().split(/\s+/)[0] ?? "")
    .filter((word) => word !== "" && !word.startsWith("#"));
}

/** Whether every `exec` hook pyenv would source is one that leaves `python -c` alone. */
function onlyHarmlessHooks(root: string): boolean {
  const folders = [
    join(root, "pyenv.d"),
    "/usr/etc/pyenv.d",
    "/usr/local/etc/pyenv.d",
    "/etc/pyenv.d",
    "/usr/lib/pyenv/hooks",
  ];
  try {
    for (const plugin of Deno.readDirSync(join(root, "plugins"))) {
      folders.push(join(root, "plugins", plugin.name, "etc", "pyenv.d"));
    }
  } catch {
    // no plugins
  }
  for (const folder of folders) {
    try {
      for (const entry of Deno.readDirSync(join(folder, "exec"))) {
        if (!HARMLESS_HOOKS.has(entry.name)) return false;
      }
    } catch {
      // no hooks there
    }
  }
  return true;
}

/**
 * The interpreter a pyenv shim would run in `project`, or `undefined` when
 * `command` is no pyenv shim or the case is not a plain one.
 *
 * @param command The interpreter found on PATH.
 * @param env The server's environment (`PYENV_*`).
 * @param project The run's working directory (real path).
 * @returns What to run instead, or `undefined` to keep the shim.
 */
export function resolvePyenvShim(
  command: string,
  env: Readonly<Record<string, string>>,
  project: string,
): ShimTarget | undefined {
  const shims = dirname(command);
  if (basename(shims) !== "shims") return undefined;
  const root = dirname(shims);
  if (!isFile(join(root, "libexec", "pyenv"))) return undefined;
  if (env.PYENV_ROOT !== undefined && env.PYENV_ROOT !== root) return undefined;
  if (env.PYENV_DIR !== undefined || env.PYENV_HOOK_PATH !== undefined) {
    return undefined;
  }
  let versions: string[] | undefined;
  if (env.PYENV_VERSION) {
    versions = env.PYENV_VERSION.split(":").filter(Boolean);
  } else {
    // The nearest file decides, even an empty one (pyenv then takes `system`).
    for (let dir = project;; dir = dirname(dir)) {
      const text = readText(join(dir, ".python-version"));
      if (text !== undefined) {
        versions = versionsIn(text);
        break;
      }
      if (dir === "/") break;
    }
    versions ??= versionsIn(readText(join(root, "version")) ?? "");
  }
  // pyenv looks for the program in each version in turn: only the first is followed here.
  const version = versions[0];
  if (
    version === undefined || version === "system" || version === ".." ||
    version.includes("/")
  ) return undefined;
  const bin = join(root, "versions", version, "bin");
  const target = join(bin, basename(command));
  if (!isFile(target) || !onlyHarmlessHooks(root)) return undefined;
  return { command: target, bin, version: versions.join(":") };
}
