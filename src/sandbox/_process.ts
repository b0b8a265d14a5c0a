/**
 * Runs one child process under limits: its own session and process group,
 * stdin at EOF or carrying a request, a deadline, bounded output capture, a
 * memory cap over the process tree (and the files of its in-memory folders),
 * and a kill of the whole group on timeout, on abort, once the child has
 * exited (so no background process outlives the run) and when this process
 * unloads; on timeout, abort or memory, every process below the child too.
 * This process adopts what loses its parent (a child subreaper), so the
 * processes of a host that died are found and ended as well.
 *
 * This module must never interpret the output or decide what to run.
 *
 * @module
 */

import type { OutputCapture } from "./_output.ts";
import { namespaceFileBytes, treeResidentBytes } from "./_memory_watch.ts";
import { DoneMarkScanner } from "./_done_mark.ts";
import {
  becomeSubreaper,
  childrenWithStart,
  killDescendants,
  type KilledProcess,
  markStarted,
  reapKilled,
  reapSession,
  sweepAdopted,
} from "./_reap.ts";
import { awaitNamespaceInit, killNamespaceInits } from "./_namespace_init.ts";

/** How one process ended. */
export interface ProcessOutcome {
  /** The exit code, or `null` when a signal ended the process. */
  exitCode: number | null;
  /** The signal that ended the process, e.g. `"SIGKILL"`, or `null`. */
  signal: string | null;
  /** Whether the deadline killed it. */
  timedOut: boolean;
  /** Whether the abort signal killed it. */
  aborted: boolean;
  /** Whether the memory cap killed it. */
  outOfMemory: boolean;
  durationMs: number;
}

/** What to run and under which limits. */
export interface ProcessSpec {
  /** The executable and its arguments. */
  argv: readonly string[];
  cwd: string;
  /** The complete environment (nothing else is inherited). */
  env: Record<string, string>;
  /** Milliseconds before the process group is killed. */
  timeoutMs: number;
  /** Where stdout and stderr go; a build step and its run share them. */
  capture: { stdout: OutputCapture; stderr: OutputCapture };
  signal?: AbortSignal | undefined;
  /** The resident memory of the process tree, in MB, past which it is killed (Linux). */
  memoryMb?: number;
  /** The process reports its end with the done mark on stderr (a sandbox host). */
  doneMark?: boolean;
  /**
   * The process is a bubblewrap whose one child is its PID namespace's init:
   * the input waits until that child is known, and the child dies with the run.
   */
  namespaceInit?: boolean;
}

/** How often the memory of a running process tree is read. */
const MEMORY_POLL_MS = 200;

/** After the child exits, how long to wait for its pipes to close. */
const DRAIN_GRACE_MS = 2_000;

const liveGroups = new Set<number>();
/** The marks that keep every isolate's sweep off the hosts of this one, by pid. */
const startedMarks = new Map<number, () => void>();

/** Forgets a started process: its group is no longer killed on unload, nor is it marked as started. */
function untrackGroup(pid: number): void {
  liveGroups.delete(pid);
  startedMarks.get(pid)?.();
  startedMarks.delete(pid);
}
let unloadHooked = false;
let adopting = false;

/**
 * Kills a process and everything in its process group (its session, as the
 * child was started detached). Errors are ignored: the group may be gone.
 *
 * @param pid The child's pid, which is also its group id.
 */
