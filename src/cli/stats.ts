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

const USAGE = `Usage: ctx-mode stats [--json] [options]

Show what the project's knowledge base holds: each source with its kind, size,
chunks and age, and the totals. (Savings of an agent session are reported by
the MCP tool ctx_stats.)

Options:
  --json         Print {"database", "databaseBytes", "sources": [...], "totals": {...}}
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
    });
    if (positionals.length > 0) {
      throw new UsageError(`Unexpected argument "${positionals[0]}"`, "stats");
    }
    using kb = openStoreFor(values, context);
    const sources = kb.sources();
    const totals = kb.stats();
    const databaseBytes = fileSize(kb.path) + fileSize(`${kb.path}-wal`);
    if (values.json) {
      await context.out(
        `${
          JSON.stringify({ database: kb.path, databaseBytes, sources, totals })
        }\n`,
      );
      return 0;
    }
    const now = Date.now();
    const lines = sources.map((source) =>
      `  ${source.label}  ${source.kind}, ${
        formatBytes(source.bytes)
      }, ${source.chunks} chunks, ${age(now - source.indexedAt)}`
    );
    await context.out(
      [
        `${kb.path} (${formatBytes(databaseBytes)})`,
        `${totals.sources} sources, ${totals.chunks} chunks, ${
          formatBytes(totals.bytes)
        } indexed`,
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
