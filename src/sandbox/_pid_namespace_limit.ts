/**
 * A process limit for a root server without a `pids` cgroup: the host
 * starts in a PID namespace of its own whose `pid_max` is
 * {@link NAMESPACE_PID_MAX}. Since Linux 6.14 `pid_max` is kept per PID
 * namespace, and a process of a nested namespace (bubblewrap's own) takes a
 * pid number in every namespace above it, so the run can hold no more than
 * `pid_max - 1` processes and threads, whatever it sets in namespaces of its
 * own; a run without `CAP_SYS_ADMIN` over the outer namespace cannot raise
 * it. Pids below 300 are not given out again once the numbers wrapped, so
 * from then on at least {@link MAX_RUN_TASKS} remain.
 *
 * The namespace's first process is a `sh` that sets the limit and waits for
 * the host (`/proc` is the namespace's own, so the host's own pid and its
 * children's agree with what it reads there); when it ends, the kernel ends
 * every process of the namespace. `setpriv --pdeathsig` ties `unshare` to the
 * server, and `unshare --kill-child` the namespace to `unshare`, so a server
 * killed with `SIGKILL` takes its runs along.
 *
 * On an older kernel `pid_max` is one value for the whole machine: it is
 * never touched there (the kernel's release is checked first), and after the
 * one probe the machine's value is read back. Needs util-linux's `setpriv`
 * and `unshare` in a system folder; without them, no limit.
 *
 * `unshare` waits for that `sh`; when a run's end kills the host's process
 * group, `unshare` is often gone first, and the `sh` passes to this process
 * (a child subreaper), which no waiter of Deno's reaps:
 * {@link reapNamespaceInit} does, once the host ended.
 *
 * Starts one probe process, once per server; builds argument lists; reaps
 * the chain's own processes.
 *
 * @module
 */

import { isSystemPath } from "./_bwrap.ts";
import { findOnPath } from "./_languages.ts";
import { reapChild } from "./_libc.ts";

/** At most this many tasks per run once pid numbers wrapped (see the module). */
export const MAX_RUN_TASKS = 512;
/** Pids the kernel does not give out again after wrapping (`RESERVED_PIDS`). */
const RESERVED_PIDS = 300;
/** The `pid_max` of a run's namespace: at most this minus one tasks. */
export const NAMESPACE_PID_MAX = MAX_RUN_TASKS + RESERVED_PIDS + 1;
const MACHINE_PID_MAX = "/proc/sys/kernel/pid_max";

/** Each wrapper, built and probed once per server (null: not here). */
const probed = new Map<string, string[] | null>();

/** The wrapper `name`, built by `build` the first time it is asked for. */
function probedOnce(
  name: string,
  build: () => string[] | null,
): string[] | null {
  if (!probed.has(name)) probed.set(name, build());
  return probed.get(name)!;
}

/**
 * A util-linux tool (`prlimit`, `setpriv`, `unshare`) from the system's own
 * folders, which every confined run sees; `null` when PATH has it elsewhere.
 */
export function systemTool(
  name: string,
  env: Readonly<Record<string, string>>,
): string | null {
  const path = findOnPath(name, env);
  return path && isSystemPath(Deno.realPathSync(path)) ? path : null;
}

/** Whether this kernel keeps `pid_max` per PID namespace (Linux 6.14 and later). */
export function kernelKeepsPidMaxPerNamespace(release: string): boolean {
  const match = /^(\d+)\.(\d+)/.exec(release);
  if (!match) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > 6 || (major === 6 && minor >= 14);
}

function readMachinePidMax(): string | null {
  try {
    return Deno.readTextFileSync(MACHINE_PID_MAX).trim();
  } catch {
    return null;
  }
}

/**
 * The command that starts a host in a PID namespace bounded as above, to put
 * before the host's own; null where this cannot be built (not root, an
 * older kernel, no `setpriv`/`unshare`, or the probe failed).
 *
 * @param env The server's environment (for PATH).
 * @returns The wrapper's arguments, the host's command to follow.
 */
export function pidNamespaceWrapper(
  env: Readonly<Record<string, string>>,
): string[] | null {
  return probedOnce("pid_max", () => boundedNamespace(env));
}

/** Builds and probes {@link pidNamespaceWrapper}'s command. */
function boundedNamespace(
  env: Readonly<Record<string, string>>,
): string[] | null {
  if (Deno.build.os !== "linux" || Deno.uid() !== 0) return null;
  if (!kernelKeepsPidMaxPerNamespace(Deno.osRelease())) return null;
  const tied = namespaceTiedToServer(env, []);
  if (!tied) return null;
  const candidate = [
    ...tied,
    "/bin/sh",
    "-c",
    `echo ${NAMESPACE_PID_MAX} > /proc/sys/kernel/pid_max && "$0" "$@"`,
  ];
  const before = readMachinePidMax();
  const ok = succeeds([
    ...candidate,
    "/bin/sh",
    "-c",
    `test "$(cat /proc/sys/kernel/pid_max)" = ${NAMESPACE_PID_MAX}`,
  ]);
  const after = readMachinePidMax();
  if (before !== after) {
    // Never expected on a kernel that keeps it per namespace: put the machine's back.
    if (before) Deno.writeTextFileSync(MACHINE_PID_MAX, before);
    return null;
  }
  return ok ? candidate : null;
}

