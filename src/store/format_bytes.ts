/**
 * Byte counts for people: `812 B`, `4.2 KB`, `3.5 MB`.
 *
 * @module
 */

/**
 * Formats a byte count with one decimal in the largest fitting unit.
 *
 * @param bytes A byte count.
 * @returns The count as text.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatBytes } from "./format_bytes.ts";
 * assert.equal(formatBytes(812), "812 B");
 * assert.equal(formatBytes(4300), "4.2 KB");
 * ```
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
