/**
 * The local savings report: `ctx-mode stats --json` and `--html` collect
 * what the project database and the audit log recorded, and render it as one
 * self-contained page.
 *
 * @module
 */

export { collectReport } from "./collect_report.ts";
export type {
  Bytes,
  Compaction,
  DayTotals,
  RuleCount,
  Saving,
  SavingsReport,
  SearchQuery,
  SessionTotals,
  ToolTotals,
} from "./collect_report.ts";
export { renderReportHtml } from "./render_html.ts";
