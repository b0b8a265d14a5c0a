/**
 * The limit on the number of processes (and threads) of one confined run,
 * held by the kernel, so that a fork bomb stops at the limit, ends with the
 * run, and leaves the machine usable:
 *
 * - for a host of a root server, a PID namespace of the host's own with a
 *   bounded `pid_max` (`_pid_namespace_limit.ts`, Linux 6.14 and later):
 *   the kernel never holds uid 0 to `RLIMIT_NPROC`, a namespace costs a
 *   launch less than a cgroup (moving a task into one waits for the
 *   kernel's RCU grace period), and it is tied to the server, so the kernel
 *   ends the run with a killed server (a Landlock host's temp dir is then
 *   removed by the next server);
 * - else, where this process may make a `pids` cgroup (root, cgroup v1 or a
 *   v2 tree with the `pids` controller delegated), each host gets its own,
 *   `pids.max` = {@link MAX_RUN_TASKS}, joined before the host's first exec
 *   and removed when the host ends (a later server removes those of one
 *   that was killed first);
 * - else `RLIMIT_NPROC`, which the kernel counts per user *and user
 *   namespace*: under bubblewrap it is set (`prlimit`) inside the run's
 *   namespace; under Landlock the host enters a user namespace of its own
 *   (`unshare`, the user mapped to itself) first, so only the run's own
 *   processes count, and a PID namespace tied to the server with it, where
 *   user namespaces are allowed. A root server on an older kernel without
 *   a cgroup, or a server without util-linux's `prlimit`, `setpriv` and
 *   `unshare` in a system folder, gets no process limit (the timeout and
 *   the memory cap still end the run).
 *
 * `CTX_MODE_PIDS_CGROUP=off` in the server's environment leaves cgroups
 * alone (where something else manages them), `CTX_MODE_PID_NAMESPACE=off`
 * the PID namespace.
 *
 * Builds argument lists and makes or removes one cgroup folder; starts
 * no process but the namespace probe (once).
 *
 * @module
 */

import { join } from "node:path";
import {
  lifetimeNamespaceWrapper,
  MAX_RUN_TASKS,
  pidNamespaceWrapper,
  reapNamespaceInit,
  systemTool,
  userPidNamespaceWrapper,
} from "./_pid_namespace_limit.ts";

export { MAX_RUN_TASKS };

let groupRoot: string | null | undefined;

/** The cgroup folder of this process in a hierarchy that has `pids`, if this process may make groups in it. */
function pidsGroupRoot(): string | null {
  if (groupRoot !== undefined) return groupRoot;
  groupRoot = null;
  if (Deno.build.os !== "linux") return null;
  try {
    for (const line of Deno.readTextFileSync("/proc/self/cgroup").split("\n")) {
      const [, controllers, path] = line.split(":");
      if (path === undefined) continue;
      const candidates = controllers!.split(",").includes("pids")
        ? [join("/sys/fs/cgroup/pids", path)]
        : controllers === ""
        ? [join("/sys/fs/cgroup", path), join("/sys/fs/cgroup/unified", path)]
        : [];
      for (const dir of candidates) {
        if (!usable(dir, controllers === "")) continue;
        removeStaleGroups(dir);
        return groupRoot = dir;
      }
    }
  } catch {
    // no cgroups here
  }
  return null;
}

const GROUP_PREFIX = "ctx-mode-run-";

/** Removes the groups of servers that are gone (killed before they could). */
function removeStaleGroups(root: string): void {
  try {
    for (const entry of Deno.readDirSync(root)) {
      const pid = /^ctx-mode-run-(\d+)-/.exec(entry.name)?.[1];
      if (!pid || Number(pid) === Deno.pid) continue;
      try {
        Deno.statSync(`/proc/${pid}`);
      } catch {
        try {
          Deno.removeSync(join(root, entry.name));
        } catch {
          // still holds a process, or not ours
        }
      }
    }
  } catch {
    // cannot list it
  }
}

function usable(dir: string, unified: boolean): boolean {
  try {
    if (unified) {
      const delegated = Deno.readTextFileSync(
        join(dir, "cgroup.subtree_control"),
      );
      if (!delegated.split(/\s+/).includes("pids")) return false;
    }
    const probe = join(dir, `ctx-mode-probe-${Deno.pid}`);
    Deno.mkdirSync(probe);
    const ok = (() => {
      try {
        Deno.writeTextFileSync(join(probe, "pids.max"), "1");
        return true;
      } catch {
        return false;
      }
    })();
    Deno.removeSync(probe);
    return ok;
  } catch {
    return false;
  }
}

/** A started host as its limit needs it: its pid (its process group's) and its end. */
export interface EndingHost {
  pid: number;
  status: Promise<unknown>;
}

/** How one host's processes are counted. */
export interface ProcessLimit {
  /**
   * Wraps the command that starts the host (outside any namespace).
   *
   * @param argv The host's command.
   * @param redirect Shell redirections (`9<'file'`) the host's command is to
   *   start with, applied by the limit's own `sh` where it has one, so that no
   *   second `sh` is needed.
   */
  outer(argv: readonly string[], redirect?: string): string[];
  /** Wraps the command that runs inside bubblewrap. */
  insideBwrap(
    argv: readonly string[],
    env: Readonly<Record<string, string>>,
  ): string[];
  /** Wraps a Landlock host's command. */
  landlock(
    argv: readonly string[],
    env: Readonly<Record<string, string>>,
  ): string[];
  /**
   * Removes what the limit made, and reaps the processes of the limit's own
   * that this process adopted, once the host has ended.
   *
   * @param host The host's process (its pid and its end), once it started.
   */
  release(host?: EndingHost): Promise<void>;
}

