/**
 * What a run confined by Landlock may touch: the system's program and library
 * trees, the allow list of `/etc` (entry by entry), `/proc`, `/sys`, the
 * usual devices (not `/dev/shm`, where other processes keep shared memory),
 * and the paths the plan adds.
 *
 * Reads folder listings only; never changes anything.
 *
 * @module
 */

import { allowedEtcPaths } from "./_etc_allow.ts";
import type { LandlockRules } from "./_landlock.ts";

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

/**
 * The Landlock rules of a run: read and execute the system, the allow list
 * of `/etc` and the given paths; write the given paths; the usual devices.
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
      "/nix",
      "/snap",
      ...TOP_LEVEL,
      ...allowedEtcPaths(),
      "/proc",
      "/sys",
      "/dev/pts",
      ...readable,
    ]),
    writable: existing(writable),
    devices: existing(DEVICES),
  };
}
