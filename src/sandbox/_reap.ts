/**
 * Ends every process below a run, wherever it hid. A host (and the process
 * that starts hosts) is a child subreaper, so a process that leaves its
 * parent (`setsid`, a double fork, `nohup`, `disown`) is adopted by the
 * nearest of them instead of by init, and stays in the tree that is
 * killed, again and again until nothing is left, when the run ends.
 *
 * Reads `/proc` and signals only processes below the pid it is given (or,
 * for `sweepAdopted`, confined processes this process adopted, never a host
 * one of its isolates started: see `markStarted`).
 *
 * @module
 */

import { libc, reapChild } from "./_libc.ts";

const PR_SET_CHILD_SUBREAPER = 36;

/**
 * How long the reaping after a run waits for what it killed. On an idle
 * machine the kernel ends a killed PID namespace within milliseconds; on one
 * starved by other work (another run's fork bomb, a loaded 2-core machine)
 * it took seconds, and a run that returned before then left its processes
 * alive for that long.
 */
const REAP_DEADLINE_MS = 30_000;

/**
 * Waits a moment before the next look at what is still dying: 1 ms, then
 * longer each time, up to 20 ms.
 *
 * @param looks How many looks were taken so far.
 */
function pauseBeforeLook(looks: number): Promise<void> {
  const ms = Math.min(20, 2 ** Math.min(looks, 5));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Makes this process the one that adopts its orphaned descendants.
 *
 * @returns Whether it took effect (Linux, with FFI allowed).
 */
export function becomeSubreaper(): boolean {
  const c = libc();
  return c !== null && c.prctl(PR_SET_CHILD_SUBREAPER, 1n, 0n, 0n, 0n) === 0;
}

/**
 * Kills every process below `root` (not `root` itself). The kernel ends the
 * whole run where it can, not a list of processes read once: the first
 * process of every PID namespace below `root` (a bubblewrap's init, the
 * namespace chain's `sh`) is killed, and with it every process of its
 * namespace, however it forked; a `pids` cgroup of a run's own that `root`
 * is in (and this process is not) is killed whole (`cgroup.kill`). What is
 * outside them is frozen (`SIGSTOP`, round after round until a round finds
 * none still running, so none can fork or react to another's end), then
 * killed, and it starts over until nothing below `root` is alive, the
 * namespaces' processes included: a process that forked meanwhile leaves
 * its child to `root` (a subreaper) or to a parent that the next round
 * finds. Self-contained, so that a Worker can run it from its source text.
 *
 * @param root A pid.
 * @returns The processes killed, and those found dead below it, each with its start time (see {@link reapKilled}).
 */
export function killDescendants(root: number): KilledProcess[] {
  const childrenOf = (pid: number): number[] => {
    const found: number[] = [];
    let tasks: string[];
    try {
      tasks = [...Deno.readDirSync(`/proc/${pid}/task`)].map((task) =>
        task.name
      );
    } catch {
      return found;
    }
    for (const task of tasks) {
      try {
        const text = Deno.readTextFileSync(
          `/proc/${pid}/task/${task}/children`,
        );
        for (const word of text.split(" ")) {
          if (word.trim()) found.push(Number(word));
        }
      } catch {
        // the thread ended meanwhile
      }
    }
    return found;
  };
  /** The state letter (`Z` when gone) and start time of a process. */
  const state = (pid: number): { state: string; start: string } => {
    try {
      const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return { state: fields[0] ?? "Z", start: fields[19] ?? "" };
    } catch {
      return { state: "Z", start: "" };
    }
  };
  /** The `NSpid` fields of a process's status: its pid in each PID namespace it is in (empty when unreadable). */
  const nsPids = (pid: number | "self"): string[] => {
    try {
      const status = Deno.readTextFileSync(`/proc/${pid}/status`);
      return /^NSpid:\s*(.*)$/m.exec(status)?.[1]?.trim().split(/\s+/) ?? [];
    } catch {
      return [];
    }
  };
  const signal = (pid: number, name: Deno.Signal) => {
    try {
      Deno.kill(pid, name);
    } catch {
      // already gone
    }
  };
  /** The cgroup v2 folder of a process, when it is a run's own (made by `_process_limit.ts`). */
  const runGroup = (pid: number | "self"): string | null => {
    try {
      const text = Deno.readTextFileSync(`/proc/${pid}/cgroup`);
      const path = /^0::(\/.*)$/m.exec(text)?.[1];
      return path && /\/ctx-mode-run-[^/]+$/.test(path) ? path : null;
    } catch {
      return null;
    }
  };
  const ownDepth = nsPids("self").length;
  /** Whether a process is the first (pid 1) of a PID namespace below this process's. */
  const firstOfNamespace = (pid: number): boolean => {
    const pids = nsPids(pid);
    return pids.length > ownDepth && pids.at(-1) === "1";
  };
  const group = runGroup(root);
  if (group !== null && group !== runGroup("self")) {
    try {
      Deno.writeTextFileSync(`/sys/fs/cgroup${group}/cgroup.kill`, "1");
    } catch {
      // cgroup v1, a kernel before 5.14, or gone: the rounds below do it
    }
  }
  const killed = new Map<number, string>();
  /** The first processes of PID namespaces below `root` that were killed, with their start times. */
  const namespaces = new Map<number, string>();
  const below = (): {
    pid: number;
    state: string;
    start: string;
    /** In a killed namespace: the kernel is ending it. */
    doomed: boolean;
  }[] => {
    const found: {
      pid: number;
      state: string;
      start: string;
      doomed: boolean;
    }[] = [];
    const stack = childrenOf(root).map((pid) => ({ pid, doomed: false }));
    const seen = new Set<number>();
    while (stack.length > 0) {
      const { pid, doomed: above } = stack.pop()!;
      if (seen.has(pid)) continue;
      seen.add(pid);
      const now = state(pid);
      let doomed = above;
      if (now.state !== "Z" && now.state !== "X") {
        if (!doomed && namespaces.get(pid) === now.start) doomed = true;
        else if (!doomed && now.start && firstOfNamespace(pid)) {
          // The first process of a namespace below: its end ends all of it.
          signal(pid, "SIGKILL");
          namespaces.set(pid, now.start);
          killed.set(pid, now.start);
          doomed = true;
        }
        found.push({ pid, ...now, doomed });
      } // Dead already, its parent about to be killed: it comes to `root`'s reaper too.
      else if (now.start) killed.set(pid, now.start);
      for (const child of childrenOf(pid)) stack.push({ pid: child, doomed });
    }
    return found;
  };
  for (let round = 0; round < 1_000; round++) {
    let alive = below();
    if (alive.length === 0) break;
    for (let freeze = 0; freeze < 100; freeze++) {
      const running = alive.filter((process) =>
        process.state !== "T" && !process.doomed &&
        killed.get(process.pid) !== process.start
      );
      if (running.length === 0) break;
      for (const { pid } of running) signal(pid, "SIGSTOP");
      alive = below();
    }
    for (const { pid, start, doomed } of alive) {
      if (doomed || killed.get(pid) === start) continue;
      signal(pid, "SIGKILL");
      killed.set(pid, start);
    }
    // Only processes the kernel is ending are left: wait for them a moment.
    if (
      alive.every(({ pid, start, doomed }) =>
        doomed || killed.get(pid) === start
      )
    ) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
  return [...killed].map(([pid, start]) => ({ pid, start }));
}

/** A process {@link killDescendants} killed: its pid, and its start time, which tells it from a later process of the same pid. */
export interface KilledProcess {
  pid: number;
  /** The start time field of its `/proc/<pid>/stat`. */
  start: string;
}

/**
 * Reaps the killed processes that came to this process once their parents
 * died (a bubblewrap below the host, its PID namespace's init, a process
 * the host started ahead): nothing else ever waits for them, and each would
 * stay a zombie for as long as the server runs. Waits for each (up to
 * {@link REAP_DEADLINE_MS}) until it is a zombie of this process, or gone, or its pid is
 * another process's (the start time differs); a host that an isolate of
 * this process marked (`markStarted`) is never reaped here.
 *
 * @param killed What {@link killDescendants} returned, once the process it was given is reaped.
 * @returns When every one of them is reaped or not this process's to reap.
 */
export async function reapKilled(
  killed: readonly KilledProcess[],
): Promise<void> {
  if (Deno.build.os !== "linux" || libc() === null) return;
  let waiting = [...killed];
  const end = performance.now() + REAP_DEADLINE_MS;
  let looks = 0;
  while (waiting.length > 0) {
    const marked = markedStarted();
    waiting = waiting.filter(({ pid, start }) => {
      let fields: string[];
      try {
        const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
        fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      } catch {
        return false; // reaped by its parent
      }
      if (fields[19] !== start || marked.has(pid)) return false;
      // Still alive, or still its dying parent's: look again.
      if (fields[0] !== "Z" || Number(fields[1]) !== Deno.pid) return true;
      reapChild(pid);
      return false;
    });
    if (waiting.length === 0 || performance.now() > end) return;
    await pauseBeforeLook(looks++);
  }
}

/**
 * Reaps every ended child of this process (a host, after its run: orphans
 * it adopted would otherwise pass to the server as zombies).
 */
export function reapZombies(): void {
  while (reapChild(-1) > 0) {
    // one more reaped
  }
}

/**
 * Marks a process this process just started (a host) as its own, for the
 * sweep of every isolate of this process: Workers, and the test files of
 * `deno test --parallel`, share one process (one subreaper, one list of
 * children) but each has module state of its own, so a set of pids kept in
 * a module is not enough. The mark is an open descriptor of the process's
 * `/proc` folder, in the process-wide descriptor table that no run can add
 * to; it names that process only (once it has ended, nothing can be read
 * through it, even when its pid is given out again).
 *
 * @param pid A child this process started.
 * @returns A function that removes the mark (call it once the child is reaped or no longer wanted).
 */
export function markStarted(pid: number): () => void {
  if (Deno.build.os !== "linux") return () => {};
  let mark: Deno.FsFile;
  try {
    mark = Deno.openSync(`/proc/${pid}`);
  } catch {
    // no /proc here: the module's own set of pids still protects it
    return () => {};
  }
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    mark.close();
  };
}

/** The pids of the processes some isolate of this process marked as started and still holds. */
function markedStarted(): Set<number> {
  const marked = new Set<number>();
  let fds: string[];
  try {
    fds = [...Deno.readDirSync("/proc/self/fd")].map((entry) => entry.name);
  } catch {
    return marked;
  }
  for (const fd of fds) {
    try {
      const pid = /^\/proc\/(\d+)$/.exec(
        Deno.readLinkSync(`/proc/self/fd/${fd}`),
      )
        ?.[1];
      if (pid !== undefined) marked.add(Number(pid));
    } catch {
      // closed meanwhile
    }
  }
  return marked;
}

/** How many seccomp filters a process's status says it is under (0 when unreadable). */
function seccompFilters(pid: number | "self"): number {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    return Number(/^Seccomp_filters:\s*(\d+)$/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The session a process is in (its `stat`'s sixth field; null when unreadable). */
function sessionOf(pid: number | "self"): number | null {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // After the name in parentheses: state, ppid, pgrp, session.
    const session = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[3];
    return session === undefined ? null : Number(session);
  } catch {
    return null;
  }
}

/**
 * Kills and reaps the children of this process still in the session of a
 * host that is reaped: a bubblewrap that was its PID namespace's init, still
 * ending after the bubblewrap above it reported the exit code and left, comes
 * to this process and would stay a zombie for as long as the server runs.
 * Every host leads a session of its own, and no process joins a session it
 * is not in, so only a run's processes are in it; a session leader (a host
 * whose pid is the ended one's again) and a marked host are left alone.
 *
 * @param session The pid of the reaped host (its session's id).
 * @returns When none is left (or after {@link REAP_DEADLINE_MS}).
 */
export async function reapSession(session: number): Promise<void> {
  if (Deno.build.os !== "linux" || libc() === null) return;
  const end = performance.now() + REAP_DEADLINE_MS;
  let looks = 0;
  while (true) {
    const marked = markedStarted();
    const left = childrenOfSelf().filter((pid) =>
      pid !== session && !marked.has(pid) && sessionOf(pid) === session
    );
    for (const pid of left) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // a zombie already
      }
      reapChild(pid);
    }
    if (left.length === 0 || performance.now() > end) return;
    await pauseBeforeLook(looks++);
  }
}

/**
 * The children of a process, with their start times, for {@link reapKilled}
 * (a host's bubblewrap that is its PID namespace's init may outlive the
 * bubblewrap above it by a moment, in a session of its own).
 *
 * @param pid A process.
 * @returns Its children now.
 */
export function childrenWithStart(pid: number): KilledProcess[] {
  const found: KilledProcess[] = [];
  for (const child of childrenOf(pid)) {
    try {
      const stat = Deno.readTextFileSync(`/proc/${child}/stat`);
      const start = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
      if (start) found.push({ pid: child, start });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The children of this process, of every thread. */
function childrenOfSelf(): number[] {
  return childrenOf(Deno.pid);
}

/** The children of a process, of every thread. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = [...Deno.readDirSync(`/proc/${pid}/task`)].map((task) => task.name);
  } catch {
    return found;
  }
  for (const task of tasks) {
    try {
      const text = Deno.readTextFileSync(
        `/proc/${pid}/task/${task}/children`,
      );
      for (const word of text.split(" ")) {
        if (word.trim()) found.push(Number(word));
      }
    } catch {
      // the thread ended meanwhile
    }
  }
  return found;
}

/**
 * Kills and reaps the confined processes this process adopted because the
 * host above them died, and whatever is below them. A confined process is
 * under more seccomp filters than this process and outside its session:
 * every host starts in a session of its own, and no process can join a
 * session it is not in, so a run's process never gets back into this one.
 * A child this process started some other way stays in its session (a
 * program that confines itself, a test fixture) or has the same filters (in
 * a container every process may be under the container's filter), and is
 * left alone, as are the hosts in `own` and every host an isolate of this
 * process marked (`markStarted`): the sweep after one run never ends a host
 * of another, nor reaps it (its waiter would then fail with `ECHILD`).
 *
 * @param own The pids this isolate started (its hosts).
 * @returns When every one of them is reaped (or after {@link REAP_DEADLINE_MS}).
 */
export async function sweepAdopted(own: ReadonlySet<number>): Promise<void> {
  if (Deno.build.os !== "linux" || libc() === null) return;
  const inherited = seccompFilters("self");
  const session = sessionOf("self");
  const adopted = () => {
    const marked = markedStarted();
    return childrenOfSelf().filter((pid) =>
      !own.has(pid) && !marked.has(pid) &&
      seccompFilters(pid) > inherited && sessionOf(pid) !== session
    );
  };
  const end = performance.now() + REAP_DEADLINE_MS;
  let looks = 0;
  const killed: KilledProcess[] = [];
  for (let pids = adopted(); pids.length > 0; pids = adopted()) {
    for (const pid of pids) {
      // Frozen first, then all below it, then itself: nothing reacts to another's end.
      try {
        Deno.kill(pid, "SIGSTOP");
      } catch {
        // already gone
      }
      killed.push(...killDescendants(pid));
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
      reapChild(pid);
    }
    if (performance.now() > end) break;
    await pauseBeforeLook(looks++);
  }
  // What was below them came to this process as they died.
  await reapKilled(killed);
}
