/**
 * The digest of a program's large output for the sandbox tools, made by the
 * view that fits its kind: logs as their levels, time span and distinct
 * errors with counts; HTML and Markdown pages as their title and outline; JSON as its
 * shape; `git log` as its commits, authors and files; listings as their
 * counts per folder and extension; anything else (test runs, builds, a
 * program's progress) as its failures, errors, warnings and summary lines
 * with its head and tail. The digest is bounded in bytes, cut at whole lines.
 *
 * Pure string work.
 *
 * @module
 */

import { jsonView } from "./_json_view.ts";
import { gitLogView, looksLikeGitLog } from "./_git_log_view.ts";
import {
  listingShape,
  listingView,
  rowsOpenWithDates,
} from "./_listing_view.ts";
import { logView, looksLikeLog } from "./_log_view.ts";
import { looksLikeHtml, pageView } from "./_page_view.ts";
import { shellView } from "./_shell_view.ts";
import { lineSignal } from "./_signal_lines.ts";
import { splitLines } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";
import { utf8ByteLength } from "../store/split_oversize.ts";
import { detectKind } from "../store/detect_kind.ts";

/** How much of an output is read to tell whether it is Markdown. */
const MARKDOWN_SNIFF_CHARS = 65_536;
/** Lines of a digest are cut to this many characters. */
const DIGEST_LINE_CHARS = 160;

/**
 * The digest of `output`, or undefined when it is empty.
 *
 * @param output The whole output.
 * @param maxBytes The digest's size bound. @default {1200}
 * @param scrub Scrubs secrets from a line before it is cut. @default {no scrubbing}
 * @returns The digest's lines.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { outputDigest } from "./output_digest.ts";
 * const log = Array.from({ length: 40 }, (_, i) =>
 *   `2026-01-01T00:00:${String(i).padStart(2, "0")}Z ${i % 10 ? "INFO ok" : "ERROR disk full"}`
 * ).join("\n");
 * const digest = outputDigest(log)!.join("\n");
 * assert.match(digest, /ERROR disk full/);
 * assert.match(digest, /×4/);
 * ```
 */
export function outputDigest(
  output: string,
  maxBytes = 1200,
  scrub: (text: string) => string = (text) => text,
): string[] | undefined {
  const lines = splitLines(output);
  const input = {
    text: output,
    lines,
    subject: "",
    clip: (line: string, max = DIGEST_LINE_CHARS) =>
      line.length <= Math.min(max, DIGEST_LINE_CHARS)
        ? scrub(line)
        : `${
          scrub(line.slice(0, Math.min(max, DIGEST_LINE_CHARS) + 4096))
            .slice(0, Math.min(max, DIGEST_LINE_CHARS))
        }…`,
  };
  if (output.trim() === "") return undefined;
  // Every kept line is scrubbed again: a view may build lines that did not pass through clip.
  return fitted(viewOf(input).body, maxBytes).map(scrub);
}

/** A line of the output as a view shows it: `  321: text`. */
const NUMBERED = /^\s+\d+: /;
/** A view's line that counts what it left out (`  … 24 stack frames not shown`). */
const MARK = /^\s*… /;
/** Sections of the output's own first and last lines: context, given what is left. */
const CONTEXT_HEADING = /^(?:First|Last) lines:$/;
/** How many deeper lines under a section's first line come with it. */
const DETAIL_LINES = 2;

/**
 * A view's lines within `maxBytes`. A line at the margin that does not end
 * in a colon is a section of its own (`Failed tests (3): …`) and comes
 * first, in the view's order; a heading that ends in a colon opens a section
 * of the indented lines under it (the output's numbered lines among them,
 * whatever they end in) and is shown only with one of them. Of what the view
 * found, every section's first line (with up to two lines set deeper under
 * it, its detail), then its last (where a summary or the
 * final error sits), then the rest in the view's order (what a view puts
 * first matters most); the output's own first and last lines get what is
 * left, in the same order. A cut section says once how many lines it left
 * out.
 */
