/**
 * Cuts plain text and logs into chunks: by paragraph where the text has real
 * paragraphs, by overlapping line windows where it does not.
 *
 * Rules:
 * - Manuals (man pages, `--help` output, text with section lines) are cut
 *   by their sections and terms, see {@linkcode chunkManual}.
 * - Otherwise, paragraph mode applies when splitting on blank lines gives at least 2
 *   blocks and at most half of them are "tiny": a single line of fewer than
 *   {@linkcode TINY_BLOCK_CHARS} characters (as in logs or lists padded with
 *   blank lines). Consecutive blocks are packed, joined by a blank line, up to
 *   half the cap; a block between half the cap and the cap stays whole; a
 *   block over the cap goes through {@linkcode splitOversize}. Each chunk is
 *   titled by its first non-blank line, trimmed and cut to 80 characters
 *   (ending in `…` when cut).
 * - Line mode takes windows of up to {@linkcode WINDOW_LINES} lines and at
 *   most the cap, each overlapping the previous by {@linkcode OVERLAP_LINES}
 *   lines (fewer for windows under 12 lines, so each window advances by at
 *   least three quarters of its lines), titled `"lines A–B"` (1-based,
 *   inclusive, with an en dash). A line
 *   over the cap is cut with {@linkcode splitOversize} into chunks titled
 *   `"lines 7–7 (part k/n)"`; windows do not overlap into such a line.
 *   Windows holding only blank lines are dropped.
 * - Line endings are normalised to `\n`.
 *
 * This module is pure: it must never do I/O.
 *
 * @module
 */

import { type Chunk, type ChunkOptions, MAX_CHUNK_BYTES } from "./chunk.ts";
import { chunkManual } from "./chunk_manual.ts";
import {
  assertMaxBytes,
  splitOversize,
  utf8ByteLength,
} from "./split_oversize.ts";

/** A one-line block shorter than this (in UTF-16 code units) counts as tiny. */
export const TINY_BLOCK_CHARS = 80;
/** The most lines a line-mode chunk holds. */
export const WINDOW_LINES = 40;
/** How many lines a line-mode window repeats from the one before. */
export const OVERLAP_LINES = 3;
const TITLE_CHARS = 80;

/**
 * Splits plain text into paragraph chunks or overlapping line windows.
 *
 * @param text The text to split.
 * @param options The size cap; `fallbackTitle` names a manual whose text names none.
 * @returns The chunks in order; none has a blank body or exceeds the cap.
 * @throws {RangeError} When `options.maxBytes` is not an integer of at least 4.
 *
 * @example Title paragraphs by their first line
 * ```ts
 * import assert from "node:assert/strict";
 * import { chunkText } from "./chunk_text.ts";
 *
 * const text = "Installation\nRun the installer and follow the prompts shown.\n\n" +
 *   "Configuration\nEdit the file in your home directory to change defaults.";
 * const chunks = chunkText(text, { maxBytes: 120 });
 * assert.deepEqual(chunks.map((chunk) => chunk.title), [
 *   "Installation",
 *   "Configuration",
 * ]);
 * ```
 */
export function chunkText(text: string, options?: ChunkOptions): Chunk[] {
  const maxBytes = assertMaxBytes(options?.maxBytes ?? MAX_CHUNK_BYTES);
  const normal = text.replace(/\r\n?/g, "\n");
  const blocks = normal.split(/\n(?:[ \t]*\n)+/)
    .map((block) => block.replace(/^(?:[ \t]*\n)+/, "").trimEnd())
    .filter((block) => block.trim() !== "");
  const manual = chunkManual(
    normal,
    maxBytes,
    options?.fallbackTitle ?? "(untitled)",
  );
  if (manual) return manual;
  return hasParagraphs(blocks)
    ? paragraphChunks(blocks, maxBytes)
    : lineChunks(normal, maxBytes, (options?.firstLine ?? 1) - 1);
}

function hasParagraphs(blocks: string[]): boolean {
  if (blocks.length < 2) return false;
  const tiny =
    blocks.filter((block) =>
      !block.includes("\n") && block.trim().length < TINY_BLOCK_CHARS
    ).length;
  return tiny * 2 <= blocks.length;
}

function paragraphChunks(blocks: string[], maxBytes: number): Chunk[] {
  const target = Math.max(1, Math.floor(maxBytes / 2));
  const bodies: string[] = [];
  let current = "";
  let currentBytes = 0;
  const flush = (): void => {
    if (current !== "") bodies.push(current);
    current = "";
    currentBytes = 0;
  };
  for (const block of blocks) {
    const bytes = utf8ByteLength(block);
    if (bytes > maxBytes) {
      flush();
      for (const piece of splitOversize(block, maxBytes)) {
        const body = piece.replace(/^(?:[ \t]*\n)+/, "").trimEnd();
        if (body.trim() !== "") bodies.push(body);
      }
      continue;
    }
    const joined = current === "" ? bytes : currentBytes + 2 + bytes;
    if (joined > target && current !== "") {
      flush();
      current = block;
      currentBytes = bytes;
    } else {
      current = current === "" ? block : `${current}\n\n${block}`;
      currentBytes = joined;
    }
  }
  flush();
  return bodies.map((body) => ({ title: firstLineTitle(body), body }));
}

/** The first non-blank line, trimmed and cut to 80 characters; bodies always have one. */
function firstLineTitle(body: string): string {
  const line = body.split("\n").find((candidate) => candidate.trim() !== "")
    ?.trim() ?? "";
  const chars = [...line];
  return chars.length > TITLE_CHARS
    ? chars.slice(0, TITLE_CHARS - 1).join("") + "…"
    : line;
}

function lineChunks(text: string, maxBytes: number, offset: number): Chunk[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const sizes = lines.map(utf8ByteLength);
  const chunks: Chunk[] = [];
  let start = 0;
  while (start < lines.length) {
    if ((sizes[start] ?? 0) > maxBytes) {
      const line = lines[start] ?? "";
      const pieces = splitOversize(line, maxBytes).filter((piece) =>
        piece.trim() !== ""
      );
      pieces.forEach((body, index) => {
        const range = `lines ${offset + start + 1}–${offset + start + 1}`;
        chunks.push({
          title: pieces.length === 1
            ? range
            : `${range} (part ${index + 1}/${pieces.length})`,
          body,
        });
      });
      start += 1;
      continue;
    }
    const end = windowEnd(sizes, start, maxBytes);
    const body = lines.slice(start, end).join("\n");
    if (body.trim() !== "") {
      chunks.push({
        title: `lines ${offset + start + 1}–${offset + end}`,
        body,
      });
    }
    if (end >= lines.length) break;
    // Short windows overlap less, so every window advances by at least three
    // quarters of its lines; and none overlaps unless it reaches past this one.
    const overlap = Math.min(OVERLAP_LINES, Math.floor((end - start) / 4));
    const overlapped = end - overlap;
    start = overlap > 0 && windowEnd(sizes, overlapped, maxBytes) > end
      ? overlapped
      : end;
  }
  return chunks;
}

/** The exclusive end of the window starting at `start` (whose line fits the cap). */
function windowEnd(sizes: number[], start: number, maxBytes: number): number {
  let end = start;
  let bytes = 0;
  while (end < sizes.length && end - start < WINDOW_LINES) {
    const size = sizes[end] ?? 0;
    const joined = end === start ? size : bytes + 1 + size;
    if (joined > maxBytes) break;
    bytes = joined;
    end++;
  }
  return end;
}
