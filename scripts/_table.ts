// deno-lint-ignore-file no-console -- benchmark output goes to stdout
/**
 * The benchmark table format shared by every `deno task bench` section.
 *
 * @module
 */

/** One row: a figure, its target, and whether the target is met. */
export interface Row {
  metric: string;
  value: string;
  target: string;
  ok: boolean | undefined;
}

/** The p-th percentile of sorted numbers. */
export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(
    sorted.length - 1,
    Math.ceil((p / 100) * sorted.length) - 1,
  );
  return sorted[Math.max(0, index)] ?? NaN;
}

/** The fastest of `rounds` runs of `work`, in milliseconds. */
export function fastestMs(work: () => void, rounds: number): number {
  let fastest = Infinity;
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/** Prints a titled Markdown table with a ✓/✗ column. */
export function printTable(title: string, rows: readonly Row[]): void {
  const widths = [
    Math.max(6, ...rows.map((r) => r.metric.length)),
    Math.max(5, ...rows.map((r) => r.value.length)),
    Math.max(6, ...rows.map((r) => r.target.length)),
  ];
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(`\n${title}`);
  console.log(line(["metric", "value", "target"]) + " ok");
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|---`);
  for (const row of rows) {
    const mark = row.ok === undefined ? "" : row.ok ? " ✓" : " ✗";
    console.log(line([row.metric, row.value, row.target]) + mark);
  }
}
