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

/**
 * Keeps JavaScript runs and other runs apart where nothing resolves links
 * for JavaScript (no bubblewrap, no Landlock): a shell run could otherwise
 * make a link out of the project while a JavaScript run, whose project was
 * scanned before it started, is going on. Runs of one kind share; the kinds
 * take turns.
 */
export class KindTurns {
  #active = { javascript: 0, other: 0 };
  #waiting: Array<() => void> = [];

  /**
   * Waits until no run of the other kind is going on.
   *
   * @param kind This run's kind.
   * @returns A function that ends this run's turn (call it once).
   */
  async enter(kind: "javascript" | "other"): Promise<() => void> {
    const other = kind === "javascript" ? "other" : "javascript";
    while (this.#active[other] > 0) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#active[kind]++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#active[kind]--;
      for (const wake of this.#waiting.splice(0)) wake();
    };
  }
}
