/**
 * The view of a command's output (test runs, builds, anything else): the
 * failing tests by name and why each failed, where a build tool says the
 * failing step is (`Dockerfile:14`), the summary lines (those that
 * report no failure only counted), every error and failure line with the
 * diff, stack frames and explanation (the indented lines under a heading
 * such as `The conflict is caused by:`) right after a failure, then the
 * warnings, and the
 * head and the tail. Identical lines are shown once with their count; a
 * linter's `line:col` report names the file it sits under.
 *
 * Never drops an error or failure line below {@linkcode MAX_ERROR_LINES}
 * distinct ones; past that it says how many more there are (all indexed).
 *
 * @module
 */

import { FailureNotes, sameTest } from "./_failure_notes.ts";
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
/**
 * A status report's field that tells a state, at the start of its line
 * (`kubectl describe`, `systemctl status`, `docker inspect` as text).
 */
const STATE_LINE =
  /^\s*(?:State|Status|Last State|Reason|Exit Code|Exit Status|Restart Count|Restarts|Ready|Result|Phase|Health|Active|Main PID)\s*:\s+\S/;
/** How many lines are looked at for state fields, and how many are shown. */
const MAX_STATE_SCAN = 2000;
const MAX_STATE_LINES = 10;
const HEAD_LINES = 5;
const TAIL_LINES = 10;
const MAX_TEST_NAMES = 40;
/** Distinct places of failing steps shown (`Dockerfile:14`). */
const MAX_LOCATIONS = 6;
/** BuildKit's header over the log of the step that failed: ` > [builder 6/7] RUN npm ci:`. */
const FAILING_STEP = /^ > \[[^\]]+\] .+:$/;
/** A file's name alone on a line: the header of a linter's reports under it. */
const FILE_HEADER =
  /^(?:\.{0,2}\/|\/)?(?:[\w@.+-]+\/)*[\w@+-][\w@.+-]*\.\w{1,6}$/;
