/**
 * The view of a command's output (test runs, builds, anything else): the
 * failing tests by name, the summary lines, every error, failure and warning
 * line with the diff and stack frames right after a failure, and the head
 * and the tail. Identical lines are shown once with their count.
 *
 * Never drops an error or failure line below {@linkcode MAX_ERROR_LINES}
 * distinct ones; past that it says how many more there are (all indexed).
 *
 * @module
 */

import { detailKind, failedTestName, lineSignal } from "./_signal_lines.ts";
import { commas, counted } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";

/** Distinct error and failure lines shown before the rest are only counted. */
export const MAX_ERROR_LINES = 150;
const MAX_WARNING_LINES = 25;
const MAX_DETAIL_LINES = 80;
const MAX_SUMMARY_LINES = 12;
/** Lines after a failure or error in which its diff and frames are looked for. */
const DETAIL_WINDOW = 16;
const FRAMES_PER_FAILURE = 4;
const HEAD_LINES = 5;
const TAIL_LINES = 10;
const MAX_TEST_NAMES = 40;

interface Kept {
  index: number;
  text: string;
  count: number;
}

/**
 * The view of a command's output.
 *
 * @param input The output and its command.
 * @returns The view.
 */
export function shellView(input: ViewInput): View {
  const { lines, clip } = input;
  const errors = new Map<string, Kept>();
  const warnings = new Map<string, Kept>();
  const details: Kept[] = [];
  const summaries = new Map<string, Kept>();
  const tests: string[] = [];
  let errorCount = 0;
  let warningCount = 0;
  let windowEnd = -1;
  let frames = 0;
  let internalFrames = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const signal = lineSignal(line);
    if (signal === "summary") {
      const key = line.trim();
      summaries.delete(key);
      summaries.set(key, { index: i, text: line, count: 1 });
      continue;
    }
    if (signal === "failure" || signal === "error") {
      errorCount++;
      keep(errors, line, i);
      const name = failedTestName(line);
      if (name) addTestName(tests, name);
      windowEnd = i + DETAIL_WINDOW;
      frames = 0;
      continue;
    }
    if (signal === "warning") {
      warningCount++;
      keep(warnings, line, i);
      continue;
    }
    if (i <= windowEnd && details.length < MAX_DETAIL_LINES) {
      const kind = detailKind(line);
      if (kind === "internal-frame") internalFrames++;
      else if (kind === "frame" && frames++ >= FRAMES_PER_FAILURE) {
        internalFrames++;
      } else if (kind) details.push({ index: i, text: line, count: 1 });
    }
  }

  const shownErrors = [...errors.values()].slice(0, MAX_ERROR_LINES);
  const shownWarnings = [...warnings.values()].slice(0, MAX_WARNING_LINES);
  const important = [...shownErrors, ...shownWarnings, ...details].sort((
    a,
    b,
  ) => a.index - b.index);
  const summaryLines = [...summaries.values()].slice(-MAX_SUMMARY_LINES);
  const shown = new Set([...important, ...summaryLines].map((k) => k.index));

  const body: string[] = [];
  if (tests.length > 0) {
    const names = tests.slice(0, MAX_TEST_NAMES).map((name) => clip(name, 160));
    const more = tests.length - names.length;
    body.push(
      `Failed tests (${commas(tests.length)}): ${names.join("; ")}${
        more > 0 ? `; … ${commas(more)} more` : ""
      }`,
    );
  }
  if (summaryLines.length > 0) {
    body.push("Summary:", ...summaryLines.map((k) => numbered(k, clip)));
  }
  if (important.length > 0) {
    const noun = warningCount > 0 && errorCount === 0
      ? "Warnings"
      : "Errors, failures and warnings";
    body.push(`${noun} (line numbers of the output):`);
    body.push(...important.map((k) => numbered(k, clip)));
    const hidden = [
      errors.size > shownErrors.length
        ? counted(errors.size - shownErrors.length, "more distinct error line")
        : "",
      warnings.size > shownWarnings.length
        ? counted(
          warnings.size - shownWarnings.length,
          "more distinct warning line",
        )
        : "",
      internalFrames > 0 ? counted(internalFrames, "stack frame") : "",
    ].filter(Boolean);
    if (hidden.length > 0) {
      body.push(`  … ${hidden.join(", ")} not shown (all indexed)`);
    }
  }
  const head = lines.slice(0, HEAD_LINES * 3).map((text, index) => ({
    index,
    text,
    count: 1,
  })).filter((k) => k.text.trim() !== "" && !shown.has(k.index)).slice(
    0,
    HEAD_LINES,
  );
  for (const k of head) shown.add(k.index);
  let end = lines.length;
  while (end > 0 && lines[end - 1]!.trim() === "") end--;
  const tail: Kept[] = [];
  for (let i = end - 1; i >= 0 && tail.length < TAIL_LINES; i--) {
    if (shown.has(i)) break;
    tail.unshift({ index: i, text: lines[i]!, count: 1 });
  }
  if (head.length > 0) {
    body.push("First lines:", ...head.map((k) => numbered(k, clip)));
  }
  if (tail.length > 0) {
    body.push("Last lines:", ...tail.map((k) => numbered(k, clip)));
  }
  const counts = [
    errorCount > 0 ? counted(errorCount, "error/failure line") : "",
    warningCount > 0 ? counted(warningCount, "warning line") : "",
  ].filter(Boolean);
  const summaryLine = summaryLines.at(-1)?.text.trim();
  return {
    format: "shell",
    body,
    summary: [
      tests.length > 0
        ? `${commas(tests.length)} failed: ${tests.slice(0, 5).join(", ")}${
          tests.length > 5 ? ", …" : ""
        }`
        : summaryLine
        ? clip(summaryLine, 120)
        : counts.join(", "),
    ].filter(Boolean).join(""),
  };
}

/**
 * Adds a failing test's name once: runners print a test's short name in the
 * run and its full name in the report (`✕ adds` then `● Cart › adds`), and
 * the full one is kept.
 */
function addTestName(tests: string[], name: string): void {
  const within = (long: string, short: string) =>
    long.length > short.length && long.endsWith(short) &&
    /[\s:>›.]$/.test(long.slice(0, -short.length));
  const known = tests.findIndex((test) =>
    test === name || within(test, name) || within(name, test)
  );
  if (known === -1) tests.push(name);
  else if (name.length > tests[known]!.length) tests[known] = name;
}

function keep(map: Map<string, Kept>, line: string, index: number): void {
  const key = line.trim();
  const kept = map.get(key);
  if (kept) kept.count++;
  else map.set(key, { index, text: line, count: 1 });
}

function numbered(kept: Kept, clip: (line: string) => string): string {
  const times = kept.count > 1 ? ` (×${commas(kept.count)})` : "";
  return `  ${kept.index + 1}: ${clip(kept.text)}${times}`;
}
