/**
 * Sandbox hosts: starting one (its own temp dir, its confinement built once),
 * and a pool that keeps one started host ready per language and project, so
 * that a run only sends its request. A host serves one run and ends with it;
 * the pool starts the next while the current one runs. An idle host ends on
 * its own after a while, and every host ends with the server.
 *
 * This module never decides what a run may do (see `_host_launch.ts`).
 *
 * @module
 */

import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LanguageId } from "./_languages.ts";
import { type HostPlan, planHost, type PlanOptions } from "./_host_launch.ts";
import {
  discardProcess,
  removeOnExit,
  type StartedProcess,
  startProcess,
} from "./_process.ts";

/** A started host with its plan. */
export interface Host {
  plan: HostPlan;
  process: StartedProcess;
  /** Removes the temp dir and stops tracking it. */
  cleanup(): Promise<void>;
}

const SCRATCH_PREFIX = "ctx-mode-run-";
let swept = false;

/**
 * Removes temp dirs left by ctx-mode processes that died without cleaning up
 * (a server killed with SIGKILL). Linux only, where a pid can be checked.
 */
function sweepStaleScratch(): void {
  if (swept || Deno.build.os !== "linux") return;
  swept = true;
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(tmpdir())];
  } catch {
    return;
  }
  for (const entry of entries) {
    const match = new RegExp(`^${SCRATCH_PREFIX}(\\d+)-`).exec(entry.name);
    if (!match || !entry.isDirectory) continue;
    try {
      Deno.statSync(`/proc/${match[1]}`);
    } catch {
      try {
        Deno.removeSync(join(tmpdir(), entry.name), { recursive: true });
      } catch {
        // someone else's, or already gone
      }
    }
  }
}

/**
 * Starts a host for one language in one project.
 *
 * @param language The language.
 * @param project The project (real path).
 * @param options Confinement, runtime, environment and limits.
 * @returns The started host, waiting for its request.
 */
export function launchHost(
  language: LanguageId,
  project: string,
  options: PlanOptions,
): Host {
  sweepStaleScratch();
  // Inside bubblewrap the temp dir lives in the namespace and ends with it.
  const scratchInside = options.confinement.kind === "bwrap";
  // A project that is /tmp would be bound over the namespace's own /tmp.
  const inside = project === "/tmp" ? "/var/tmp" : "/tmp";
  const scratch = scratchInside
    ? `${inside}/${SCRATCH_PREFIX}${crypto.randomUUID()}`
    : Deno.realPathSync(
      Deno.makeTempDirSync({ prefix: `${SCRATCH_PREFIX}${Deno.pid}-` }),
    );
  const untrack = scratchInside ? () => {} : removeOnExit(scratch);
  let plan: HostPlan | undefined;
  const cleanup = async () => {
    // Not awaited: the run's result need not wait for its cgroup to empty.
    void plan?.processLimit?.release();
    if (!scratchInside) {
      await Deno.remove(scratch, { recursive: true }).catch(() => {});
    }
    untrack();
  };
  try {
    plan = planHost(
      language,
      { project, scratch, scratchInside },
      options,
    );
    const process = startProcess(
      { argv: plan.argv, cwd: project, env: plan.env },
      true,
    );
    return { plan, process, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** One started host per language and project, ready for the next run. */
export class WarmHosts {
  #ready = new Map<string, Host>();
  #closed = false;

  /**
   * Hands out the ready host for `key`, or starts one.
   *
   * @param key Language, project and settings: hosts are interchangeable only within one key.
   * @param launch Starts a host for this key.
   * @returns A host that no other run gets.
   * @ignore used by `runCode` only
   */
  take(key: string, launch: () => Host): Host {
    const ready = this.#ready.get(key);
    this.#ready.delete(key);
    return ready ?? launch();
  }

  /**
   * Starts a host for `key` unless one is ready already.
   *
   * @param key As for {@link WarmHosts.take}.
   * @param launch Starts a host for this key.
   * @ignore used by `runCode` only
   */
  refill(key: string, launch: () => Host): void {
    if (this.#closed || this.#ready.has(key)) return;
    let host: Host;
    try {
      host = launch();
    } catch {
      return; // the next run starts its own and reports why
    }
    this.#ready.set(key, host);
    // An idle host ends on its own: forget it then.
    host.process.child.status.then(() => {
      if (this.#ready.get(key) !== host) return;
      this.#ready.delete(key);
      discardProcess(host.process);
      host.cleanup();
    }, () => {});
  }

  /** How many started hosts wait for a run. */
  get ready(): number {
    return this.#ready.size;
  }

  /** Ends every ready host (the server is going away). */
  close(): void {
    this.#closed = true;
    for (const host of this.#ready.values()) {
      discardProcess(host.process);
      host.cleanup();
    }
    this.#ready.clear();
  }
}