/** A report that names only a line and column: it belongs to the file above. */
const AT_POSITION = /^\s+\d+:\d+\s+\S/;
/** A linter's stylish report: position, severity, message, rule. */
const STYLISH = /^\s+(\d+:\d+)\s+(error|warning)\s+(.+?)\s{2,}(\S+)$/;
/** A line that introduces the lines under it (`The conflict is caused by:`). */
const HEADING = /^\s*\S.{0,70}:\s*$/;
/** Lines of an error's explanation block kept, at most. */
const BLOCK_LINES = 4;
/** Summary lines that report no failure (a package or a class that passed). */
const CLEAN_SUMMARY =
  /^ok\s|^(?:\[\w+\]\s*)?Tests run: \d+, Failures: 0, Errors: 0\b|^test result: ok\b/;

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
  const locations = new Map<string, Kept>();
  const summaries = new Map<string, Kept>();
  const tests: string[] = [];
  let errorCount = 0;
  let warningCount = 0;
  let windowEnd = -1;
  let frames = 0;
  let internalFrames = 0;
  // Lines left of the indented block under a heading near an error (its explanation).
  let block = 0;
  let blockIndent = 0;
  let file = "";
  const notes = new FailureNotes();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const signal = lineSignal(line);
    if (signal === "summary") {
      const key = line.trim();
      summaries.delete(key);
      summaries.set(key, { index: i, text: line, count: 1 });
      notes.summary();
      continue;
    }
    if (FILE_HEADER.test(line)) file = line;
    // A `line:col` report is shown under the file it belongs to.
    const text = file && AT_POSITION.test(line) ? atFile(file, line) : line;
    if (signal === "failure" || signal === "error") {
      errorCount++;
      // BuildKit's header of the step that failed says where it failed.
      keep(FAILING_STEP.test(line) ? locations : errors, text, i);
      const name = failedTestName(line);
      if (name) {
        addTestName(tests, name);
        notes.failure(line, name);
      } else notes.line(line);
      windowEnd = i + DETAIL_WINDOW;
      frames = 0;
      block = HEADING.test(line) ? BLOCK_LINES : 0;
      blockIndent = indent(line);
      continue;
    }
    notes.line(line);
    if (signal === "warning") {
      warningCount++;
      keep(warnings, text, i);
      continue;
    }
    if (i > windowEnd) continue;
    const kind = detailKind(line);
    // The block is the indented lines right under its heading: any other line ends it.
    if (!kind && block > 0 && indent(line) > blockIndent) {
      block--;
      if (details.length < MAX_DETAIL_LINES) {
        details.push({ index: i, text: line, count: 1 });
      }
      continue;
    }
    block = !kind && HEADING.test(line) ? BLOCK_LINES : 0;
    blockIndent = indent(line);
    if (kind === "location") keep(locations, line, i);
    else if (details.length < MAX_DETAIL_LINES) {
      if (kind === "internal-frame") internalFrames++;
      else if (kind === "frame" && frames++ >= FRAMES_PER_FAILURE) {
        internalFrames++;
      } else if (kind) details.push({ index: i, text: line, count: 1 });
    }
  }

  const shownErrors = [...errors.values()].slice(0, MAX_ERROR_LINES);
  const shownWarnings = [...warnings.values()].slice(0, MAX_WARNING_LINES);
  const important = [...shownErrors, ...details].sort((a, b) =>
    a.index - b.index
  );
  // Summary lines that report no failure are counted, all but the last.
  const allSummaries = [...summaries.values()];
  const summaryLines = allSummaries.filter((k, n) =>
    n === allSummaries.length - 1 || !CLEAN_SUMMARY.test(k.text.trim())
  ).slice(-MAX_SUMMARY_LINES);
  const cleanSummaries = allSummaries.length - summaryLines.length;
  const shownLocations = [...locations.values()].slice(0, MAX_LOCATIONS);
  const shown = new Set(
    [...important, ...shownWarnings, ...summaryLines, ...shownLocations].map((
      k,
    ) => k.index),
  );

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
  const why = tests.slice(0, MAX_TEST_NAMES).flatMap((name) =>
    notes.of(name).map((message) =>
      `  ${clip(shortName(name), 80)}: ${clip(message)}`
    )
  );
  if (why.length > 0) body.push("Why they failed:", ...why);
  if (locations.size > 0) {
    const more = locations.size - shownLocations.length;
    body.push(
      "Where it failed:",
      ...shownLocations.map((k) => numbered(k, clip)),
      ...(more > 0 ? [`  … ${counted(more, "more place")}`] : []),
    );
  }
  if (summaryLines.length > 0) {
    body.push(
      cleanSummaries > 0
        ? `Summary (${
          counted(cleanSummaries, "more line")
        } without failures not shown):`
        : "Summary:",
      ...summaryLines.map((k) => numbered(k, clip)),
    );
  }
  // A status report's state fields (`Reason: OOMKilled`, `Restart Count: 23`).
  const states = lines.slice(0, MAX_STATE_SCAN).flatMap((text, index) =>
    STATE_LINE.test(text) && !shown.has(index)
      ? [{ index, text, count: 1 }]
      : []
  ).slice(0, MAX_STATE_LINES);
  for (const k of states) shown.add(k.index);
  if (states.length > 0) {
    body.push("State:", ...states.map((k) => numbered(k, clip)));
  }
  if (important.length > 0 || shownWarnings.length > 0) {
    if (important.length > 0) {
      body.push("Errors and failures (line numbers of the output):");
      body.push(...important.map((k) => numbered(k, clip)));
    }
    if (shownWarnings.length > 0) {
      body.push(
        `Warnings (${counted(warningCount, "line")}, ${
          commas(warnings.size)
        } distinct):`,
        ...shownWarnings.map((k) => numbered(k, clip)),
      );
    }
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
  // The tail passes over lines shown above (a last error line must not hide the lines before it) and blank lines.
  for (let i = end - 1; i >= 0 && i >= end - TAIL_LINES * 2; i--) {
    if (tail.length >= TAIL_LINES) break;
    if (!shown.has(i) && lines[i]!.trim() !== "") {
      tail.unshift({ index: i, text: lines[i]!, count: 1 });
    }
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
  const known = tests.findIndex((test) =>
    test === name || sameTest(test, name)
  );
  if (known === -1) tests.push(name);
  else if (name.length > tests[known]!.length) tests[known] = name;
}

/** A `line:col` report under its file, the rule before the message (a long message is cut). */
function atFile(file: string, line: string): string {
  const stylish = line.match(STYLISH);
  if (!stylish) return `${file} ${line.trim().replace(/\s{2,}/g, "  ")}`;
  const [, position, severity, message, rule] = stylish;
  return `${file}:${position} ${severity} ${rule}: ${message}`;
}

/** A test's name without its file or suite (`a.py::Suite::t` is `t`). */
function shortName(name: string): string {
  return name.split(/::| › /).at(-1)!.trim() || name;
}

/** The blanks a line opens with; a blank line is indented by none. */
function indent(line: string): number {
  return line.trim() === "" ? 0 : line.length - line.trimStart().length;
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
