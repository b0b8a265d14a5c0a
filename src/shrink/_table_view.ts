/**
 * The view of a delimited table (CSV, TSV): its columns, how many rows, and
 * the first and last rows.
 *
 * Pure; looks at a sample to decide, counts lines to size.
 *
 * @module
 */

import { counted } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";

const FIRST_ROWS = 5;
const LAST_ROWS = 3;

function fields(line: string, separator: string): number {
  let count = 1;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) count++;
  }
  return count;
}

/**
 * The separator of a table, when lines are one: the same number (3 or more)
 * of commas, tabs or semicolons on nearly every sampled line.
 *
 * @param lines The lines.
 * @returns The separator, or undefined.
 */
export function tableSeparator(lines: readonly string[]): string | undefined {
  const sample = lines.slice(0, 200).filter((line) => line.trim() !== "");
  if (sample.length < 10) return undefined;
  for (const separator of [",", "\t", ";", "|"]) {
    const width = fields(sample[0]!, separator);
    if (width < 3) continue;
    const same = sample.filter((line) => fields(line, separator) === width);
    if (same.length >= sample.length * 0.95) return separator;
  }
  return undefined;
}

/**
 * The view of a table.
 *
 * @param input The table and the clip function.
 * @param separator The field separator.
 * @returns The view.
 */
export function tableView(input: ViewInput, separator: string): View {
  const { lines, clip } = input;
  const header = lines[0] ?? "";
  const rows = lines.length - 1;
  const columns = fields(header, separator);
  return {
    format: "text",
    body: [
      `Table: ${counted(rows, "row")} × ${counted(columns, "column")}`,
      `Header: ${clip(header, 1000)}`,
      "First rows:",
      ...lines.slice(1, 1 + FIRST_ROWS).map((line) => `  ${clip(line)}`),
      "Last rows:",
      ...lines.slice(Math.max(1 + FIRST_ROWS, lines.length - LAST_ROWS)).map((
        line,
      ) => `  ${clip(line)}`),
    ],
    summary: `table of ${counted(rows, "row")} × ${counted(columns, "column")}`,
  };
}
