/**
 * Wraps a planned host's command line in bubblewrap: the project and the
 * temp dir read-write, the runtime's files read-only, the project's control
 * files mounted read-only over it, `/etc` as the server's prepared folder
 * of its allow list, the seccomp filter, and for hosts that start programs
 * a process limit.
 *
 * Never starts a process; `bwrapArgs` decides what the mounts mean.
 *
 * @module
 */

import { tmpdir } from "node:os";
import { bwrapArgs } from "./_bwrap.ts";
import type { Confinement } from "./confine.ts";
import { existing } from "./_landlock_rules.ts";
import { controlMountArgs } from "./_control_mounts.ts";
import { seccompFile } from "./_seccomp.ts";
import { processLimit } from "./_process_limit.ts";
import type { HostPlan, PlanOptions } from "./_host_types.ts";
import { takeEtcTree } from "./_etc_tree.ts";

/** The descriptor bubblewrap reads the seccomp filter from. */
const SECCOMP_FD = 9;

/**
 * Sets `plan.argv` to `argv` inside bubblewrap.
 *
 * @param plan The host's plan, completed in place (argv, limit, control mounts).
 * @param confinement The bubblewrap confinement.
 * @param argv The host's own command line.
 * @param paths The folders the host reads, and those it writes.
 * @param options The planner's options.
 * @returns The plan.
 */
export function wrapInBwrap(
  plan: HostPlan,
  confinement: Confinement,
  argv: string[],
  paths: { readable: readonly string[]; writable: readonly string[] },
  options: PlanOptions,
): HostPlan {
  const filter = seccompFile(tmpdir());
  // JavaScript starts no programs; every other host gets a process limit.
  const limit = plan.steps || plan.shellHost
    ? processLimit(options.parent, true)
    : undefined;
  if (limit) plan.processLimit = limit;
  // Given back when the host ends (`launchHost`'s cleanup).
  const etc = takeEtcTree();
  if (etc) plan.etcTree = etc;
  const args = bwrapArgs(
    {
      writable: paths.writable,
      readable: existing(paths.readable),
      // Control files over the project, read-only: writing them fails at once.
      controlArgs: plan.controlArgs = controlMountArgs(
        plan.project,
        (found) => plan.controlSpec = found,
      ),
      cwd: plan.project,
      privateDir: plan.scratch,
      // The namespace's /tmp lives in memory: the run's memory cap bounds it too.
      tmpBytes: options.memoryMb * 1024 * 1024,
      ...(filter ? { seccompFd: SECCOMP_FD } : {}),
      ...(etc ? { etc } : {}),
    },
    limit ? limit.insideBwrap(argv, options.parent) : argv,
  );
  const bwrap = confinement.command ?? "bwrap";
  // bubblewrap reads the filter from a file descriptor, which a spawn cannot
  // pass: a `sh` opens it, the process limit's own where it has one.
  const redirect = filter
    ? `${SECCOMP_FD}<'${filter.replaceAll("'", `'\\''`)}'`
    : undefined;
  const command = [bwrap, ...args];
  plan.argv = limit
    ? limit.outer(command, redirect)
    : redirect
    ? ["/bin/sh", "-c", `exec "$0" "$@" ${redirect}`, ...command]
    : command;
  return plan;
}
