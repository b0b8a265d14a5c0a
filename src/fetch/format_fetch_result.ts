/**
 * The text an agent or a terminal gets for one fetch: a receipt line and the
 * page's outline, never the page.
 *
 * @module
 */

import type { FetchResult } from "./fetch_and_index.ts";
import { formatBytes } from "../store/format_bytes.ts";
import { scrubbedNote } from "../store/scrub_secrets.ts";

/**
 * A result as text for an agent or a terminal: one receipt line and the
 * outline, or the error line.
 *
 * @param result A result of {@linkcode fetchAndIndex}.
 * @param options How the receipt names a fresh fetch: the MCP tool's
 *   `force: true`, or the CLI's `--force`.
 * @returns The text; it never contains the page.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatFetchResult } from "./format_fetch_result.ts";
 *
 * assert.equal(
 *   formatFetchResult({ ok: false, url: "http://x.test/", error: 'Cannot fetch "http://x.test/": HTTP 404 Not Found' }),
 *   'Cannot fetch "http://x.test/": HTTP 404 Not Found',
 * );
 * ```
 */
export function formatFetchResult(
  result: FetchResult,
  options: {
    /** How the caller asks for a fresh fetch. @default {"force: true"} */
    refetch?: string;
  } = {},
): string {
  if (!result.ok) return result.error;
  const from = result.contentType
    ? `${result.kind} from ${result.contentType}`
    : result.kind;
  const parts = [
    from,
    `${formatBytes(result.bytes)} fetched`,
    `${result.chunks} ${result.chunks === 1 ? "chunk" : "chunks"}`,
  ];
  if (result.truncated) parts.push("truncated at the size cap");
  if (result.scrubbed) parts.push(scrubbedNote(result.scrubbed));
  if (result.fromCache) {
    parts.push(
      `from the cache, fetched ${formatAge(result.ageMs)} (${
        options.refetch ?? "force: true"
      } to refetch)`,
    );
  }
  const redirect = result.finalUrl === result.url
    ? ""
    : ` (redirected to ${result.finalUrl})`;
  const head = `Indexed "${result.source}" from ${result.url}${redirect}: ${
    parts.join(", ")
  }`;
  if (!result.outline) return head;
  const title = result.kind === "json" ? "Keys" : "Outline";
  return `${head}\n${title}:\n${result.outline}`;
}

function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute ago";
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
}
