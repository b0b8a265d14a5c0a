/**
 * `ctx_stats`: what ctx-mode saved this session, per tool.
 *
 * @module
 */

import type { McpServer } from "../_sdk.ts";
import { type ServerDeps, toolHandler } from "../_tool.ts";
import { BYTES_PER_TOKEN, type SessionStats } from "../stats.ts";
import { formatBytes } from "../../store/format_bytes.ts";

/** Registers `ctx_stats`. */
export function registerCtxStatsTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_stats",
    {
      title: "Context savings this session",
      description:
        "Show how much context ctx-mode saved in this session: per tool, the calls, the bytes the tools handled versus the bytes returned to the context, the ratio and the estimated tokens saved, with a small chart.",
      inputSchema: {},
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    toolHandler(
      deps,
      "ctx_stats",
      () => ({ text: formatStats(deps.stats, deps.now()), handled: 0 }),
    ),
  );
}

/** The stats report as Markdown with a bar chart of bytes kept out per tool. */
export function formatStats(stats: SessionStats, now: number): string {
  const tools = [...stats.tools()].sort((a, b) =>
    b[1].bytesHandled - a[1].bytesHandled
  );
  const minutes = Math.max(0, Math.round((now - stats.startedAt) / 60_000));
  if (tools.length === 0) {
    return `No ctx-mode tool calls yet this session (${minutes} min).`;
  }
  const totals = stats.totals();
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
    `ctx-mode this session (${minutes} min): ${totals.calls} calls, ${
      formatBytes(totals.bytesHandled)
    } handled, ${formatBytes(totals.bytesReturned)} returned — ${
      percent.toFixed(1)
    }% kept out of context, about ${
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
  ].join("\n");
}

function ratio(handled: number, returned: number): string {
  if (returned === 0) return handled > 0 ? "∞" : "–";
  return `${(handled / returned).toFixed(1)}×`;
}
