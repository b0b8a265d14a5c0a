/**
 * The bodies of one Markdown section: the whole section when it fits the
 * cap, else its paragraphs packed up to the cap, with oversized fenced blocks
 * cut on line boundaries and re-wrapped in their fences (rules in
 * `chunk_markdown.ts`); and the fence recognition both modules share.
 *
 * Pure: no I/O.
 *
 * @module
 */

import { splitOversize, utf8ByteLength } from "./split_oversize.ts";

/** Fenced pieces smaller than this inside their fences are not worth re-wrapping. */
const MIN_FENCE_INNER_BYTES = 32;

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
/** A line holding only spaces and tabs. */
export const BLANK = /^[ \t]*$/;

/** An open fence: its character and run length decide which line closes it. */
export interface Fence {
  char: string;
  length: number;
}

/** The fence a line opens, if it opens one. */
export function opensFence(line: string): Fence | undefined {
  const match = FENCE_OPEN.exec(line);
  const run = match?.[2];
  if (run === undefined) return undefined;
  const char = run[0] ?? "`";
  // A backtick fence's info string may not hold a backtick (CommonMark 4.5).
  if (char === "`" && (match?.[3] ?? "").includes("`")) return undefined;
  return { char, length: run.length };
}

/** Whether a line closes the open fence. */
export function closesFence(line: string, fence: Fence): boolean {
  const run = FENCE_CLOSE.exec(line)?.[1];
  return run !== undefined && run[0] === fence.char &&
    run.length >= fence.length;
}

/** A piece of a section to pack, with the separator it needs after a previous piece. */
interface Unit {
  text: string;
  separator: string;
}

/**
 * The bodies of a section: its heading line and lines, whole when they fit
 * `maxBytes`, else packed paragraphs each repeating a short heading.
 */
export function sectionBodies(
  heading: string | undefined,
  body: readonly string[],
  maxBytes: number,
): string[] {
  const whole = tidy(
    [
      ...(heading === undefined ? [] : [heading]),
      ...body,
    ]
      .join("\n"),
  );
  if (utf8ByteLength(whole) <= maxBytes) return [whole];

  const prefix = heading === undefined ? "" : `${heading}\n\n`;
  if (heading !== undefined && utf8ByteLength(prefix) <= maxBytes / 4) {
    const budget = maxBytes - utf8ByteLength(prefix);
    return pack(blockUnits(body, budget), budget)
      .map((piece) => prefix + piece);
  }
  const lines = heading === undefined ? body : [heading, "", ...body];
  return pack(blockUnits(lines, maxBytes), maxBytes);
}

/** Drops leading blank lines and trailing whitespace; keeps indentation. */
function tidy(text: string): string {
  return text.replace(/^(?:[ \t]*\n)+/, "").trimEnd();
}

/** A run of plain lines, or one fenced block with its fence lines. */
type Segment =
  | { kind: "text"; lines: string[] }
  | { kind: "fence"; open: string; inner: string[]; close: string | undefined };

/** Cuts lines into paragraphs (blank-line separated) made of segments. */
function paragraphs(lines: readonly string[]): Segment[][] {
  const blocks: Segment[][] = [];
  let block: Segment[] = [];
  let fenceSegment: Extract<Segment, { kind: "fence" }> | undefined;
  let fence: Fence | undefined;
  for (const line of lines) {
    if (fence !== undefined && fenceSegment !== undefined) {
      if (closesFence(line, fence)) {
        fenceSegment.close = line;
        fence = undefined;
        fenceSegment = undefined;
      } else {
        fenceSegment.inner.push(line);
      }
      continue;
    }
    if (BLANK.test(line)) {
      if (block.length > 0) blocks.push(block);
      block = [];
      continue;
    }
    fence = opensFence(line);
    if (fence !== undefined) {
      fenceSegment = { kind: "fence", open: line, inner: [], close: undefined };
      block.push(fenceSegment);
      continue;
    }
    const last = block.at(-1);
    if (last?.kind === "text") last.lines.push(line);
    else block.push({ kind: "text", lines: [line] });
  }
  if (block.length > 0) blocks.push(block);
  return blocks;
}

