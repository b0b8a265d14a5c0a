/**
 * Fetch and index: URLs into the knowledge base, with a receipt and an
 * outline coming back instead of the page.
 *
 * HTML conversion (`turndown` and `domino`) is loaded only in the Worker that
 * converts a page (`./convert_html.ts`), so importing this module stays cheap
 * and a page never blocks the caller's thread; `htmlToMarkdown` itself is in
 * `./html_to_markdown.ts` for callers that want it directly, synchronously
 * and without the markup bounds.
 *
 * @module
 */

export {
  CACHE_TTL_MS,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  fetchAndIndex,
  fetchAndIndexMany,
  type FetchFailure,
  type FetchManyOptions,
  type FetchOptions,
  type FetchReceipt,
  type FetchRequest,
  type FetchResult,
  type Lookup,
  MAX_CONCURRENCY,
  USER_AGENT,
} from "./fetch_and_index.ts";
export { formatFetchResult } from "./format_fetch_result.ts";
export { defaultSourceLabel } from "./source_label.ts";
