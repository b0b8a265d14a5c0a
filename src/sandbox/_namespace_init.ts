/**
 * A bubblewrap host's first child, known before its run can start.
 *
 * Bubblewrap's first process (the host) reports the command's exit and
 * leaves as soon as the PID namespace's init, its one child, tells it, while
 * the kernel may still be ending the namespace's other processes. The init
 * then passes to this process (a child subreaper), outside the host's tree,
 * and a run whose end came after that would return with its processes
 * alive. So the init is looked for before the run's request is written
 * (the host can run no code before it reads it), and ended with the run.
 *
 * Reads `/proc` and signals only the child it found.
 *
 * @module
 */

import { childrenWithStart, type KilledProcess } from "./_reap.ts";

/** The longest pause between two looks for the first child. */
const MAX_PAUSE_MS = 8;

/**
 * Waits until a host has a child (its namespace's init), the host ended, or
 * `deadline` passed. A bubblewrap host clones its init at once, so this
 * waits only for a host started a moment ago.
 *
 * @param child The host.
 * @param deadline The run's deadline (`performance.now()` time).
 * @returns The host's children (its init), empty when it ended or the deadline passed first.
 */
export async function awaitNamespaceInit(
  child: Deno.ChildProcess,
  deadline: number,
): Promise<KilledProcess[]> {
  if (Deno.build.os !== "linux") return [];
  let ended = false;
  child.status.then(() => ended = true, () => ended = true);
  for (let looks = 0;; looks++) {
    const found = childrenWithStart(child.pid);
    if (found.length > 0 || ended || performance.now() > deadline) {
      return found;
    }
    const ms = Math.min(MAX_PAUSE_MS, 2 ** looks / 4);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

/**
 * Kills the inits {@link awaitNamespaceInit} found that are still the same
 * processes (their start time) and alive: the kernel then ends their
 * namespaces whole, even when the host above them already left.
 *
 * @param inits What {@link awaitNamespaceInit} returned.
 */
export function killNamespaceInits(inits: readonly KilledProcess[]): void {
  for (const { pid, start } of inits) {
    let fields: string[];
    try {
      const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
      fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    } catch {
      continue; // reaped
    }
    if (fields[19] !== start || fields[0] === "Z") continue;
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }
}
