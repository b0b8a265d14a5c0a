/**
 * How a sandbox run reads in a tool result: the shaped stdout, then, only
 * when they matter, the exit code, a timeout, truncation and the tail of
 * stderr.
 *
 * @module
 */

import type { RunResult } from "../../sandbox/mod.ts";
import { headAndTail, type ShapedOutput } from "../../sandbox/shape_output.ts";
import { formatBytes } from "../../store/format_bytes.ts";

const STDERR_BYTES = 2048;

/** The text of a run for the context window. */
export function runReport(run: RunResult, shaped: ShapedOutput): string {
  const parts: string[] = [];
  const body = shaped.text.trimEnd();
  parts.push(body === "" ? "(no output)" : body);
  const notes: string[] = [];
  if (run.timedOut) {
    notes.push(
      `timed out after ${
        (run.durationMs / 1000).toFixed(1)
      } s; the process group was killed`,
    );
  } else if (run.exitCode !== 0) {
    notes.push(`exit code ${run.exitCode ?? `none (signal ${run.signal})`}`);
  }
  if (run.truncated) {
    notes.push(
      `output over the capture cap: ${
        formatBytes(run.droppedBytes)
      } (${run.droppedLines} lines) dropped from the middle`,
    );
  }
  if (notes.length > 0) parts.push(`[${notes.join("; ")}]`);
  const stderr = run.stderr.trim();
  if (stderr && (run.exitCode !== 0 || run.timedOut || body === "")) {
    parts.push(`stderr:\n${headAndTail(stderr, STDERR_BYTES).text}`);
  }
  return parts.join("\n\n");
}