function fitted(body: readonly string[], maxBytes: number): string[] {
  const size = (line: string) => utf8ByteLength(line) + 1;
  if (body.reduce((sum, line) => sum + size(line), 0) <= maxBytes) {
    return [...body];
  }
  const sections: Array<{ heading: string; lines: string[] }> = [];
  for (const line of body) {
    // A line of the output, numbered, is never a heading, whatever it ends in.
    const under = /^\s/.test(line) && (!/:$/.test(line) || NUMBERED.test(line));
    if (under && sections.length > 0) {
      sections.at(-1)!.lines.push(line);
    } else sections.push({ heading: line, lines: [] });
  }
  const marker = (n: number) => `  … ${n} more`;
  const leftOut = (n: number) => `… ${n} more sections`;
  // The line that says how many sections were left out is paid up front.
  const budget = maxBytes - size(leftOut(sections.length));
  let used = 0;
  const opened = new Set<number>();
  const picked = sections.map(() => new Set<number>());
  const take = (s: number, index: number) => {
    const section = sections[s]!;
    const line = section.lines[index];
    if (line === undefined || picked[s]!.has(index)) return;
    // A section's heading and its cut marker are paid with its first line shown.
    const cost = size(line) + (opened.has(s) ? 0 : size(section.heading) +
      (section.lines.length > 1 ? size(marker(section.lines.length)) : 0));
    if (used + cost > budget) return;
    opened.add(s);
    picked[s]!.add(index);
    used += cost;
  };
  for (const [s, section] of sections.entries()) {
    if (section.lines.length > 0) continue;
    const cost = size(section.heading);
    if (used > 0 && used + cost > budget) continue;
    opened.add(s);
    used += cost;
  }
  const found = [...sections.keys()].filter((s) =>
    !CONTEXT_HEADING.test(sections[s]!.heading)
  );
  const context = [...sections.keys()].filter((s) =>
    CONTEXT_HEADING.test(sections[s]!.heading)
  );
  const indent = (line: string) => line.length - line.trimStart().length;
  for (const group of [found, context]) {
    for (const s of group) {
      take(s, 0);
      // In what the view found, the lines set deeper under the first belong
      // to it (`Blocked: SHOP-1231`); the output's own lines are only lines.
      const lines = group === found ? sections[s]!.lines : [];
      for (
        let i = 1;
        i <= DETAIL_LINES && i < lines.length &&
        indent(lines[i]!) > indent(lines[0]!);
        i++
      ) take(s, i);
    }
    // A view's own `… N more` line is not the last line that matters.
    for (const s of group) {
      take(s, sections[s]!.lines.findLastIndex((line) => !MARK.test(line)));
    }
    for (const s of group) {
      for (let i = 1; i < sections[s]!.lines.length - 1; i++) take(s, i);
    }
  }
  const kept: string[] = [];
  for (const [s, section] of sections.entries()) {
    if (!opened.has(s)) continue;
    kept.push(section.heading);
    const shown = picked[s]!;
    const hidden = section.lines.length - shown.size;
    let marked = false;
    for (const [i, line] of section.lines.entries()) {
      if (shown.has(i)) kept.push(line);
      else if (!marked) {
        kept.push(marker(hidden));
        marked = true;
      }
    }
  }
  const left = sections.length - opened.size;
  if (left > 0) kept.push(leftOut(left));
  return kept;
}

/** The view that fits the output's kind. */
function viewOf(input: ViewInput): View {
  const { lines } = input;
  const json = parsedJson(input.text);
  if (json) return jsonView(json.value, input);
  if (looksLikeHtml(input.text)) return pageView(input, true);
  if (looksLikeGitLog(lines)) return gitLogView(input);
  // A listing whose rows open with their date (`aws s3 ls`) is not a log.
  if (rowsOpenWithDates(lines)) return listingView(input, "paths");
  // A test run or build that logs as it goes is read for its failures, not as a log.
  if (
    looksLikeLog(lines) &&
    !lines.slice(-40).some((line) => lineSignal(line) === "summary")
  ) {
    return logView(input);
  }
  const listing = listingShape(lines);
  if (listing) return listingView(input, listing);
  if (isMarkdownDocument(input)) return pageView(input, false);
  return shellView(input);
}

/**
 * Whether a program's output is a Markdown document (`cat README.md`, a
 * generated report): it opens with a heading, reads as Markdown, and no
 * line of it says that something failed (a run that prints headings
 * between its steps is read for its failures).
 */
function isMarkdownDocument(input: ViewInput): boolean {
  const first = input.lines.find((line) => line.trim() !== "");
  if (first === undefined || !/^#{1,2} \S/.test(first)) return false;
  if (input.lines.some((line) => lineSignal(line) === "failure")) return false;
  return detectKind("", input.text.slice(0, MARKDOWN_SNIFF_CHARS)) ===
    "markdown";
}

function parsedJson(text: string): { value: unknown } | undefined {
  if (!/^\s*[{[]/.test(text.slice(0, 64))) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
