/**
 * This session's savings: per tool, how many calls, how many bytes the tool
 * handled (ran, fetched, read, indexed) and how many it returned to the
 * context; and apart from ctx-mode's tools, the native tools' results its
 * post-tool hooks shrank (`shrink/<tool>` rows: the result's size handled,
 * what the model got returned).
 *
 * Kept in memory for the running server and recorded, call by call, in the
 * project database, so `ctx-mode stats` can report a session from the
 * terminal.
 *
 * @module
 */

import {
  SHRINK_TOOL_PREFIX,
  type ToolCallRecord,
} from "../store/tool_calls.ts";
import { formatBytes } from "../store/format_bytes.ts";
import { formatCount } from "../store/format_count.ts";

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

  /** Rebuilds the counters of a recorded session. */
  static fromRecords(records: readonly ToolCallRecord[]): SessionStats {
    const stats = new SessionStats(records[0]?.at ?? Date.now());
    for (const call of records) {
      stats.record(call.tool, {
        handled: call.bytesIn,
        returned: call.bytesOut,
        error: call.error,
      });
    }
    return stats;
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

/** Options for {@linkcode formatStats}. */
export interface FormatStatsOptions {
  /** Shrinks recorded by the hooks (`shrink/<tool>` rows), beside those in `stats`. @default {[]} */
  shrunk?: readonly ToolCallRecord[] | undefined;
}

/**
 * The stats report as Markdown with a bar chart of bytes kept out per tool,
 * and the shrunk results' figures apart.
 */
export function formatStats(
  stats: SessionStats,
  now: number,
  options: FormatStatsOptions = {},
): string {
  const all = [...stats.tools()];
  const shrinks = SessionStats.fromRecords(options.shrunk ?? []).tools();
  for (const [name, figures] of all) {
    if (name.startsWith(SHRINK_TOOL_PREFIX)) shrinks.set(name, figures);
  }
  const tools = all.filter(([name]) => !name.startsWith(SHRINK_TOOL_PREFIX))
    .sort((a, b) => b[1].bytesHandled - a[1].bytesHandled);
  const minutes = Math.max(0, Math.round((now - stats.startedAt) / 60_000));
  const shrinkLines = formatShrinks(shrinks);
  if (tools.length === 0) {
    return [
      `No ctx-mode tool calls yet this session (${minutes} min).`,
      ...shrinkLines,
    ].join("\n");
  }
  const totals = { calls: 0, bytesHandled: 0, bytesReturned: 0 };
  for (const [, s] of tools) {
    totals.calls += s.calls;
    totals.bytesHandled += s.bytesHandled;
    totals.bytesReturned += s.bytesReturned;
  }
  const saved = Math.max(0, totals.bytesHandled - totals.bytesReturned);
  const percent = totals.bytesHandled > 0
    ? (saved / totals.bytesHandled) * 100
    : 0;
  const rows = tools.map(([name, s]) =>
    `| ${name} | ${s.calls}${s.errors ? ` (${s.errors} failed)` : ""} | ${
      formatBytes(s.bytesHandled)
    } | ${formatBytes(s.bytesReturned)} | ${
      ratio(s.bytesHandled, s.bytesReturned)
    } |`
  );
  const widest = Math.max(
    ...tools.map(([, s]) => s.bytesHandled - s.bytesReturned),
    1,
  );
  const nameWidth = Math.max(...tools.map(([name]) => name.length));
  const chart = tools.map(([name, s]) => {
    const kept = Math.max(0, s.bytesHandled - s.bytesReturned);
    return `${name.padEnd(nameWidth)} ${
      "█".repeat(Math.round((kept / widest) * 30)) || "·"
    } ${formatBytes(kept)}`;
  });
  return [
    `ctx-mode this session (${minutes} min): ${
      formatCount(totals.calls, "call")
    }, ${formatBytes(totals.bytesHandled)} handled, ${
      formatBytes(totals.bytesReturned)
    } returned — ${percent.toFixed(1)}% kept out of context, about ${
      Math.round(saved / BYTES_PER_TOKEN).toLocaleString("en-US")
    } tokens saved.`,
    "",
    "| tool | calls | handled | returned | ratio |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    "Kept out of context:",
    "```",
    ...chart,
    "```",
    ...shrinkLines,
  ].join("\n");
}

/** The shrunk results' lines: what the native tools produced, what the model got. */
function formatShrinks(shrinks: Map<string, ToolStats>): string[] {
  if (shrinks.size === 0) return [];
  let calls = 0, handled = 0, returned = 0;
  const rows = [...shrinks].sort((a, b) =>
    b[1].bytesHandled - a[1].bytesHandled
  )
    .map(([name, s]) => {
      calls += s.calls;
      handled += s.bytesHandled;
      returned += s.bytesReturned;
      return `| ${name.slice(SHRINK_TOOL_PREFIX.length)} | ${s.calls} | ${
        formatBytes(s.bytesHandled)
      } | ${formatBytes(s.bytesReturned)} | ${
        formatBytes(Math.max(0, s.bytesHandled - s.bytesReturned))
      } |`;
    });
  return [
    "",
    `Shrunk after the fact (native tools' results replaced by a view, the rest indexed): ${
      formatCount(calls, "result")
    }, ${formatBytes(handled)} produced, ${
      formatBytes(returned)
    } reached the model — ${
      formatBytes(Math.max(0, handled - returned))
    } kept out.`,
    "",
    "| tool | results | produced | model got | kept out |",
    "|---|---|---|---|---|",
    ...rows,
  ];
}

function ratio(handled: number, returned: number): string {
  if (returned === 0) return handled > 0 ? "∞" : "–";
  return `${(handled / returned).toFixed(1)}×`;
}
