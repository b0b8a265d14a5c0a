/**
 * The guard policy of a long-lived process (the MCP server), read again only
 * when one of its files may have changed: each call looks at the files'
 * `stat` (inode, size, change and modification times; for a missing file,
 * the same of its nearest existing folder, which changes when the file is
 * made), so an edited settings file still counts at the next call.
 *
 * A file or folder changed within the last {@linkcode RACY_MS} is never
 * trusted from the cache: two writes within one clock tick can leave the same
 * stamp (git's "racily clean" rule).
 *
 * @module
 */

import { policyFilePaths } from "../config/policy_files.ts";
import { dirnameOf } from "../config/path_lite.ts";
import { loadPolicy, type PolicyPlace } from "./policy_gate.ts";
import type { Policy } from "./policy.ts";

/** How recent a change must be for a stamp to be distrusted. */
export const RACY_MS = 2_000;

interface Stamp {
  text: string;
  /** The latest change or modification time seen, in ms since the epoch. */
  changedAt: number;
}

/** The `stat` stamp of a path, or null when it does not exist. */
function statStamp(path: string): Stamp | null {
  try {
    const info = Deno.statSync(path);
    const changedAt = Math.max(
      info.mtime?.getTime() ?? Infinity,
      info.ctime?.getTime() ?? Infinity,
    );
    return { text: `${path}:${info.ino}:${info.size}:${changedAt}`, changedAt };
  } catch {
    return null;
  }
}

/** Policies by place, each with the stamps of the files it was built from. */
export class PolicyCache {
  #entries = new Map<string, { stamps: string; policy: Policy }>();
  /** Missing files by the stamp of their nearest existing folder, which changes when they are made. */
  #missing = new Map<string, { folder: string; stamp: Stamp }>();
  #now: () => number;
  #racyMs: number;

  /**
   * Makes an empty cache.
   *
   * @param options The clock and how recent a change is distrusted.
   */
  constructor(
    options: {
      /** The clock. @default {Date.now} */
      now?: () => number;
      /** How recent a change must be to be distrusted. @default {RACY_MS} */
      racyMs?: number;
    } = {},
  ) {
    this.#now = options.now ?? Date.now;
    this.#racyMs = options.racyMs ?? RACY_MS;
  }

  /**
   * The policy in force for a place: the cached one when no file changed.
   *
   * @param place The project, the home and the data home.
   * @returns The policy; its problems in `notes`.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { PolicyCache } from "./policy_cache.ts";
   * const projectDir = Deno.makeTempDirSync();
   * const place = { projectDir, home: projectDir, dataHome: projectDir };
   * const cache = new PolicyCache({ racyMs: -60_000 });
   * assert.equal(cache.load(place).level, "standard");
   * Deno.writeTextFileSync(`${projectDir}/.ctx-mode.json`, '{"guard":{"level":"strict"}}');
   * assert.equal(cache.load(place).level, "strict");
   * Deno.removeSync(projectDir, { recursive: true });
   * ```
   */
  load(place: PolicyPlace): Policy {
    const key = JSON.stringify([
      place.projectDir,
      place.home,
      place.dataHome,
      place.claudeDir ?? null,
    ]);
    const seen = new Map<string, Stamp | null>();
    const stamps = policyFilePaths(place.projectDir, {
      home: place.home,
      dataHome: place.dataHome,
      claudeDir: place.claudeDir,
    }).map((file) => this.#stampOf(file.path, seen));
    const text = stamps.map((stamp) => stamp.text).join("\n");
    const cached = this.#entries.get(key);
    if (cached?.stamps === text) return cached.policy;
    const policy = loadPolicy(place);
    if (stamps.every((stamp) => this.#settled(stamp))) {
      this.#entries.set(key, { stamps: text, policy });
    } else this.#entries.delete(key);
    return policy;
  }

  #settled(stamp: Stamp): boolean {
    return stamp.changedAt <= this.#now() - this.#racyMs;
  }

  /**
   * A file's stamp; for a missing one, its nearest existing folder's, looked
   * up without failing calls while that folder has not changed.
   */
  #stampOf(path: string, seen: Map<string, Stamp | null>): Stamp {
    const stat = (at: string) => {
      if (!seen.has(at)) seen.set(at, statStamp(at));
      return seen.get(at) ?? null;
    };
    const memo = this.#missing.get(path);
    if (memo) {
      const now = stat(memo.folder);
      if (now?.text === memo.stamp.text) {
        return { ...now, text: `-${now.text}` };
      }
    }
    for (let at = path;; at = dirnameOf(at)) {
      const found = stat(at);
      if (found) {
        if (at === path) {
          this.#missing.delete(path);
          return found;
        }
        // Trusted later only when settled: a folder changed twice in one tick keeps its stamp.
        if (this.#settled(found)) {
          this.#missing.set(path, { folder: at, stamp: found });
        }
        return { ...found, text: `-${found.text}` };
      }
      if (dirnameOf(at) === at) return { text: "none", changedAt: 0 };
    }
  }
}
