/**
 * The savings report's data: what the project database recorded (tool calls
 * per session, tool and day, the largest savings, searches and their hits,
 * the session guide's size at each compaction) and the guard's decisions in
 * the audit log, as one plain object for `stats --json` and the HTML page.
 *
 * Reads only; never prints.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { readAudit } from "../safety/audit_log.ts";
import { SHRINK_TOOL_PREFIX } from "../store/tool_calls.ts";

/** Bytes a tool (or a session, or a day) handled and returned. */
export interface Bytes {
  /** Calls made. */
  calls: number;
  /** Bytes handled on the caller's behalf. */
  handled: number;
  /** Bytes returned to the context. */
  returned: number;
}

/** One tool's totals. */
export interface ToolTotals extends Bytes {
  tool: string;
  /** Calls that ended in an error. */
  errors: number;
}

/** One server session. */
export interface SessionTotals extends Bytes {
  sessionId: string;
  /** Its first and last call, in milliseconds since the epoch. */
  firstAt: number;
  lastAt: number;
  /** Per tool, most handled first. */
  tools: ToolTotals[];
}

/** One UTC day. */
export interface DayTotals extends Bytes {
  /** `YYYY-MM-DD`. */
  day: string;
}

/** One call with a large saving. */
export interface Saving {
  sessionId: string;
  tool: string;
  at: number;
  handled: number;
  returned: number;
}

/** One search query. */
export interface SearchQuery {
  sessionId: string;
  at: number;
  query: string;
  hits: number;
}

/** One guard rule's decisions in this project. */
export interface RuleCount {
  rule: string;
  deny: number;
  ask: number;
  /** The latest, in milliseconds since the epoch. */
  lastAt: number;
}

/** The session guide at one compaction. */
export interface Compaction {
  platform: string;
  sessionId: string;
  at: number;
  trigger: string;
  /** The rendered guide's size in bytes. */
  bytes: number;
}

/** Everything the report shows. */
export interface SavingsReport {
  /** When it was made. */
  generatedAt: number;
  /** The project directory. */
  project: string;
  /** Totals over every recorded call of ctx-mode's tools. */
  totals: Bytes & { sessions: number };
  /**
   * Native tools' results the post-tool hooks shrank, apart: their sizes
   * handled, what the model got returned; per tool, most handled first.
   */
  shrunk: Bytes & { tools: ToolTotals[] };
  /** Per tool, most handled first. */
  tools: ToolTotals[];
  /** The most recent sessions, latest first. */
  sessions: SessionTotals[];
  /** Per UTC day, oldest first. */
  days: DayTotals[];
  /** The calls that kept the most out of context. */
  largestSavings: Saving[];
  /** Search calls: how many, their queries and hits, the latest queries. */
  searches: {
    calls: number;
    queries: number;
    hits: number;
    /** Queries that found nothing. */
    empty: number;
    recent: SearchQuery[];
  };
  /** The guard's denies and asks in this project, by rule, most first. */
  guard: { deny: number; ask: number; rules: RuleCount[] };
  /** The session guide's size at each compaction, oldest first. */
  compactions: Compaction[];
}

/** How much of each list the report keeps. */
/** The tool that reads these figures: what it handles is the report itself, not output kept out. */
const NOT_A_SAVING = "ctx_stats";

const LIMITS = { sessions: 30, savings: 10, searches: 20, compactions: 200 };

function num(value: unknown): number {
  return Number(value ?? 0);
}

