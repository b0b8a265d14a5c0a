/**
 * `ctx-mode stats`: the latest session's savings and what the project's
 * knowledge base holds, per source; with `--html`, the savings report as one
 * self-contained page.
 *
 * @module
 */

import { statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import denoJson from "../../deno.json" with { type: "json" };
import { parseCommandArgs, STORE_OPTIONS, UsageError } from "./_args.ts";
import type { CliContext, Command } from "./_context.ts";
import { openStoreFor } from "./_store.ts";
import { dataHome, projectDir } from "../config/paths.ts";
import {
  makePrivateDir,
  PRIVATE_FILE_MODE,
  tighten,
} from "../config/private_files.ts";
import { collectReport } from "../report/collect_report.ts";
import { renderReportHtml } from "../report/render_html.ts";
import { openDatabase } from "../store/database.ts";
import { formatBytes } from "../store/format_bytes.ts";
import { formatStats, SessionStats } from "../server/stats.ts";
import { formatCount } from "../store/format_count.ts";

const USAGE =
  `Usage: ctx-mode stats [--json | --html [--out FILE] [--open]] [options]

Show the context savings of the latest MCP server session (the same report as
the ctx_stats tool), then what the project's knowledge base holds: each source
with its kind, size, chunks and age, and the totals.

With --html, write the savings report of every recorded session as one
self-contained HTML file (no network, no scripts): bytes handled vs returned
per tool, per session and per day, the largest savings, searches and their
hits, the safety guard's denies by rule, and the session guide's size at each
compaction. --json carries the same data under "report".

Options:
  --session ID   Report this server session instead of the latest
  --json         Print {"session", "calls": [...], "database", "databaseBytes",
                 "sources": [...], "totals": {...}, "report": {...}}
  --html         Write the HTML report and print its path
  --out FILE     Where --html writes (default: <data home>/reports/<database name>.html)
  --open         Open the HTML report in the default browser
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
      html: { type: "boolean" },
      out: { type: "string" },
      open: { type: "boolean" },
    });
    if (positionals.length > 0) {
      throw new UsageError(`Unexpected argument "${positionals[0]}"`, "stats");
    }
    if (values.json && values.html) {
      throw new UsageError("Cannot use --json with --html", "stats");
    }
    if ((values.out !== undefined || values.open) && !values.html) {
      throw new UsageError("--out and --open go with --html", "stats");
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
    if (values.json || values.html) {
      const report = savingsReport(kb.path, values.project, context);
      if (values.html) {
        let out: string;
        if (values.out === undefined) {
          const folder = join(dataHome(context.env), "reports");
          makePrivateDir(folder);
          out = join(folder, `${basename(kb.path).replace(/\.db$/, "")}.html`);
        } else {
          out = resolve(context.cwd, values.out);
        }
        writeReport(
          out,
          renderReportHtml(report, { version: denoJson.version }),
        );
        await context.out(`${out}\n`);
        if (values.open) await openInBrowser(out, context);
        return 0;
      }
      const json = {
        session: session ?? null,
        calls,
        database: kb.path,
        databaseBytes,
        sources,
        totals,
        report,
      };
      await context.out(`${JSON.stringify(json)}\n`);
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

function savingsReport(
  database: string,
  project: string | undefined,
  context: CliContext,
) {
  const db = openDatabase(database);
  try {
    return collectReport(db, {
      dataHome: dataHome(context.env),
      project: projectDir(context.cwd, { explicit: project, env: context.env }),
    });
  } finally {
    db.close();
  }
}

/** Writes the page privately (it holds search queries and session ids). */
function writeReport(path: string, html: string): void {
  try {
    Deno.writeTextFileSync(path, html, { mode: PRIVATE_FILE_MODE });
    tighten(path, PRIVATE_FILE_MODE);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot write the report "${path}": ${reason}`);
  }
}

/** The platform's opener for a file: `xdg-open`, `open`, or `start`. */
async function openInBrowser(path: string, context: CliContext) {
  const [command, ...args] = Deno.build.os === "darwin"
    ? ["open", path]
    : Deno.build.os === "windows"
    ? ["cmd", "/c", "start", "", path]
    : ["xdg-open", path];
  try {
    const { code } = await new Deno.Command(command!, {
      args,
      env: context.env,
      clearEnv: true,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    if (code !== 0) throw new Error(`exit code ${code}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await context.err(
      `ctx-mode: Cannot open "${path}" with ${command}: ${reason}; open it in a browser yourself\n`,
    );
  }
}

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