function killGroup(pid: number): void {
  if (Deno.build.os === "windows") {
    try {
      new Deno.Command("taskkill", {
        args: ["/pid", String(pid), "/T", "/F"],
        stdout: "null",
        stderr: "null",
      })
        .spawn();
    } catch {
      // taskkill missing: nothing more we can do
    }
    return;
  }
  try {
    Deno.kill(-pid, "SIGKILL");
  } catch {
    // already gone, or started by `setsid` that has not made its group yet
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

let setsidPath: string | null | undefined;

/**
 * util-linux's `setsid` from a system folder (Linux): a child that makes its
 * own session with it is spawned without a `fork` of this large process
 * (Deno forks for `detached`, costing this thread 15–40 ms per host).
 */
function systemSetsid(): string | null {
  if (setsidPath !== undefined) return setsidPath;
  setsidPath = null;
  if (Deno.build.os !== "linux") return null;
  for (const path of ["/usr/bin/setsid", "/bin/setsid"]) {
    try {
      if (Deno.statSync(path).isFile) return setsidPath = path;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * Kills a run: the host stopped first (it can report nothing more, and still
 * adopts what loses its parent), everything below it, then the host's group.
 * What was below it comes to this process as the host dies: pass the result
 * to `reapKilled` once the host is reaped.
 */
function killRun(pid: number): KilledProcess[] {
  let killed: KilledProcess[] = [];
  if (Deno.build.os === "linux") {
    try {
      Deno.kill(pid, "SIGSTOP");
    } catch {
      // already gone
    }
    killed = killDescendants(pid);
  }
  killGroup(pid);
  return killed;
}

/**
 * Once a killed host is reaped, reaps what was below it (a bubblewrap's PID
 * namespace init, a process it started ahead) and what is left in its
 * session, and forgets the host.
 *
 * @returns When all of it is reaped: a PID namespace's init is reaped only
 * once the kernel has ended every process of its namespace, which under
 * load takes a while after the init was killed.
 */
function reapAfter(
  child: Deno.ChildProcess,
  killed: KilledProcess[],
): Promise<void> {
  return child.status.then(() => {}, () => {}).finally(async () => {
    untrackGroup(child.pid);
    await Promise.all([reapKilled(killed), reapSession(child.pid)]);
  }).catch(() => {});
}

const liveDirs = new Set<string>();

function hookUnload(): void {
  if (unloadHooked) return;
  unloadHooked = true;
  globalThis.addEventListener("unload", () => {
    for (const pid of liveGroups) killRun(pid);
    for (const dir of liveDirs) {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // best effort on the way out
      }
    }
  });
}

/**
 * Removes a run's temp dir if this process exits while the run is in flight.
 *
 * @param dir The temp dir.
 * @returns A function that stops tracking it (call it once the dir is removed).
 */
export function removeOnExit(dir: string): () => void {
  hookUnload();
  liveDirs.add(dir);
  return () => liveDirs.delete(dir);
}

async function pump(
  stream: ReadableStream<Uint8Array>,
  capture: Pick<OutputCapture, "push">,
  stop: Promise<void>,
): Promise<void> {
  const reader = stream.getReader();
  let stopped = false;
  stop.then(() => {
    stopped = true;
    reader.cancel().catch(() => {});
  });
  try {
    while (!stopped) {
      const { done, value } = await reader.read();
      if (done) break;
      capture.push(value);
    }
  } catch {
    // a cancelled or broken pipe ends the capture
  } finally {
    reader.releaseLock();
  }
}

/** A child started ahead of its run (a warm sandbox host), its stdin open for the run's request. */
export interface StartedProcess {
  child: Deno.ChildProcess;
  /** When it was started (`performance.now()`). */
  started: number;
}

/**
 * Starts a process in its own session and process group, stdout and stderr
 * piped, stdin piped when `withInput` (else at end of file).
 *
 * @param spec The executable, its arguments, working directory and environment.
 * @param withInput Whether stdin stays open for {@link superviseProcess}'s `input`.
 * @returns The started child, tracked so that it dies with this process.
 * @throws {Deno.errors.NotFound} When the executable does not exist.
 */
export function startProcess(
  spec: Pick<ProcessSpec, "argv" | "cwd" | "env">,
  withInput = false,
): StartedProcess {
  const [command, ...args] = spec.argv;
  if (command === undefined) {
    throw new TypeError('Cannot run command "": empty');
  }
  if (!adopting && Deno.build.os === "linux") {
    // A run's process whose host died comes to us, not to init: see sweepAdopted.
    adopting = true;
    becomeSubreaper();
  }
  // A new session: the child leads its own process group, which is what we kill.
  const setsid = systemSetsid();
  const child = new Deno.Command(setsid ?? command, {
    args: setsid ? [command, ...args] : args,
    cwd: spec.cwd,
    env: spec.env,
    clearEnv: true,
    stdin: withInput ? "piped" : "null",
    stdout: "piped",
    stderr: "piped",
    detached: setsid === null,
  }).spawn();
  // Marked at once: the host confines itself (and so looks like a run's process) only later.
  startedMarks.set(child.pid, markStarted(child.pid));
  hookUnload();
  liveGroups.add(child.pid);
  return { child, started: performance.now() };
}

/**
 * Ends a started process that will not be used (a warm host no longer wanted).
 *
 * @param started The process.
 */
export function discardProcess(started: StartedProcess): void {
  const killed = killRun(started.child.pid);
  liveGroups.delete(started.child.pid);
  started.child.stdout.cancel().catch(() => {});
  started.child.stderr.cancel().catch(() => {});
  // Marked until it is reaped: no sweep may reap it in its waiter's place.
  reapAfter(started.child, killed);
}

/**
 * Feeds a started process its input, then waits for it under the limits in
 * `spec`: the deadline, the abort signal, the output capture, and a kill of
 * its whole group once it has exited.
 *
 * @param started The process, from {@link startProcess}.
 * @param spec The limits and where the output goes (`argv`, `cwd` and `env` are not used).
 * @returns How it ended.
 */
export async function superviseProcess(
  started: StartedProcess,
  spec: Omit<ProcessSpec, "argv" | "cwd" | "env"> & { input?: string },
): Promise<ProcessOutcome> {
  const { child } = started;
  const begun = performance.now();
  let timedOut = false;
  let aborted = false;
  const killed: KilledProcess[] = [];
  const timer = setTimeout(() => {
    timedOut = true;
    killed.push(...killRun(child.pid));
  }, spec.timeoutMs);
  const onAbort = () => {
    aborted = true;
    killed.push(...killRun(child.pid));
  };
  spec.signal?.addEventListener("abort", onAbort, { once: true });
  if (spec.signal?.aborted) onAbort();
  let outOfMemory = false;
  const memoryLimit = (spec.memoryMb ?? 0) * 1024 * 1024;
  const memoryTimer = memoryLimit > 0 && Deno.build.os === "linux"
    ? setInterval(() => {
      const used = treeResidentBytes(child.pid) + namespaceFileBytes(child.pid);
      if (used <= memoryLimit) return;
      outOfMemory = true;
      killed.push(...killRun(child.pid));
    }, MEMORY_POLL_MS)
    : undefined;

  let release!: () => void;
  const stop = new Promise<void>((resolve) => release = resolve);
  // A host ends its run with the done mark on stdout and on stderr, after all
  // the run's output (pipes keep their order): then the run is over, without
  // waiting for the host's teardown.
  const marks = spec.doneMark
    ? { stdout: new DoneMarkScanner(), stderr: new DoneMarkScanner() }
    : undefined;
  const marked = Promise.withResolvers<void>();
  const through = (stream: "stdout" | "stderr") => {
    const scanner = marks?.[stream];
    if (!scanner) return spec.capture[stream];
    return {
      push(chunk: Uint8Array) {
        spec.capture[stream].push(scanner.push(chunk));
        if (
          marks.stdout.code !== undefined && marks.stderr.code !== undefined
        ) marked.resolve();
      },
    };
  };
  const pumps = Promise.all([
    pump(child.stdout, through("stdout"), stop),
    pump(child.stderr, through("stderr"), stop),
  ]).then(() => {
    for (const stream of ["stdout", "stderr"] as const) {
      const held = marks?.[stream].flush();
      if (held?.length) spec.capture[stream].push(held);
    }
  });

  // Known before the run can start: it may outlive the host (see _namespace_init.ts).
  const inits = spec.namespaceInit
    ? await awaitNamespaceInit(child, begun + spec.timeoutMs)
    : [];
  killed.push(...inits);
  if (spec.input !== undefined) {
    const writer = child.stdin.getWriter();
    try {
      await writer.write(new TextEncoder().encode(spec.input));
      await writer.close();
    } catch {
      // the process died before reading its input; its status says why
    }
  }
  // The host is running: what is right below it now (a bubblewrap's
  // namespace init) may come to this process, to be reaped, when it ends.
  if (Deno.build.os === "linux" && inits.length === 0) {
    killed.push(...childrenWithStart(child.pid));
  }
  let status: Deno.CommandStatus | undefined;
  let reaped = Promise.resolve();
  try {
    status = await Promise.race([
      child.status,
      marked.promise.then(() => undefined),
    ]);
  } finally {
    clearTimeout(timer);
    clearInterval(memoryTimer);
    spec.signal?.removeEventListener("abort", onAbort);
    // Background processes (`sleep 100 &`) would hold the pipes open: end
    // them with the run, and what is below the host (its bubblewrap's PID
    // namespace init), which would otherwise stay a zombie of this process.
    killed.push(...killRun(child.pid));
    killNamespaceInits(inits);
    liveGroups.delete(child.pid);
    // Marked until reaped: no sweep (this one below included) reaps it in its waiter's place.
    reaped = reapAfter(child, killed);
  }
  // A bubblewrap that is its PID namespace's init may still be ending that
  // namespace (its processes alive) after the bubblewrap above it reported
  // the exit and left: it came to this process, outside the tree just
  // killed, in a session of its own. The run is over once the kernel
  // emptied the namespace, which it has when that init is a zombie, reaped
  // here.
  await reaped;
  if (status !== undefined || timedOut || aborted || outOfMemory) {
    // The host did not end the run itself (it was killed, or the code ended
    // it): what it held came to us.
    await sweepAdopted(liveGroups);
  }
  if (status === undefined) {
    // Reported by the host: every byte of the run is in; the group is being killed.
    release();
    child.status.catch(() => {});
    await pumps;
    return {
      exitCode: marks?.stderr.code ?? null,
      signal: null,
      timedOut: false,
      aborted,
      outOfMemory,
      durationMs: performance.now() - begun,
    };
  }
  // Something that left the group (setsid, double fork) may still hold a pipe; stop waiting after a grace.
  const grace = setTimeout(release, DRAIN_GRACE_MS);
  await pumps;
  clearTimeout(grace);
  release();

  if (aborted) {
    throw spec.signal?.reason ??
      new DOMException("The run was aborted", "AbortError");
  }
  return {
    exitCode: status.signal === null ? status.code : null,
    signal: status.signal,
    timedOut,
    aborted,
    outOfMemory,
    durationMs: performance.now() - begun,
  };
}