function segmentText(segment: Segment): string {
  if (segment.kind === "text") return segment.lines.join("\n");
  return [
    segment.open,
    ...segment.inner,
    ...(segment.close === undefined ? [] : [segment.close]),
  ]
    .join("\n");
}

/** Turns lines into units that each fit `budget`, cutting only what must be cut. */
function blockUnits(lines: readonly string[], budget: number): Unit[] {
  const units: Unit[] = [];
  for (const block of paragraphs(lines)) {
    const whole = block.map(segmentText).join("\n");
    if (utf8ByteLength(whole) <= budget) {
      units.push({ text: whole, separator: "\n\n" });
      continue;
    }
    block.forEach((segment, index) => {
      const separator = index === 0 ? "\n\n" : "\n";
      const text = segmentText(segment);
      if (utf8ByteLength(text) <= budget) {
        units.push({ text, separator });
      } else if (segment.kind === "fence") {
        const pieces = splitFence(segment, budget);
        pieces.forEach((piece, i) =>
          units.push({ text: piece, separator: i === 0 ? separator : "\n" })
        );
      } else {
        splitOversize(text, budget).forEach((piece, i) =>
          units.push({ text: piece, separator: i === 0 ? separator : "" })
        );
      }
    });
  }
  return units;
}

/** Splits one oversized fenced block on line boundaries, re-wrapping each piece. */
function splitFence(
  segment: Extract<Segment, { kind: "fence" }>,
  budget: number,
): string[] {
  const fence = opensFence(segment.open);
  const indent = /^ */.exec(segment.open)?.[0] ?? "";
  const close = segment.close ??
    `${indent}${(fence?.char ?? "`").repeat(fence?.length ?? 3)}`;
  const innerBudget = budget - utf8ByteLength(segment.open) -
    utf8ByteLength(close) - 2;
  if (innerBudget < MIN_FENCE_INNER_BYTES) {
    return splitOversize(segmentText(segment), budget);
  }
  const groups: string[] = [];
  let group: string[] = [];
  let groupBytes = 0;
  const flush = (): void => {
    if (group.length > 0) groups.push(group.join("\n"));
    group = [];
    groupBytes = 0;
  };
  for (const line of segment.inner) {
    const bytes = utf8ByteLength(line);
    if (bytes > innerBudget) {
      flush();
      groups.push(...splitOversize(line, innerBudget));
      continue;
    }
    const added = group.length === 0 ? bytes : groupBytes + 1 + bytes;
    if (added > innerBudget) {
      flush();
      group = [line];
      groupBytes = bytes;
    } else {
      group.push(line);
      groupBytes = added;
    }
  }
  flush();
  return groups.map((inner) => `${segment.open}\n${inner}\n${close}`);
}

/** Packs consecutive units into pieces of at most `budget` bytes. */
function pack(units: Unit[], budget: number): string[] {
  const pieces: string[] = [];
  let current = "";
  let currentBytes = 0;
  const flush = (): void => {
    const piece = tidy(current);
    if (piece !== "") pieces.push(piece);
    current = "";
    currentBytes = 0;
  };
  for (const unit of units) {
    if (unit.text.trim() === "") continue;
    const bytes = utf8ByteLength(unit.text);
    if (current === "") {
      current = unit.text;
      currentBytes = bytes;
      continue;
    }
    const joined = currentBytes + utf8ByteLength(unit.separator) + bytes;
    if (joined <= budget) {
      current += unit.separator + unit.text;
      currentBytes = joined;
    } else {
      flush();
      current = unit.text;
      currentBytes = bytes;
    }
  }
  flush();
  return pieces;
}
