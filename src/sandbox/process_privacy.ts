/**
 * Keeps the server's own process out of its runs' reach. Runs are processes
 * of the same user; without a PID namespace (Landlock, no confinement) they
 * could read the server's environment, with every secret the agent was
 * started with, from `/proc/<pid>/environ`.
 *
 * Changes only this process's flags; never starts or signals anything.
 *
 * @module
 */

import { setDumpable } from "./_landlock.ts";

/**
 * Hides this process from other processes of the same user: its
 * `/proc/<pid>/environ`, memory and file descriptors become readable by root
 * only (`PR_SET_DUMPABLE` 0). Children start dumpable again after `exec`.
 *
 * @returns Whether it took effect (Linux, with FFI allowed).
 */
export function hideFromSameUser(): boolean {
  return setDumpable(false);
}
