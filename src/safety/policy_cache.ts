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

function stampOf(path: string): Stamp {
  for (let at = path, missing = "";; at = dirnameOf(at)) {
    try {
      const info = Deno.statSync(at);
      const changedAt = Math.max(
        info.mtime?.getTime() ?? Infinity,
        info.ctime?.getTime() ?? Infinity,
      );
      return {
        text: `${missing}${at}:${info.ino}:${info.size}:${changedAt}`,
        changedAt,
      };
    } catch {
      if (dirnameOf(at) === at) return { text: "none", changedAt: 0 };
      missing += "-";
    }
  }
}

/** Policies by place, each with the stamps of the files it was built from. */
export class PolicyCache {
  #entries = new Map<string, { stamps: string; policy: Policy }>();
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
    const stamps = policyFilePaths(place.projectDir, {
      home: place.home,
      dataHome: place.dataHome,
      claudeDir: place.claudeDir,
    }).map((file) => stampOf(file.path));
    const text = stamps.map((stamp) => stamp.text).join("\n");
    const cached = this.#entries.get(key);
    if (cached?.stamps === text) return cached.policy;
    const policy = loadPolicy(place);
    const settled = stamps.every((stamp) =>
      stamp.changedAt <= this.#now() - this.#racyMs
    );
    if (settled) this.#entries.set(key, { stamps: text, policy });
    else this.#entries.delete(key);
    return policy;
  }
}
