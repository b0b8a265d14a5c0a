import assert from "node:assert/strict";
import { collectReport } from "../../src/report/collect_report.ts";
import { renderReportHtml } from "../../src/report/render_html.ts";
import { formatStats, SessionStats } from "../../src/server/stats.ts";
import { formatStatusLine } from "../../src/statusline/status_line.ts";
import { openDatabase } from "../../src/store/database.ts";
import { ToolCallLog } from "../../src/store/tool_calls.ts";

function recorded(): ToolCallLog {
  const db = openDatabase(":memory:");
  const log = new ToolCallLog(db);
  const at = Date.UTC(2026, 0, 1);
  log.record({
    sessionId: "s",
    tool: "ctx_execute",
    at,
    bytesIn: 50_000,
    bytesOut: 1_000,
    error: false,
  });
  log.record({
    sessionId: "s",
    tool: "shrink/Bash",
    at: at + 1,
    bytesIn: 900_000,
    bytesOut: 3_000,
    error: false,
  });
  return log;
}

Deno.test("shrinks are counted apart from ctx-mode's tools in the totals, ctx_stats and the status line", () => {
  const log = recorded();
  const totals = log.totals("s");
  assert.deepEqual(
    { handled: totals.handled, returned: totals.returned },
    { handled: 50_000, returned: 1_000 },
  );
  assert.deepEqual(totals.shrunk, {
    handled: 900_000,
    returned: 3_000,
    keptOut: 897_000,
  });
  const text = formatStats(
    SessionStats.fromRecords(log.session("s")),
    Date.UTC(2026, 0, 1),
  );
  assert.match(text, /^ctx-mode this session .*1 call, 48\.8 KB handled/);
  assert.match(
    text,
    /Shrunk after the fact.*1 result, 878\.9 KB produced, 2\.9 KB reached the model — 876\.0 KB kept out/,
  );
  assert.match(text, /\| Bash \| 1 \| 878\.9 KB \| 2\.9 KB \| 876\.0 KB \|/);
  assert.equal(
    formatStatusLine({
      handled: totals.handled,
      returned: totals.returned,
      keptOut: totals.keptOut,
      shrunkOut: totals.shrunk.keptOut,
      server: "alive",
    }),
    "ctx-mode 47.9 KB kept out · 98% · 876.0 KB shrunk away",
  );
});

Deno.test("the savings report keeps shrinks out of the tools' figures and shows them in their own section", () => {
  const db = openDatabase(":memory:");
  const log = new ToolCallLog(db);
  const at = Date.UTC(2026, 0, 1);
  log.record({
    sessionId: "s",
    tool: "ctx_search",
    at,
    bytesIn: 10,
    bytesOut: 10,
    error: false,
  });
  log.record({
    sessionId: "s",
    tool: "shrink/mcp__github__list_issues",
    at,
    bytesIn: 80_000,
    bytesOut: 2_000,
    error: false,
  });
  const report = collectReport(db, {
    dataHome: "/nonexistent",
    project: "/p",
    now: at,
  });
  assert.equal(report.totals.handled, 10);
  assert.deepEqual(report.tools.map((tool) => tool.tool), ["ctx_search"]);
  assert.deepEqual(
    {
      calls: report.shrunk.calls,
      handled: report.shrunk.handled,
      returned: report.shrunk.returned,
    },
    { calls: 1, handled: 80_000, returned: 2_000 },
  );
  assert.equal(report.shrunk.tools[0]?.tool, "mcp__github__list_issues");
  const html = renderReportHtml(report, { version: "test" });
  assert.match(html, /id="shrunk"/);
  assert.match(html, /mcp__github__list_issues/);
});
