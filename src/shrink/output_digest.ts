/**
 * The digest of a program's large output for the sandbox tools: logs as
 * their levels, time span and distinct errors with counts; HTML pages as
 * their title and outline. Other kinds have no digest (their head and tail
 * serve better). The digest is bounded in bytes, cut at whole lines.
 *
 * Pure string work.
 *
 * @module
 */

import { logView, looksLikeLog } from "./_log_view.ts";
import { looksLikeHtml, pageView } from "./_page_view.ts";
import { splitLines } from "./_text.ts";
import { utf8ByteLength } from "../store/split_oversize.ts";

/** Lines of a digest are cut to this many characters. */
const DIGEST_LINE_CHARS = 160;

/**
 * The digest of `output`, or undefined when it is neither a log nor an HTML
 * page.
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
  const view = looksLikeHtml(output)
    ? pageView(input, true)
    : looksLikeLog(lines)
    ? logView(input)
    : undefined;
  if (!view) return undefined;
  const kept: string[] = [];
  let used = 0;
  for (const [i, line] of view.body.entries()) {
    const size = utf8ByteLength(line) + 1;
    if (used + size > maxBytes && kept.length > 0) {
      kept.push(`… ${view.body.length - i} more digest lines (all indexed)`);
      break;
    }
    kept.push(line);
    used += size;
  }
  return kept;
}