function inside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`);
}

/** The shrinks the hooks recorded: totals, and per native tool. */
function shrunkTotals(db: DatabaseSync): Bytes & { tools: ToolTotals[] } {
  const totals = db.prepare(
    `SELECT ${SUMS} FROM tool_calls WHERE ${SHRINKS_ONLY}`,
  ).get() ?? {};
  return {
    calls: num(totals.calls),
    handled: num(totals.handled),
    returned: num(totals.returned),
    tools: toolRows(
      db.prepare(
        `SELECT substr(tool, ${
          SHRINK_TOOL_PREFIX.length + 1
        }) AS tool, ${SUMS} FROM tool_calls WHERE ${SHRINKS_ONLY} GROUP BY tool ORDER BY handled DESC`,
      ).all(),
    ),
  };
}

function toolRows(rows: Record<string, unknown>[]): ToolTotals[] {
  return rows.map((row) => ({
    tool: String(row.tool),
    calls: num(row.calls),
    errors: num(row.errors),
    handled: num(row.handled),
    returned: num(row.returned),
  }));
}

/** ctx-mode's own tools' rows: not the shrinks the hooks recorded. */
const TOOLS_ONLY =
  `substr(tool, 1, ${SHRINK_TOOL_PREFIX.length}) <> '${SHRINK_TOOL_PREFIX}'`;
const SHRINKS_ONLY =
  `substr(tool, 1, ${SHRINK_TOOL_PREFIX.length}) = '${SHRINK_TOOL_PREFIX}'`;

const SUMS =
  "COUNT(*) AS calls, COALESCE(SUM(error), 0) AS errors, COALESCE(SUM(bytes_in), 0) AS handled, COALESCE(SUM(bytes_out), 0) AS returned";

function searches(db: DatabaseSync): SavingsReport["searches"] {
  const rows = db.prepare(
    "SELECT session_id, at, detail FROM tool_calls WHERE tool = 'ctx_search' ORDER BY at DESC, id DESC",
  ).all();
  const result = { calls: rows.length, queries: 0, hits: 0, empty: 0 };
  const recent: SearchQuery[] = [];
  for (const row of rows) {
    let queries: Array<{ query?: unknown; hits?: unknown }> = [];
    try {
      const detail = JSON.parse(String(row.detail ?? "null"));
      if (Array.isArray(detail?.queries)) queries = detail.queries;
    } catch {
      // A call recorded before queries were: counted, without its queries.
    }
    for (const query of queries) {
      const hits = num(query.hits);
      result.queries++;
      result.hits += hits;
      if (hits === 0) result.empty++;
      if (recent.length < LIMITS.searches) {
        recent.push({
          sessionId: String(row.session_id),
          at: num(row.at),
          query: String(query.query ?? ""),
          hits,
        });
      }
    }
  }
  return { ...result, recent };
}

function compactions(db: DatabaseSync): Compaction[] {
  // Snapshots taken before the history was kept appear once, at their time.
  return db.prepare(
    `SELECT platform, session_id, at, trigger, bytes FROM (
       SELECT platform, session_id, at, trigger, bytes FROM session_compactions
       UNION
       SELECT platform, session_id, at, trigger, bytes FROM session_snapshots
     ) ORDER BY at DESC LIMIT ?`,
  ).all(LIMITS.compactions).reverse().map((row) => ({
    platform: String(row.platform),
    sessionId: String(row.session_id),
    at: num(row.at),
    trigger: String(row.trigger),
    bytes: num(row.bytes),
  }));
}

function guard(dataHome: string, project: string): SavingsReport["guard"] {
  const rules = new Map<string, RuleCount>();
  let deny = 0;
  let ask = 0;
  for (const entry of readAudit(dataHome).entries) {
    if (typeof entry.cwd !== "string" || !inside(entry.cwd, project)) continue;
    const at = Date.parse(entry.at);
    const count = rules.get(entry.rule) ??
      { rule: entry.rule, deny: 0, ask: 0, lastAt: 0 };
    count[entry.verdict]++;
    if (entry.verdict === "deny") deny++;
    else ask++;
    if (!Number.isNaN(at)) count.lastAt = Math.max(count.lastAt, at);
    rules.set(entry.rule, count);
  }
  return {
    deny,
    ask,
    rules: [...rules.values()].sort((a, b) =>
      b.deny + b.ask - (a.deny + a.ask) || a.rule.localeCompare(b.rule)
    ),
  };
}

/**
 * Collects the savings report of a project.
 *
 * @param db An open connection to the project database (schema up to date).
 * @param options The data home (for the audit log), the project and the clock.
 * @returns The report.
 */
export function collectReport(
  db: DatabaseSync,
  options: { dataHome: string; project: string; now?: number },
): SavingsReport {
  const totals = db.prepare(
    `SELECT ${SUMS}, COUNT(DISTINCT session_id) AS sessions FROM tool_calls WHERE ${TOOLS_ONLY}`,
  ).get() ?? {};
  const perSessionTool = new Map<string, ToolTotals[]>();
  for (
    const row of db.prepare(
      `SELECT session_id, tool, ${SUMS} FROM tool_calls WHERE ${TOOLS_ONLY} GROUP BY session_id, tool ORDER BY handled DESC`,
    ).all()
  ) {
    const list = perSessionTool.get(String(row.session_id)) ?? [];
    list.push(...toolRows([row]));
    perSessionTool.set(String(row.session_id), list);
  }
  const sessions = db.prepare(
    `SELECT session_id, MIN(at) AS first_at, MAX(at) AS last_at, ${SUMS}
     FROM tool_calls WHERE ${TOOLS_ONLY} GROUP BY session_id ORDER BY last_at DESC LIMIT ?`,
  ).all(LIMITS.sessions).map((row) => ({
    sessionId: String(row.session_id),
    firstAt: num(row.first_at),
    lastAt: num(row.last_at),
    calls: num(row.calls),
    handled: num(row.handled),
    returned: num(row.returned),
    tools: perSessionTool.get(String(row.session_id)) ?? [],
  }));
  return {
    generatedAt: options.now ?? Date.now(),
    project: options.project,
    totals: {
      calls: num(totals.calls),
      handled: num(totals.handled),
      returned: num(totals.returned),
      sessions: num(totals.sessions),
    },
    tools: toolRows(
      db.prepare(
        `SELECT tool, ${SUMS} FROM tool_calls WHERE ${TOOLS_ONLY} GROUP BY tool ORDER BY handled DESC`,
      ).all(),
    ),
    shrunk: shrunkTotals(db),
    sessions,
    days: db.prepare(
      `SELECT strftime('%Y-%m-%d', at / 1000, 'unixepoch') AS day, ${SUMS}
       FROM tool_calls WHERE ${TOOLS_ONLY} GROUP BY day ORDER BY day`,
    ).all().map((row) => ({
      day: String(row.day),
      calls: num(row.calls),
      handled: num(row.handled),
      returned: num(row.returned),
    })),
    largestSavings: db.prepare(
      `SELECT session_id, tool, at, bytes_in, bytes_out FROM tool_calls
       WHERE bytes_in > bytes_out AND ${TOOLS_ONLY} AND tool <> ? ORDER BY bytes_in - bytes_out DESC, at DESC LIMIT ?`,
    ).all(NOT_A_SAVING, LIMITS.savings).map((row) => ({
      sessionId: String(row.session_id),
      tool: String(row.tool),
      at: num(row.at),
      handled: num(row.bytes_in),
      returned: num(row.bytes_out),
    })),
    searches: searches(db),
    guard: guard(options.dataHome, options.project),
    compactions: compactions(db),
  };
}
