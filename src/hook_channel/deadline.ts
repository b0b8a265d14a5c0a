/**
 * A deadline that costs a fresh process little. The hook's fast path needs
 * one timer, and a process's first `setTimeout` costs it milliseconds, its
 * first `AbortSignal.timeout` and `addEventListener` about one: this one is
 * `Atomics.waitAsync` on a cell nobody writes, a quarter of that.
 *
 * Like an unreferenced timer, it does not keep the event loop alive: a
 * deadline awaited alone never passes (the loop ends first). Race it against
 * an operation in flight, a read, as the fast path and the stdin reader
 * always do.
 *
 * Imports nothing: the fast path's bundle holds it.
 *
 * @module
 */

/** A point in time that a wait may race. */
export interface Deadline {
  /** Settles when the time has come (never, once cancelled). */
  readonly reached: Promise<void>;
  /** Stops the timer: `reached` then never settles. */
  cancel(): void;
}

/**
 * A deadline `ms` milliseconds from now.
 *
 * @param ms How long until it passes.
 * @returns The deadline.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deadlineIn } from "./deadline.ts";
 * // An operation in flight keeps the event loop going (here a timer).
 * const inFlight = setTimeout(() => {}, 60_000);
 * const started = performance.now();
 * await deadlineIn(20).reached;
 * assert.ok(performance.now() - started >= 19);
 * const cancelled = deadlineIn(5);
 * cancelled.cancel();
 * const late = deadlineIn(50);
 * assert.equal(await Promise.race([cancelled.reached.then(() => "reached"), late.reached.then(() => "late")]), "late");
 * clearTimeout(inFlight);
 * ```
 */
export function deadlineIn(ms: number): Deadline {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const wait = Atomics.waitAsync(cell, 0, 0, ms);
  const reached = wait.async
    ? wait.value.then((outcome) =>
      outcome === "timed-out" ? undefined : new Promise<void>(() => {})
    )
    : Promise.resolve();
  return { reached, cancel: () => void Atomics.notify(cell, 0) };
}
