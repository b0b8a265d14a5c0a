/**
 * What a run confined by Landlock may touch: the system's program and library
 * trees, `/etc` without its secrets (Landlock cannot carve a file out of a
 * granted folder, so `/etc` is granted entry by entry), `/proc`, `/sys`, the
 * usual devices, and the paths the plan adds.
 *
 * Reads folder listings only; never changes anything.
 *
 * @module
 */

import { REAL_FS } from "./_bwrap.ts";
import type { LandlockRules } from "./_landlock.ts";

const ETC_SECRETS = new Set([
  "shadow",
  "shadow-",
  "gshadow",
  "gshadow-",
  "sudoers",
  "sudoers.d",
  "ssl",
  "ssh",
]);
const TOP_LEVEL = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];
const DEVICES = [
  "/dev/null",
  "/dev/zero",
  "/dev/full",
  "/dev/random",
  "/dev/urandom",
  "/dev/tty",
];

/**
 * The paths that exist, without duplicates (bwrap refuses to mount a missing
 * source; Landlock skips it).
 *
 * @param paths Absolute paths.
 * @returns Those that exist, in order.
 */
export function existing(paths: readonly string[]): string[] {
  return [...new Set(paths)].filter((path) => {
    try {
      Deno.lstatSync(path);
      return true;
    } catch {
      return false;
    }
  });
}

/** `/etc` without its secrets (Landlock cannot carve a file out of a granted folder). */
function etcWithoutSecrets(): string[] {
  const paths = REAL_FS.readDir("/etc").filter((name) => !ETC_SECRETS.has(name))
    .map(
      (name) => `/etc/${name}`,
    );
  for (const name of REAL_FS.readDir("/etc/ssh")) {
    if (!(name.startsWith("ssh_host_") && name.endsWith("_key"))) {
      paths.push(`/etc/ssh/${name}`);
    }
  }
  for (const name of REAL_FS.readDir("/etc/ssl")) {
    if (name !== "private") paths.push(`/etc/ssl/${name}`);
  }
  return paths;
}

/**
 * The Landlock rules of a run: read and execute the system, `/etc` without
 * its secrets and the given paths; write the given paths; the usual devices.
 *
 * @param readable Runtime roots, PATH entries, Deno's cache.
 * @param writable The project and the run's temp dir.
 * @returns The rules, existing paths only.
 */
export function landlockRules(
  readable: readonly string[],
  writable: readonly string[],
): LandlockRules {
  return {
    readable: existing([
      "/usr",
      "/opt",
      "/nix",
      "/snap",
      ...TOP_LEVEL,
      ...etcWithoutSecrets(),
      "/proc",
      "/sys",
      "/dev/pts",
      "/dev/shm",
      ...readable,
    ]),
    writable: existing(writable),
    devices: existing(DEVICES),
  };
}
