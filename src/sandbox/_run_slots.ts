/**
 * A counting semaphore for runs: at most a set number at once in a process,
 * the others wait their turn in arrival order.
 *
 * Pure bookkeeping; this module never starts or kills anything.
 *
 * @module
 */

/** Run slots shared by every run of a process. */
export class RunSlots {
  #active = 0;
  #waiting: Array<() => void> = [];

  /**
   * Waits for a free slot.
   *
   * @param limit How many runs may hold a slot at once.
   * @returns A function that gives the slot back (call it once).
   */
  async acquire(limit: number): Promise<() => void> {
    while (this.#active >= Math.max(1, limit)) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active--;
      this.#waiting.shift()?.();
    };
  }

  /** Runs holding a slot now. */
  get active(): number {
    return this.#active;
  }
}