/**
 * For a server that is not root: the command that starts a Landlock host in
 * a user and PID namespace of its own (the user mapped to itself), as the
 * namespace's first process, with its own `/proc`. `setpriv --pdeathsig`
 * ties `unshare` to the server and `unshare --kill-child` the host to
 * `unshare`, and the kernel ends a PID namespace whole when its first
 * process ends: a run dies with its host, and with a killed server, even
 * one that forks as fast as it can. Null where this cannot be built (root,
 * no `setpriv`/`unshare` in a system folder, or user namespaces refused:
 * probed once).
 *
 * @param env The server's environment (for PATH).
 * @returns The wrapper's arguments, the host's command to follow.
 */
export function userPidNamespaceWrapper(
  env: Readonly<Record<string, string>>,
): string[] | null {
  return probedOnce("user", () => {
    if (Deno.build.os !== "linux" || Deno.uid() === 0) return null;
    const candidate = namespaceTiedToServer(env, [
      "--user",
      "--map-current-user",
    ]);
    return candidate &&
        succeeds([...candidate, "/bin/sh", "-c", 'test "$$" = 1'])
      ? candidate
      : null;
  });
}

/**
 * For a root server whose hosts are bounded by a `pids` cgroup (a kernel
 * before 6.14): the command that starts a Landlock host in a PID namespace
 * tied to the server (no `pid_max` of its own: the cgroup bounds the run),
 * its first process a `sh` that waits for the host, as in
 * {@link pidNamespaceWrapper}. A run that took every task of its cgroup can
 * make its host fail; the `sh` then ends, and with it the namespace, and a
 * killed server ends it too. Null where this cannot be built (probed once).
 *
 * @param env The server's environment (for PATH).
 * @returns The wrapper's arguments, the host's command to follow.
 */
export function lifetimeNamespaceWrapper(
  env: Readonly<Record<string, string>>,
): string[] | null {
  return probedOnce("lifetime", () => {
    if (Deno.build.os !== "linux" || Deno.uid() !== 0) return null;
    const tied = namespaceTiedToServer(env, []);
    if (!tied) return null;
    const candidate = [...tied, "/bin/sh", "-c", '"$0" "$@"'];
    return succeeds([...candidate, "/bin/sh", "-c", 'test "$PPID" = 1'])
      ? candidate
      : null;
  });
}

/**
 * `setpriv --pdeathsig KILL` (ends `unshare` with the server), then
 * `unshare` into a PID namespace whose first process it kills when it ends,
 * with the namespace's own `/proc`; the command to follow.
 *
 * @param env The server's environment (for PATH).
 * @param more `unshare`'s other namespaces (a user namespace).
 * @returns The argument list, or null without both tools in a system folder.
 */
function namespaceTiedToServer(
  env: Readonly<Record<string, string>>,
  more: readonly string[],
): string[] | null {
  const setpriv = systemTool("setpriv", env);
  const unshare = systemTool("unshare", env);
  if (!setpriv || !unshare) return null;
  return [
    setpriv,
    "--pdeathsig",
    "KILL",
    "--",
    unshare,
    ...more,
    "--pid",
    "--fork",
    "--kill-child",
    "--mount-proc",
    "--",
  ];
}

/** Whether a probe command runs and exits 0. */
function succeeds(argv: readonly string[]): boolean {
  try {
    return new Deno.Command(argv[0]!, {
      args: argv.slice(1),
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).outputSync().success;
  } catch {
    return false;
  }
}

/** The children of this process in process group `group`, with their states. */
function adoptedInGroup(group: number): { pid: number; state: string }[] {
  const found: { pid: number; state: string }[] = [];
  let tasks: string[];
  try {
    tasks = [...Deno.readDirSync("/proc/self/task")].map((task) => task.name);
  } catch {
    return found;
  }
  for (const task of tasks) {
    let text = "";
    try {
      text = Deno.readTextFileSync(`/proc/self/task/${task}/children`);
    } catch {
      continue;
    }
    for (const word of text.split(" ")) {
      const pid = Number(word);
      if (!word.trim() || pid === group) continue;
      try {
        const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
        // After the name in parentheses: state, ppid, pgrp.
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(
          " ",
        );
        if (Number(pgrp) === group) found.push({ pid, state: state! });
      } catch {
        // reaped meanwhile
      }
    }
  }
  return found;
}

/**
 * Once a host of the namespace chain ended, kills and reaps the processes of
 * its process group that this process adopted (the namespace's first `sh`).
 * Every host leads a process group of its own (`setsid`), and a process
 * Deno started leads its own, so none of them is touched; nor is the host
 * itself, which its waiter reaps.
 *
 * @param host The host's process: its pid is its process group's.
 * @returns When none is left (or after a few seconds).
 */
export async function reapNamespaceInit(
  host: { pid: number; status: Promise<unknown> },
): Promise<void> {
  await host.status.catch(() => {});
  const end = performance.now() + 5_000;
  for (
    let found = adoptedInGroup(host.pid);
    found.length > 0;
    found = adoptedInGroup(host.pid)
  ) {
    for (const { pid, state } of found) {
      if (state !== "Z") {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch {
          // gone meanwhile
        }
      }
      reapChild(pid);
    }
    if (performance.now() > end) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