/**
 * The process limit of one host about to start.
 *
 * @param env The server's environment (PATH, `CTX_MODE_PIDS_CGROUP`, `CTX_MODE_PID_NAMESPACE`).
 * @param namespaceFirst A root server's PID namespace before a cgroup (a bubblewrap host).
 * @returns How to wrap its command, and what to remove afterwards.
 */
export function processLimit(
  env: Readonly<Record<string, string>> = {},
  namespaceFirst = false,
): ProcessLimit {
  const namespace = namespaceFirst && Deno.uid() === 0 &&
      env.CTX_MODE_PID_NAMESPACE !== "off"
    ? namespaceLimit(env)
    : null;
  if (namespace) return namespace;
  const root = env.CTX_MODE_PIDS_CGROUP === "off" ? null : pidsGroupRoot();
  if (root) {
    const dir = join(root, `${GROUP_PREFIX}${Deno.pid}-${crypto.randomUUID()}`);
    let made = false;
    try {
      Deno.mkdirSync(dir);
      made = true;
      Deno.writeTextFileSync(join(dir, "pids.max"), String(MAX_RUN_TASKS));
    } catch {
      if (made) Deno.removeSync(dir);
      return withoutGroup(env);
    }
    const procs = join(dir, "cgroup.procs").replaceAll("'", `'\\''`);
    let landlockInNamespace = false;
    return {
      outer: (argv, redirect) => [
        "/bin/sh",
        "-c",
        `echo $$ > '${procs}' && exec "$0" "$@"${
          redirect ? ` ${redirect}` : ""
        }`,
        ...argv,
      ],
      insideBwrap: (argv) => [...argv],
      // Tied to the server: the cgroup bounds the run, the namespace ends it.
      landlock: (argv, env) => {
        const tied = lifetimeNamespaceWrapper(env);
        if (tied) landlockInNamespace = true;
        return tied ? [...tied, ...argv] : [...argv];
      },
      release: async (host) => {
        if (landlockInNamespace && host) await reapNamespaceInit(host);
        await removeGroup(dir);
      },
    };
  }
  return withoutGroup(env);
}

/** Without a cgroup: as root a PID namespace (the kernel does not count uid 0), else `RLIMIT_NPROC`. */
function withoutGroup(env: Readonly<Record<string, string>>): ProcessLimit {
  return (Deno.uid() === 0 && env.CTX_MODE_PID_NAMESPACE !== "off"
    ? namespaceLimit(env)
    : null) ?? rlimitOnly();
}

/** A PID namespace of the run's own, where this kernel can bound one. */
function namespaceLimit(
  env: Readonly<Record<string, string>>,
): ProcessLimit | null {
  const wrap = pidNamespaceWrapper(env);
  if (!wrap) return null;
  return {
    outer: (argv, redirect) =>
      redirect
        ? [...wrap.slice(0, -1), `${wrap.at(-1)} ${redirect}`, ...argv]
        : [...wrap, ...argv],
    insideBwrap: (argv) => [...argv],
    landlock: (argv) => [...argv],
    release: (host) => host ? reapNamespaceInit(host) : Promise.resolve(),
  };
}

function rlimitOnly(): ProcessLimit {
  const isRoot = Deno.uid() === 0;
  const withLimit = (
    argv: readonly string[],
    env: Readonly<Record<string, string>>,
  ) => {
    const prlimit = systemTool("prlimit", env);
    return prlimit
      ? [prlimit, `--nproc=${MAX_RUN_TASKS}`, "--", ...argv]
      : [...argv];
  };
  return {
    outer: (argv, redirect) =>
      redirect
        ? ["/bin/sh", "-c", `exec "$0" "$@" ${redirect}`, ...argv]
        : [...argv],
    insideBwrap: (argv, env) => isRoot ? [...argv] : withLimit(argv, env),
    landlock(argv, env) {
      const unshare = systemTool("unshare", env);
      if (isRoot || !unshare) return [...argv];
      const inner = withLimit(argv, env);
      const namespace = env.CTX_MODE_PID_NAMESPACE === "off"
        ? null
        : userPidNamespaceWrapper(env);
      if (namespace) return [...namespace, ...inner];
      return inner.length === argv.length
        ? [...argv]
        : [unshare, "--user", "--map-current-user", "--", ...inner];
    },
    release: () => Promise.resolve(),
  };
}

async function removeGroup(dir: string): Promise<void> {
  // Emptied by the host's reaping; a task still exiting may hold it a moment.
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await Deno.remove(dir);
      return;
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
      try {
        for (
          const pid of (await Deno.readTextFile(join(dir, "cgroup.procs")))
            .split("\n").filter(Boolean)
        ) Deno.kill(Number(pid), "SIGKILL");
      } catch {
        // gone meanwhile
      }
    }
  }
}
