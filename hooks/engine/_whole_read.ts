/**
 * The whole of a file whose read reached the hook cut short: Gemini CLI's
 * `read_file` hands its hook only the first 2,000 lines of a file, so the
 * error at line 5,000 of a log would be neither in the view nor in the index.
 * For a read of the whole file (no range asked for) of a file nobody edits
 * by hand (a log, a data dump, a generated file: `shrinkableRead`, judged by
 * the file's real path), the file is read back from disk, and shrunk and
 * indexed whole in place of the part the agent handed over.
 *
 * Only a regular file whose real path is inside the project, of a bounded
 * size, is ever read: a path outside the project, a link that leads out of
 * it, a FIFO or a device, or a file over {@linkcode WHOLE_READ_MAX_BYTES}
 * leaves the result as the agent gave it.
 *
 * Deno APIs only; no `node:` modules (this is the hook path).
 *
 * @module
 */

import type { ToolCallEvent } from "../../src/routing/types.ts";
import { shrinkableRead } from "../../src/shrink/never_shrink.ts";
import { FULL_OUTPUT_MAX_BYTES } from "./_full_output.ts";

/** The largest file read back whole, in bytes. */
export const WHOLE_READ_MAX_BYTES = FULL_OUTPUT_MAX_BYTES;

/** Input keys by which a read asks for a part of a file: that part is what the agent wants. */
const RANGE_KEYS = [
  "offset",
  "limit",
  "start_line",
  "end_line",
  "startLine",
  "endLine",
  "StartLine",
  "EndLine",
  "line_offset",
  "n_lines",
  "pages",
] as const;

/**
 * Reads back the whole file a read tool handed over only in part.
 *
 * @param call The read that ran, its output as the agent gave it.
 * @param givenBytes The size of that output.
 * @returns The file's text; undefined when the call is not a whole read of a
 *   file that is not meant to be edited, when the file is no larger than what
 *   was given, or when it is not a regular UTF-8 file inside the project of at
 *   most {@linkcode WHOLE_READ_MAX_BYTES}.
 */
export function readWholeFile(
  call: ToolCallEvent,
  givenBytes: number,
): string | undefined {
  const path = call.input.path;
  if (call.toolKind !== "read" || typeof path !== "string" || path === "") {
    return undefined;
  }
  const input = call.input as Record<string, unknown>;
  if (RANGE_KEYS.some((key) => input[key] !== undefined)) return undefined;
  try {
    const root = Deno.realPathSync(call.projectDir);
    const named = /^(?:\/|[A-Za-z]:[\\/])/.test(path)
      ? path
      : `${root}/${path}`;
    const real = Deno.realPathSync(named);
    if (!real.startsWith(`${root}/`)) return undefined;
    const relative = real.slice(root.length + 1);
    // Stat before opening: opening a FIFO would wait for a writer.
    const info = Deno.statSync(real);
    if (!fits(info, givenBytes) || !shrinkableRead(relative, info.size)) {
      return undefined;
    }
    using file = Deno.openSync(real, { read: true });
    const opened = file.statSync();
    if (!fits(opened, givenBytes)) return undefined;
    const bytes = new Uint8Array(opened.size);
    let filled = 0;
    while (filled < bytes.length) {
      const read = file.readSync(bytes.subarray(filled));
      if (read === null || read === 0) break;
      filled += read;
    }
    const text = new TextDecoder("utf-8", { fatal: true }).decode(
      bytes.subarray(0, filled),
    );
    return shrinkableRead(relative, filled, text.slice(0, 65536))
      ? text
      : undefined;
  } catch {
    return undefined;
  }
}

/** A regular file larger than what was given, and not over the cap. */
function fits(info: Deno.FileInfo, givenBytes: number): boolean {
  return info.isFile && info.size > givenBytes &&
    info.size <= WHOLE_READ_MAX_BYTES;
}
