/**
 * `ctx-mode audit`: the latest guard denies and asks from the audit log in
 * the data home — hooks and ctx-mode's own tools alike — as a table or as
 * JSON lines.
 *
 * @module
 */

import { integerFlag, parseCommandArgs, UsageError } from "./_args.ts";
import type { Command } from "./_context.ts";
import { dataHome } from "../config/paths.ts";
import {
  type AuditEntry,
  auditLogPath,
  readAudit,
} from "../safety/audit_log.ts";

const USAGE =
  `Usage: ctx-mode audit [--limit N] [--rule ID] [--since TIME] [--json]

Show the latest decisions of the safety guard that blocked a call (deny) or
asked the user (ask), from hooks and from ctx-mode's own tools, newest last.
The log is <data home>/audit.log, rotated at 1 MB (audit.log.1 to .3).

Options:
  --limit N     How many entries (default 20, at most 10000)
  --rule ID     Only this rule, or a family: git, rm, secret, permissions
  --since TIME  Only entries from TIME on: an ISO date or time
                (2025-06-01, 2025-06-01T12:00Z) or an age (30m, 12h, 7d, 2w)
  --json        Print one JSON object per line, as stored
  -h, --help    Show this help
`;

const UNITS: Record<string, number> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** The earliest time `--since` allows, in epoch milliseconds. */
function sinceTime(value: string, now: number): number {
  const age = /^(\d+)\s*([mhdw])$/.exec(value.trim());
  if (age) return now - Number(age[1]) * UNITS[age[2]!]!;
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw new UsageError(
      `Cannot use --since "${value}": expected an ISO date or time, or an age like 30m, 12h, 7d`,
      "audit",
    );
  }
  return time;
}

/** Whether `rule` is `wanted` or in its family (`git` covers `git.push-force`). */
function ruleMatches(rule: string, wanted: string): boolean {
  return rule === wanted || rule.startsWith(`${wanted}.`);
}

function subject(entry: AuditEntry): string {
  const text = entry.command ?? entry.path ?? entry.url ?? entry.tool ?? "";
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function table(entries: readonly AuditEntry[]): string {
  const rows = entries.map((entry) => [
    entry.at.replace("T", " ").replace(/\.\d+Z$/, "Z"),
    entry.verdict,
    entry.rule,
    entry.source === "hook"
      ? `${entry.platform} ${entry.tool ?? ""}`.trim()
      : entry.source,
    subject(entry),
  ]);
  const header = ["time", "verdict", "rule", "where", "command or path"];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length))
  );
  const line = (cells: string[]) =>
    cells.map((cell, i) =>
      i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)
    )
      .join("  ");
  return [line(header), ...rows.map(line)].join("\n") + "\n";
}

/** The `audit` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("audit", args, {
      limit: { type: "string" },
      rule: { type: "string" },
      since: { type: "string" },
      json: { type: "boolean" },
    });
    if (positionals.length > 0) {
      throw new UsageError(`Unexpected argument "${positionals[0]}"`, "audit");
    }
    const limit = integerFlag("audit", "limit", values.limit, {
      min: 1,
      max: 10_000,
      fallback: 20,
    });
    const since = values.since === undefined
      ? undefined
      : sinceTime(values.since, Date.now());
    const home = dataHome(context.env);
    const { entries, skipped } = readAudit(home);
    if (skipped > 0) {
      await context.err(
        `ctx-mode audit: skipped ${skipped} unreadable line${
          skipped === 1 ? "" : "s"
        }\n`,
      );
    }
    const chosen = entries.filter((entry) =>
      (values.rule === undefined || ruleMatches(entry.rule, values.rule)) &&
      (since === undefined || Date.parse(entry.at) >= since)
    ).slice(-limit);
    if (values.json) {
      await context.out(
        chosen.map((entry) => `${JSON.stringify(entry)}\n`).join(""),
      );
      return 0;
    }
    if (chosen.length === 0) {
      await context.out(`No matching entries in ${auditLogPath(home)}.\n`);
      return 0;
    }
    await context.out(table(chosen));
    return 0;
  },
};
