/**
 * Search throttling: an agent that calls `ctx_search` again and again instead
 * of batching its queries burns context. Within a sliding window, calls past
 * a first threshold get smaller results and advice to batch; calls past a
 * second threshold are refused with that advice.
 *
 * @module
 */

/** The thresholds, documented in the README. */
export interface ThrottleLimits {
  /** The sliding window, in milliseconds. @default {60000} */
  windowMs: number;
  /** Calls in the window that are answered in full. @default {4} */
  fullCalls: number;
  /** Calls in the window answered at all; later ones are refused. @default {8} */
  maxCalls: number;
}

/** The default thresholds: 4 full calls a minute, then shrinking, refused past 8. */
export const DEFAULT_THROTTLE: ThrottleLimits = {
  windowMs: 60_000,
  fullCalls: 4,
  maxCalls: 8,
};

/** How to answer one search call. */
export interface ThrottleVerdict {
  /** `full`, `shrink` (fewer, shorter hits) or `refuse`. */
  level: "full" | "shrink" | "refuse";
  /** Calls in the window, this one included. */
  calls: number;
}

/** Counts search calls in a sliding window. */
export class SearchThrottle {
  #limits: ThrottleLimits;
  #calls: number[] = [];

  constructor(limits: ThrottleLimits = DEFAULT_THROTTLE) {
    this.#limits = limits;
  }

  /** Records a call at `now` and says how to answer it. */
  check(now: number): ThrottleVerdict {
    this.#calls = this.#calls.filter((at) => now - at < this.#limits.windowMs);
    this.#calls.push(now);
    const calls = this.#calls.length;
    if (calls > this.#limits.maxCalls) return { level: "refuse", calls };
    if (calls > this.#limits.fullCalls) return { level: "shrink", calls };
    return { level: "full", calls };
  }

  /** The advice that goes with a shrunk or refused answer. */
  advice(verdict: ThrottleVerdict): string {
    const seconds = Math.round(this.#limits.windowMs / 1000);
    return `${verdict.calls} ctx_search calls in ${seconds} s: put all your questions into one call (queries: ["…", "…"]) instead of calling again and again.`;
  }
}
