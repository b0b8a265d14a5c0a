/**
 * Reading a file to index, safely: only a regular file, never one under
 * `/proc`, `/sys` or `/dev`, optionally only one whose real path lies inside
 * a folder, and never more than a byte cap — counted as bytes read, since
 * `stat` sizes lie (`/proc/self/pagemap` says 0 and holds terabytes).
 *
 * The file is opened without following a final link and without blocking
 * (a FIFO swapped in after the checks cannot hang the reader), and checked
 * again once open: a link swapped in during the read is caught by comparing
 * the opened file with what the path leads to afterwards. A hard link to an
 * outside file cannot be told apart from a file of the folder.
 *
 * Outcomes are values. This module never writes.
 *
 * @module
 */

import { constants, open } from "node:fs/promises";
import { isAbsolute, relative, sep } from "node:path";

/** What a bounded read gave: the bytes, or why there are none. */
export type BoundedRead =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: string };

/** Folders of kernel and device files, which are never indexed. */
const KERNEL_ROOTS: readonly string[] = ["/proc", "/sys", "/dev"];

const CHUNK_BYTES = 64 * 1024;

/**
 * The kernel or device folder a path lies in, if any.
 *
 * @param real A real (link-free) absolute path.
 * @returns `/proc`, `/sys` or `/dev`, or `undefined`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kernelRoot } from "./read_bounded.ts";
 * assert.equal(kernelRoot("/proc/self/pagemap"), "/proc");
 * assert.equal(kernelRoot("/processes/notes.md"), undefined);
 * ```
 */
export function kernelRoot(real: string): string | undefined {
  if (Deno.build.os === "windows") return undefined;
  return KERNEL_ROOTS.find((root) =>
    real === root || real.startsWith(`${root}/`)
  );
}

/**
 * Whether `path` lies inside `folder` (or is it).
 *
 * @param path An absolute path.
 * @param folder An absolute folder.
 * @returns `true` when `path` does not lead out of `folder`.
 */
export function isWithin(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" ||
    (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * Reads at most `maxBytes` of a regular file.
 *
 * @param path The file (a link is resolved, then judged by where it leads).
 * @param options The byte cap, and the folder the file must lie in.
 * @returns The bytes, or a one-line reason (`over the cap`, `not a regular file`, `outside …`).
 */
export async function readFileBounded(
  path: string,
  options: {
    /** The most bytes to accept; a file with more is refused. */
    maxBytes: number;
    /** The folder (real path) the file's real path must lie in. @default {undefined} */
    within?: string | undefined;
  },
): Promise<BoundedRead> {
  const before = await judgePath(path, options.within);
  if (typeof before === "string") return { ok: false, reason: before };
  let handle;
  try {
    handle = await open(
      before.real,
      constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) |
        (constants.O_NOFOLLOW ?? 0),
    );
  } catch (error) {
    return { ok: false, reason: `unreadable (${firstLine(error)})` };
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) {
      return {
        ok: false,
        reason: "not a regular file (a FIFO, socket or device)",
      };
    }
    const after = await judgePath(path, options.within);
    if (typeof after === "string") return { ok: false, reason: after };
    if (after.dev !== opened.dev || after.ino !== opened.ino) {
      return { ok: false, reason: "the file changed while it was opened" };
    }
    return await readUpTo(handle, options.maxBytes);
  } catch (error) {
    return { ok: false, reason: `unreadable (${firstLine(error)})` };
  } finally {
    await handle.close();
  }
}

/** The real path and identity of a regular file that may be read, or why not. */
async function judgePath(
  path: string,
  within: string | undefined,
): Promise<{ real: string; dev: number; ino: number } | string> {
  let real: string;
  let info: Deno.FileInfo;
  try {
    real = await Deno.realPath(path);
    info = await Deno.lstat(real);
  } catch (error) {
    return error instanceof Deno.errors.NotFound
      ? "no such file"
      : `unreadable (${firstLine(error)})`;
  }
  const kernel = kernelRoot(real);
  if (kernel !== undefined) {
    return `"${real}" is a kernel or device file (under ${kernel}), never indexed`;
  }
  if (within !== undefined && !isWithin(real, within)) {
    return `its real path "${real}" is outside the project`;
  }
  if (!info.isFile) return "not a regular file (a FIFO, socket or device)";
  return { real, dev: info.dev, ino: info.ino ?? 0 };
}

async function readUpTo(
  handle: Awaited<ReturnType<typeof open>>,
  maxBytes: number,
): Promise<BoundedRead> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    // One byte past the cap tells a file of exactly the cap from a longer one.
    const want = Math.min(CHUNK_BYTES, maxBytes + 1 - total);
    const buffer = new Uint8Array(want);
    const { bytesRead } = await handle.read(buffer, 0, want, null);
    if (bytesRead === 0) break;
    parts.push(buffer.subarray(0, bytesRead));
    total += bytesRead;
    if (total > maxBytes) {
      return {
        ok: false,
        reason: `over the ${
          formatBinaryBytes(maxBytes)
        } size cap (more was read)`,
      };
    }
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return { ok: true, bytes };
}

const UNITS = ["KiB", "MiB", "GiB", "TiB"] as const;

/**
 * A size in binary units, as size caps are given (`--max-file-mb` is MiB).
 *
 * @param bytes A byte count.
 * @returns `512 B`, `1.5 KiB`, `7.2 MiB`: one decimal at most, none when whole.
 */
export function formatBinaryBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes;
  let unit: string = "B";
  for (const next of UNITS) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return `${Math.round(value * 10) / 10} ${unit}`;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n", 1)[0] ?? message;
}
