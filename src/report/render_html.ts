/**
 * The savings report as one self-contained HTML page: inline CSS, inline SVG
 * charts, no script, no font, no image or link to fetch; a Content Security
 * Policy that forbids loading anything says so to the browser too.
 *
 * Pure: report in, text out. Every recorded text (session ids, queries, rule
 * ids) is escaped.
 *
 * @module
 */

import { formatBytes } from "../store/format_bytes.ts";
import { formatCount } from "../store/format_count.ts";
import { columns, escapeXml, horizontalBars, type Series } from "./_svg.ts";
import type { Bytes, SavingsReport } from "./collect_report.ts";

const HANDLED: Series = { name: "handled", color: "#3867d6" };
const RETURNED: Series = { name: "returned to context", color: "#f39c12" };
const DENIED: Series = { name: "denied", color: "#c0392b" };
const ASKED: Series = { name: "asked", color: "#8e7cc3" };
const GUIDE: Series = { name: "guide size", color: "#20a070" };

const CSS = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; }
main { max-width: 820px; margin: 0 auto; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 0 0 10px; }
section { background: #fff; border: 1px solid #e1e4ea; border-radius: 8px; padding: 16px 18px; margin: 16px 0; }
.meta { color: #5b6475; margin: 0; word-break: break-all; }
.cards { display: grid; grid-template-columns: repeat(4, 1fr); gap: 10px; }
.card { background: #fff; border: 1px solid #e1e4ea; border-radius: 8px; padding: 10px 12px; }
.card b { display: block; font-size: 20px; } .card span { color: #5b6475; font-size: 12px; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid #eef0f4; vertical-align: top; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
code.id { white-space: nowrap; word-break: normal; }
.empty { color: #5b6475; font-style: italic; } .when { white-space: nowrap; }
.zero { color: #c0392b; }
svg { max-width: 100%; height: auto; display: block; }
svg .label, svg .legend { font-size: 12px; fill: #1d2330; } svg .value { font-size: 11px; fill: #5b6475; }
svg .grid { stroke: #e1e4ea; }
`;

type Flow = Pick<Bytes, "handled" | "returned">;

function kept(bytes: Flow): number {
  return Math.max(0, bytes.handled - bytes.returned);
}

function share(bytes: Flow): string {
  return bytes.handled > 0
    ? `${Math.floor((kept(bytes) / bytes.handled) * 100)}%`
    : "–";
}

function time(ms: number): string {
  return new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

function shortId(id: string): string {
  return id.length > 13 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id;
}

function section(id: string, title: string, body: string): string {
  return `<section id="${id}"><h2>${escapeXml(title)}</h2>${body}</section>`;
}

function empty(text: string): string {
  return `<p class="empty">${escapeXml(text)}</p>`;
}

function table(head: string[], rows: string[][]): string {
  const cell = (tag: string, text: string) =>
    text.startsWith("#")
      ? `<${tag} class="n">${text.slice(1)}</${tag}>`
      : `<${tag}>${text}</${tag}>`;
  return `<table><thead><tr>${
    head.map((h) => cell("th", h)).join("")
  }</tr></thead><tbody>${
    rows.map((row) => `<tr>${row.map((c) => cell("td", c)).join("")}</tr>`)
      .join("")
  }</tbody></table>`;
}

function cards(report: SavingsReport): string {
  const items: Array<[string, string]> = [
    [formatBytes(kept(report.totals)), "kept out of context"],
    [share(report.totals), "of what tools handled"],
    [
      String(report.totals.calls),
      `${report.totals.calls === 1 ? "tool call" : "tool calls"} in ${
        formatCount(report.totals.sessions, "session")
      }`,
    ],
    [
      String(report.searches.queries),
      `${report.searches.queries === 1 ? "search" : "searches"}, ${
        formatCount(report.searches.hits, "hit")
      }`,
    ],
    [
      formatBytes(kept(report.shrunk)),
      `shrunk away from ${
        formatCount(report.shrunk.calls, "native tool result")
      }`,
    ],
  ];
  return `<div class="cards">${
    items.map(([value, label]) =>
      `<div class="card"><b>${escapeXml(value)}</b><span>${
        escapeXml(label)
      }</span></div>`
    ).join("")
  }</div>`;
}

function tools(report: SavingsReport): string {
  if (report.tools.length === 0) {
    return empty("No ctx-mode tool calls recorded in this project yet.");
  }
  return horizontalBars(
    "Bytes handled and returned per tool",
    report.tools.map((t) => ({
      label: t.tool,
      values: [t.handled, t.returned],
    })),
    { series: [HANDLED, RETURNED], format: formatBytes },
  );
}

function shrunk(report: SavingsReport): string {
  if (report.shrunk.tools.length === 0) {
    return empty("No native tool result shrunk in this project yet.");
  }
  return horizontalBars(
    "Bytes the native tools produced and the model got, per tool",
    report.shrunk.tools.map((t) => ({
      label: t.tool,
      values: [t.handled, t.returned],
    })),
    { series: [HANDLED, RETURNED], format: formatBytes },
  );
}

function days(report: SavingsReport): string {
  if (report.days.length === 0) return empty("Nothing recorded yet.");
  return columns(
    "Bytes handled and returned per day",
    report.days.map((d) => ({ label: d.day, values: [d.handled, d.returned] })),
    { series: [HANDLED, RETURNED], format: formatBytes },
  );
}

function sessions(report: SavingsReport): string {
  if (report.sessions.length === 0) return empty("No sessions recorded yet.");
  const chart = horizontalBars(
    "Bytes handled and returned per session",
    report.sessions.slice(0, 10).map((s) => ({
      label: `${time(s.firstAt).slice(5, 16)} ${shortId(s.sessionId)}`,
      values: [s.handled, s.returned],
    })),
    { series: [HANDLED, RETURNED], format: formatBytes },
  );
  return chart + table(
    [
      "session",
      "when",
      "#calls",
      "#handled",
      "#returned",
      "#kept out",
      "tools",
    ],
    report.sessions.map((s) => [
      `<code class="id" title="${escapeXml(s.sessionId)}">${
        escapeXml(shortId(s.sessionId))
      }</code>`,
      `<span class="when">${escapeXml(time(s.firstAt).slice(0, 16))}</span>`,
      `#${s.calls}`,
      `#${formatBytes(s.handled)}`,
      `#${formatBytes(s.returned)}`,
      `#${share(s)}`,
      escapeXml(
        s.tools.map((t) =>
          `${t.tool} ${formatBytes(t.handled)}→${formatBytes(t.returned)}`
        )
          .join(", "),
      ),
    ]),
  );
}

function savings(report: SavingsReport): string {
  if (report.largestSavings.length === 0) return empty("No savings yet.");
  return table(
    ["tool", "when", "session", "#handled", "#returned", "#kept out"],
    report.largestSavings.map((s) => [
      escapeXml(s.tool),
      escapeXml(time(s.at)),
      `<code class="id">${escapeXml(shortId(s.sessionId))}</code>`,
      `#${formatBytes(s.handled)}`,
      `#${formatBytes(s.returned)}`,
      `#${formatBytes(kept(s))}`,
    ]),
  );
}

function searches(report: SavingsReport): string {
  const { searches } = report;
  if (searches.calls === 0) return empty("No searches yet.");
  const summary = `<p>${formatCount(searches.calls, "search call")} asked ${
    formatCount(searches.queries, "query", "queries")
  } and found ${formatCount(searches.hits, "hit")}; ${
    formatCount(searches.empty, "query", "queries")
  } found nothing.</p>`;
  if (searches.recent.length === 0) return summary;
  return summary + table(
    ["latest queries", "when", "#hits"],
    searches.recent.map((q) => [
      `<code>${escapeXml(q.query)}</code>`,
      escapeXml(time(q.at)),
      q.hits === 0 ? `#<span class="zero">0</span>` : `#${q.hits}`,
    ]),
  );
}

function guard(report: SavingsReport): string {
  if (report.guard.rules.length === 0) {
    return empty("The safety guard has denied nothing in this project.");
  }
  return `<p>${report.guard.deny} denied, ${report.guard.ask} asked.</p>` +
    horizontalBars(
      "Guard decisions by rule",
      report.guard.rules.map((r) => ({
        label: r.rule,
        values: [r.deny, r.ask],
      })),
      { series: [DENIED, ASKED], format: (n) => String(Math.round(n)) },
    );
}

function compactions(report: SavingsReport): string {
  if (report.compactions.length === 0) return empty("No compaction yet.");
  return columns(
    "Session guide size at each compaction",
    report.compactions.map((c) => ({
      label: `${time(c.at).slice(5, 16)} ${shortId(c.sessionId)}`,
      values: [c.bytes],
    })),
    { series: [GUIDE], format: formatBytes },
  );
}

/**
 * Renders the report as one HTML page.
 *
 * @param report The collected report.
 * @param options The ctx-mode version for the footer.
 * @returns The whole page.
 */
export function renderReportHtml(
  report: SavingsReport,
  options: { version: string },
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ctx-mode savings report</title><style>${CSS}</style></head>
<body><main>
<h1>ctx-mode savings report</h1>
<p class="meta">${escapeXml(report.project)} · ${
    escapeXml(time(report.generatedAt))
  } · ctx-mode ${escapeXml(options.version)}</p>
${section("summary", "Summary", cards(report))}
${section("tools", "Per tool: bytes handled vs returned", tools(report))}
${
    section(
      "shrunk",
      "Shrunk after the fact: native tools' results replaced by a view",
      shrunk(report),
    )
  }
${section("days", "Over time (per UTC day)", days(report))}
${section("sessions", "Sessions", sessions(report))}
${section("savings", "Largest savings", savings(report))}
${section("searches", "Searches", searches(report))}
${section("guard", "Safety guard, by rule", guard(report))}
${
    section(
      "compactions",
      "Session guide at each compaction",
      compactions(report),
    )
  }
</main></body></html>
`;
}
