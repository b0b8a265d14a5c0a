/**
 * Sandbox hosts: starting one (its own temp dir, its confinement built once),
 * and a pool that keeps started hosts ready per language and project (one,
 * two to four while calls come fast), so that a run only sends its request.
 * A host serves one run and ends with it; the pool starts the next one after
 * the run, or as soon as it hands one out while calls come fast. An idle host ends on
 * its own after a while, and every host ends with the server.
 *
 * This module never decides what a run may do (see `_host_plan.ts`).
 *
 * @module
 */

import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LanguageId } from "./_languages.ts";
import { planHost } from "./_host_plan.ts";
import type { HostPlan, PlanOptions } from "./_host_types.ts";
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
  let process: StartedProcess | undefined;
  const cleanup = async () => {
    // Awaited: no process of the run may be left (even dying) once its result returns.
    await plan?.processLimit?.release(process?.child);
    plan?.etcTree?.release();
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
    process = startProcess(
      { argv: plan.argv, cwd: project, env: plan.env },
      true,
    );
    return { plan, process, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** Calls of one key closer together than this make it hot: its pool grows. */
const HOT_WITHIN_MS = 2000;
/** How many hosts a hot key keeps started until a call finds none up. */
const HOT_DEPTH = 1;
/** A hot key's pool grows by one per call that found none up, up to this. */
const MAX_DEPTH = 4;
/** A host younger than this was likely still starting when it was taken. */
const UP_AFTER_MS = 40;
/** After this long without a call, a hot key's extra hosts end (a key stays hot for 2 s). */
const COOL_AFTER_MS = 3000;
/** After this long without a call or a run's end, a key's last host ends too. */
const IDLE_AFTER_MS = 60_000;

/** Options for {@linkcode WarmHosts}. */
export interface WarmHostsOptions {
  /** Calls of one key closer together than this make it hot. @default {2000} */
  hotWithinMs?: number;
  /** How many hosts a hot key keeps started until a call finds none up. @default {1} */
  hotDepth?: number;
  /** The most a hot key keeps, grown one per call that found none up. @default {4} */
  maxDepth?: number;
  /** A host taken younger than this counts as none up. @default {40} */
  upAfterMs?: number;
  /** After this long without a call, a hot key keeps one host again. @default {3000} */
  coolAfterMs?: number;
  /** After this long without a call or a run's end, a key keeps no host. @default {60000} */
  idleAfterMs?: number;
}

/**
 * Started hosts per language and project, ready for the next runs, oldest
 * first. A key keeps one, replaced after each run. Each call of a hot key
 * (calls less than two seconds apart, as in an agent's batch or loop) that
 * found no host up (none, or one started moments ago: calls faster than
 * hosts start) makes it keep one more, up to four, and then a replacement
 * starts as soon as a run took its host, so that calls back to back find
 * hosts started a few calls ahead; a key called at a slower pace keeps no
 * more than the one it uses, and its replacement does not take the run's
 * CPU. Three seconds after its last call a hot key cools down to one host
 * again, and a minute after its last call (or its last run's end) a key
 * ends its last host: a language the agent left holds none.
 */
export class WarmHosts {
  #ready = new Map<string, Host[]>();
  #startedAt = new WeakMap<Host, number>();
  #lastTake = new Map<string, number>();
  #depth = new Map<string, number>();
  #cooling = new Map<string, ReturnType<typeof setTimeout>>();
  #idle = new Map<string, ReturnType<typeof setTimeout>>();
  #closed = false;
  #hotWithinMs: number;
  #hotDepth: number;
  #maxDepth: number;
  #upAfterMs: number;
  #coolAfterMs: number;
  #idleAfterMs: number;

  /**
   * Makes an empty pool: hosts start on the first take of each key.
   *
   * @param options When a key is hot, how many hosts it keeps then, and when it cools down.
   */
  constructor(options: WarmHostsOptions = {}) {
    this.#hotWithinMs = options.hotWithinMs ?? HOT_WITHIN_MS;
    this.#hotDepth = options.hotDepth ?? HOT_DEPTH;
    this.#maxDepth = Math.max(this.#hotDepth, options.maxDepth ?? MAX_DEPTH);
    this.#upAfterMs = options.upAfterMs ?? UP_AFTER_MS;
    this.#coolAfterMs = options.coolAfterMs ?? COOL_AFTER_MS;
    this.#idleAfterMs = options.idleAfterMs ?? IDLE_AFTER_MS;
  }

  /**
   * Hands out the oldest ready host for `key`, or starts one.
   *
   * @param key Language, project and settings: hosts are interchangeable only within one key.
   * @param launch Starts a host for this key.
   * @param upAfterMs A host of this key taken younger than this counts as none up (the pool's own by default).
   * @returns A host that no other run gets.
   * @ignore used by `runCode` only
   */
  take(key: string, launch: () => Host, upAfterMs?: number): Host {
    const now = performance.now();
    const last = this.#lastTake.get(key);
    this.#lastTake.set(key, now);
    const hot = last !== undefined && now - last < this.#hotWithinMs;
    const queue = this.#ready.get(key) ?? [];
    const host = queue.shift();
    if (queue.length === 0) this.#ready.delete(key);
    this.#endWhenIdle(key);
    if (hot && !this.#closed) {
      const up = host !== undefined &&
        now - (this.#startedAt.get(host) ?? -Infinity) >=
          (upAfterMs ?? this.#upAfterMs);
      const kept = Math.max(this.#depth.get(key) ?? 1, this.#hotDepth);
      const depth = up ? kept : Math.min(kept + 1, this.#maxDepth);
      this.#depth.set(key, depth);
      this.#coolLater(key);
      // Calls faster than hosts start: one replacement starts once this
      // run's request is on its way (a launch takes milliseconds of this
      // thread), one at a time, the rest after the run (`refill`). At a
      // slower pace it waits for the run's end, not to take its CPU.
      if (depth > 1) {
        Deno.unrefTimer(setTimeout(() => {
          this.refill(key, launch, (this.#ready.get(key)?.length ?? 0) + 1);
        }, 0));
      }
    }
    return host ?? launch();
  }

  /**
   * Starts hosts for `key` until as many are ready as it keeps.
   *
   * @param key As for {@link WarmHosts.take}.
   * @param launch Starts a host for this key.
   * @param atMost Up to this many ready hosts (fewer than the key keeps).
   * @ignore used by `runCode` only
   */
  refill(key: string, launch: () => Host, atMost = Infinity): void {
    this.#endWhenIdle(key);
    const depth = Math.min(this.#depth.get(key) ?? 1, atMost);
    while (!this.#closed && (this.#ready.get(key)?.length ?? 0) < depth) {
      let host: Host;
      try {
        host = launch();
      } catch {
        return; // the next run starts its own and reports why
      }
      this.#keep(key, host);
    }
  }

  #keep(key: string, host: Host): void {
    this.#startedAt.set(host, performance.now());
    const queue = this.#ready.get(key) ?? [];
    queue.push(host);
    this.#ready.set(key, queue);
    // An idle host ends on its own: forget it then.
    host.process.child.status.then(() => {
      if (this.#drop(key, host)) {
        discardProcess(host.process);
        host.cleanup();
      }
    }, () => {});
  }

  /** Takes `host` out of the ready hosts of `key`; false when it was not there. */
  #drop(key: string, host: Host): boolean {
    const queue = this.#ready.get(key);
    const at = queue?.indexOf(host) ?? -1;
    if (!queue || at < 0) return false;
    queue.splice(at, 1);
    if (queue.length === 0) this.#ready.delete(key);
    return true;
  }

  /** Ends the extra hosts of `key` once it had no call for a while. */
  /** Ends every host of `key` once it had no call and no run's end for a while: a language the agent left holds none. */
  #endWhenIdle(key: string): void {
    if (this.#closed) return;
    clearTimeout(this.#idle.get(key));
    const timer = setTimeout(() => {
      this.#idle.delete(key);
      this.#lastTake.delete(key);
      for (const host of [...this.#ready.get(key) ?? []]) {
        this.#drop(key, host);
        discardProcess(host.process);
        host.cleanup();
      }
    }, this.#idleAfterMs);
    Deno.unrefTimer(timer);
    this.#idle.set(key, timer);
  }

  #coolLater(key: string): void {
    clearTimeout(this.#cooling.get(key));
    const timer = setTimeout(() => {
      this.#cooling.delete(key);
      this.#depth.delete(key);
      const queue = this.#ready.get(key) ?? [];
      // The oldest host stays: it is the one surely started.
      for (const host of queue.slice(1)) {
        this.#drop(key, host);
        discardProcess(host.process);
        host.cleanup();
      }
    }, this.#coolAfterMs);
    Deno.unrefTimer(timer);
    this.#cooling.set(key, timer);
  }

  /**
   * How many hosts `key` keeps started now.
   *
   * @param key As for {@link WarmHosts.take}.
   * @returns 1 for a key that is not hot.
   */
  depth(key: string): number {
    return this.#depth.get(key) ?? 1;
  }

  /** How many started hosts wait for a run. */
  get ready(): number {
    let count = 0;
    for (const queue of this.#ready.values()) count += queue.length;
    return count;
  }

  /** Ends every ready host (the server is going away). */
  close(): void {
    this.#closed = true;
    for (const timer of this.#cooling.values()) clearTimeout(timer);
    this.#cooling.clear();
    for (const timer of this.#idle.values()) clearTimeout(timer);
    this.#idle.clear();
    for (const queue of this.#ready.values()) {
      for (const host of queue) {
        discardProcess(host.process);
        host.cleanup();
      }
    }
    this.#ready.clear();
  }
}
