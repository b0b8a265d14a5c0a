/**
 * This session's savings: per tool, how many calls, how many bytes the tool
 * handled (ran, fetched, read, indexed) and how many it returned to the
 * context.
 *
 * In memory only: it lives as long as the server process.
 *
 * @module
 */

/** The counters of one tool. */
export interface ToolStats {
  /** Calls made. */
  calls: number;
  /** Calls that ended in an error result. */
  errors: number;
  /** Bytes the tool handled on the caller's behalf. */
  bytesHandled: number;
  /** Bytes the tool put into the context. */
  bytesReturned: number;
}

/** Rough bytes per token for English text and code. */
export const BYTES_PER_TOKEN = 4;

/** Counters per tool for one server session. */
export class SessionStats {
  #tools = new Map<string, ToolStats>();
  readonly startedAt: number;

  constructor(now: number = Date.now()) {
    this.startedAt = now;
  }

  /** Records one call. */
  record(
    tool: string,
    call: { handled: number; returned: number; error: boolean },
  ): void {
    const stats = this.#tools.get(tool) ??
      { calls: 0, errors: 0, bytesHandled: 0, bytesReturned: 0 };
    stats.calls++;
    if (call.error) stats.errors++;
    stats.bytesHandled += call.handled;
    stats.bytesReturned += call.returned;
    this.#tools.set(tool, stats);
  }

  /** The counters, by tool name. */
  tools(): Map<string, ToolStats> {
    return new Map(
      [...this.#tools].map(([name, stats]) => [name, { ...stats }]),
    );
  }

  /** Totals over every tool. */
  totals(): ToolStats {
    const total = { calls: 0, errors: 0, bytesHandled: 0, bytesReturned: 0 };
    for (const stats of this.#tools.values()) {
      total.calls += stats.calls;
      total.errors += stats.errors;
      total.bytesHandled += stats.bytesHandled;
      total.bytesReturned += stats.bytesReturned;
    }
    return total;
  }

  /** Forgets every counter. */
  reset(): void {
    this.#tools.clear();
  }
}
