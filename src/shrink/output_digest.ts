/**
 * The digest of a program's large output for the sandbox tools, made by the
 * view that fits its kind: logs as their levels, time span and distinct
 * errors with counts; HTML pages as their title and outline; JSON as its
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
import { listingShape, listingView } from "./_listing_view.ts";
import { logView, looksLikeLog } from "./_log_view.ts";
import { looksLikeHtml, pageView } from "./_page_view.ts";
import { shellView } from "./_shell_view.ts";
import { lineSignal } from "./_signal_lines.ts";
import { splitLines } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";
import { utf8ByteLength } from "../store/split_oversize.ts";

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

/**
 * A view's lines within `maxBytes`, every section given its share: each
 * section (a line at the margin or one that ends in a colon, and the
 * indented lines under it) keeps its heading, its first line and its last
 * line (where a tail or a summary sits); the lines left are taken section by
 * section in the view's order (what a view puts first matters most) while
 * they fit. A cut section says how many lines it left out.
 */
function fitted(body: readonly string[], maxBytes: number): string[] {
  const size = (line: string) => utf8ByteLength(line) + 1;
  if (body.reduce((sum, line) => sum + size(line), 0) <= maxBytes) {
    return [...body];
  }
  const sections: Array<{ heading: string; lines: string[] }> = [];
  for (const line of body) {
    if (/^\s/.test(line) && !/:$/.test(line) && sections.length > 0) {
      sections.at(-1)!.lines.push(line);
    } else sections.push({ heading: line, lines: [] });
  }
  // The cut marker of a section is counted up front, so that it always fits.
  const MARK = 24;
  let used = 0;
  const headed = sections.filter((section) => {
    const cost = size(section.heading) + (section.lines.length > 0 ? MARK : 0);
    if (used > 0 && used + cost > maxBytes) return false;
    used += cost;
    return true;
  });
  const picked = headed.map(() => new Set<number>());
  const take = (s: number, index: number) => {
    const line = headed[s]!.lines[index];
    if (line === undefined || picked[s]!.has(index)) return;
    const cost = size(line);
    if (used + cost > maxBytes) return;
    picked[s]!.add(index);
    used += cost;
  };
  // Every section's first line, then its last (where a tail or a summary sits).
  for (const s of headed.keys()) take(s, 0);
  for (const s of headed.keys()) take(s, headed[s]!.lines.length - 1);
  // Then the earlier sections (what a view puts first matters most) in order.
  for (const [s, section] of headed.entries()) {
    for (let i = 1; i < section.lines.length - 1; i++) take(s, i);
  }
  const kept: string[] = [];
  for (const [s, section] of headed.entries()) {
    kept.push(section.heading);
    let skipped = 0;
    for (const [i, line] of section.lines.entries()) {
      if (!picked[s]!.has(i)) {
        skipped++;
        continue;
      }
      if (skipped > 0) kept.push(`  … ${skipped} more`);
      skipped = 0;
      kept.push(line);
    }
    if (skipped > 0) kept.push(`  … ${skipped} more`);
  }
  const left = sections.length - headed.length;
  if (left > 0) kept.push(`… ${left} more digest sections (all indexed)`);
  return kept;
}

/** The view that fits the output's kind. */
function viewOf(input: ViewInput): View {
  const { lines } = input;
  const json = parsedJson(input.text);
  if (json) return jsonView(json.value, input);
  if (looksLikeHtml(input.text)) return pageView(input, true);
  if (looksLikeGitLog(lines)) return gitLogView(input);
  // A test run or build that logs as it goes is read for its failures, not as a log.
  if (
    looksLikeLog(lines) &&
    !lines.slice(-40).some((line) => lineSignal(line) === "summary")
  ) {
    return logView(input);
  }
  const listing = listingShape(lines);
  if (listing) return listingView(input, listing);
  return shellView(input);
}

function parsedJson(text: string): { value: unknown } | undefined {
  if (!/^\s*[{[]/.test(text.slice(0, 64))) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
