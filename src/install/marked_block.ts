/**
 * A block of lines that ctx-mode owns inside someone else's text file,
 * between a begin and an end marker line: added at the end of the file,
 * replaced in place, removed with exactly the bytes it added (so that
 * install then uninstall gives the file back byte for byte).
 *
 * Works on text; never touches the disk.
 *
 * @module
 */

/** The marker lines of one comment syntax. */
export interface Markers {
  /** The begin line. */
  begin: string;
  /** The begin line used when the file did not end with a newline (one was added before it). */
  beginJoined: string;
  /** The end line. */
  end: string;
}

/** Markers for Markdown (HTML comments, invisible when rendered). */
export const MARKDOWN_MARKERS: Markers = {
  begin: "<!-- ctx-mode:begin -->",
  beginJoined: "<!-- ctx-mode:begin (newline added) -->",
  end: "<!-- ctx-mode:end -->",
};

/** Markers for TOML and YAML (`#` comments). */
export const HASH_MARKERS: Markers = {
  begin: "# ctx-mode:begin (written by `ctx-mode install`)",
  beginJoined:
    "# ctx-mode:begin (written by `ctx-mode install`; newline added)",
  end: "# ctx-mode:end",
};

/** Where the block is: offsets of its first byte and past its last. */
export interface BlockSpan {
  /** Offset of the begin line (or of the newline added before it). */
  start: number;
  /** Offset past the end line's line end. */
  end: number;
  /** Offset of the body (past the begin line). */
  bodyStart: number;
  /** The block's body, between the marker lines. */
  body: string;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Finds the block.
 *
 * @param text The file's text.
 * @param markers The marker lines.
 * @returns The block's span, or undefined when there is none.
 * @throws {SyntaxError} When a begin marker has no end marker.
 */
export function findBlock(
  text: string,
  markers: Markers,
  file = "the file",
): BlockSpan | undefined {
  const begin = new RegExp(
    `^(${escape(markers.beginJoined)}|${escape(markers.begin)})\\r?$`,
    "m",
  );
  const found = begin.exec(text);
  if (!found) return undefined;
  const end = new RegExp(`^${escape(markers.end)}(\\r?\\n|$)`, "m");
  const after = text.slice(found.index);
  const endMatch = end.exec(after);
  if (!endMatch) {
    throw new SyntaxError(
      `Cannot read "${file}": the ctx-mode block at line ${
        text.slice(0, found.index).split("\n").length
      } has no end marker`,
    );
  }
  const bodyStart = text.indexOf("\n", found.index) + 1;
  const joined = found[1] === markers.beginJoined;
  const start = joined && text[found.index - 1] === "\n"
    ? found.index - (text[found.index - 2] === "\r" ? 2 : 1)
    : found.index;
  return {
    start,
    end: found.index + endMatch.index + endMatch[0].length,
    bodyStart,
    body: text.slice(bodyStart, found.index + endMatch.index),
  };
}

/**
 * The text with ctx-mode's block set to `body` (added at the end when absent).
 *
 * @param text The file's text ("" for a new file).
 * @param body The block's lines, each ending with a newline.
 * @param markers The marker lines.
 * @returns The new text.
 */
export function setBlock(
  text: string,
  body: string,
  markers: Markers,
  file?: string,
): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = body.replace(/\r?\n/g, eol);
  const span = findBlock(text, markers, file);
  if (span) {
    if (span.body === lines) return text;
    const head = text.slice(span.start, span.bodyStart);
    return `${text.slice(0, span.start)}${head}${lines}${markers.end}${eol}${
      text.slice(span.end)
    }`;
  }
  if (text === "" || text.endsWith("\n")) {
    return `${text}${markers.begin}${eol}${lines}${markers.end}${eol}`;
  }
  return `${text}${eol}${markers.beginJoined}${eol}${lines}${markers.end}${eol}`;
}

/**
 * The text without ctx-mode's block (and without the newline it added).
 *
 * @param text The file's text.
 * @param markers The marker lines.
 * @returns The new text.
 */
export function removeBlock(
  text: string,
  markers: Markers,
  file?: string,
): string {
  const span = findBlock(text, markers, file);
  return span ? text.slice(0, span.start) + text.slice(span.end) : text;
}
