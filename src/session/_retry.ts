/**
 * Retrying SQLite work that another process holds a lock on. The busy timeout
 * makes most waits invisible; this covers the cases SQLite reports at once
 * (a lock held while a writer recovers or checkpoints the WAL).
 *
 * Synchronous, like the SQLite driver: the hook process has nothing else to do
 * while it waits.
 *
 * @module
 */

const BUSY =
  /database is locked|database table is locked|SQLITE_BUSY|SQLITE_LOCKED/i;

const SLEEPER = new Int32Array(new SharedArrayBuffer(4));

/**
 * Whether an error is SQLite reporting a lock held by someone else.
 *
 * @param error Anything thrown.
 * @returns True for "database is locked" and its kin.
 */
export function isBusy(error: unknown): boolean {
  return BUSY.test(error instanceof Error ? error.message : String(error));
}

/**
 * Runs `work`, retrying with growing pauses (25 ms doubling, up to 8 tries)
 * while it fails because the database is locked.
 *
 * @param work The work; it must be safe to run again after a failure.
 * @returns What `work` returns.
 * @throws The last error when it is not a lock, or the locks persist.
 */
export function retryBusy<T>(work: () => T): T {
  for (let attempt = 0;; attempt++) {
    try {
      return work();
    } catch (error) {
      if (attempt >= 7 || !isBusy(error)) throw error;
      Atomics.wait(SLEEPER, 0, 0, Math.min(25 * 2 ** attempt, 1000));
    }
  }
}
