/**
 * The results the plugin shrink tests feed their agents: a bulky test run
 * with three failures, an editable source over the threshold, another MCP
 * server's JSON, and a line the compact view of the run leaves out.
 *
 * @module
 */

import { tapTestRun } from "../_helpers/tap_test_run.ts";

/** 3,000 lines of a test run with 3 failures among them (TAP). */
export const testRun: () => string = tapTestRun;

/** The failing tests' lines of {@linkcode testRun}. */
export const FAILURES: readonly string[] = [700, 1500, 2900].map((i) =>
  `not ok ${i} - rejects login attempt ${i}`
);

/** A line of {@linkcode testRun} that its view leaves out. */
export const LEFT_OUT = "ok 1234 - handles request number 1234 quickly";

/** An editable source file well over the threshold. */
export function bigSource(): string {
  return Array.from(
    { length: 400 },
    (_, i) =>
      `export function step${i}(input: number): number {\n  return input + ${i};\n}\n`,
  ).join("\n");
}

/** 80 KB of another MCP server's JSON: a list of issues. */
export function issues(): string {
  return JSON.stringify(
    Array.from({ length: 300 }, (_, i) => ({
      id: 1000 + i,
      number: i + 1,
      title: `Issue ${i + 1}: the importer drops row ${i * 7}`,
      state: i % 3 === 0 ? "closed" : "open",
      body: `Steps to reproduce ${i}: `.padEnd(200, "x"),
    })),
  );
}

/** A text's size in UTF-8 bytes. */
export function bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
