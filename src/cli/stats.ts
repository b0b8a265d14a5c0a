/**
 * `ctx-mode stats`: what the project's knowledge base holds, per source.
 *
 * @module
 */

import { statSync } from "node:fs";
import { parseCommandArgs, STORE_OPTIONS, UsageError } from "./_args.ts";
import type { Command } from "./_context.ts";
import { openStoreFor } from "./_store.ts";
import { formatBytes } from "../store/format_bytes.ts";
import { formatStats, SessionStats } from "../server/stats.ts";
import { formatCount } from "../store/format_count.ts";

const USAGE = `Usage: ctx-mode stats [--json] [options]

Show the context savings of the latest MCP server session (the same report as
the ctx_stats tool), then what the project's knowledge base holds: each source
with its kind, size, chunks and age, and the totals.

Options:
  --session ID   Report this server session instead of the latest
  --json         Print {"session", "calls": [...], "database", "databaseBytes",
                 "sources": [...], "totals": {...}}
  --project DIR  The project (default: the agent's project variable, else cwd)
  --db PATH      Use this database file instead of the project's
  -h, --help     Show this help
`;

/** The `stats` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("stats", args, {
      ...STORE_OPTIONS,
      json: { type: "boolean" },
      session: { type: "string" },
    });
    if (positionals.length > 0) {
      throw new UsageError(`Unexpected argument "${positionals[0]}"`, "stats");
    }
    using kb = openStoreFor(values, context);
    const sources = kb.sources();
    const totals = kb.stats();
    const databaseBytes = fileSize(kb.path) + fileSize(`${kb.path}-wal`);
    const log = kb.toolCalls();
    const session = values.session ?? log.latestSession();
    const calls = session ? log.session(session) : [];
    if (values.session !== undefined && calls.length === 0) {
      await context.err(
        `ctx-mode: No server session "${values.session}" in ${kb.path}; the savings report covers the MCP server's sessions\n`,
      );
      return 1;
    }
    if (values.json) {
      const report = {
        session: session ?? null,
        calls,
        database: kb.path,
        databaseBytes,
        sources,
        totals,
      };
      await context.out(`${JSON.stringify(report)}\n`);
      return 0;
    }
    const now = Date.now();
    const savings = calls.length > 0
      ? `Session ${session}\n${
        formatStats(SessionStats.fromRecords(calls), calls.at(-1)!.at)
      }`
      : "No MCP server session has recorded tool calls in this project yet.";
    const lines = sources.map((source) =>
      `  ${source.label}  ${source.kind}, ${formatBytes(source.bytes)}, ${
        formatCount(source.chunks, "chunk")
      }, ${age(now - source.indexedAt)}`
    );
    await context.out(
      [
        savings,
        "",
        `Knowledge base ${kb.path} (${formatBytes(databaseBytes)})`,
        `${formatCount(totals.sources, "source")}, ${
          formatCount(totals.chunks, "chunk")
        }, ${formatBytes(totals.bytes)} indexed`,
        ...lines,
      ].join("\n") + "\n",
    );
    return 0;
  },
};

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function age(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}
