/**
 * Fetch and index: a URL goes into the knowledge base, and what comes back is
 * a receipt and the page's outline, never the page.
 *
 * One fetch: refuse what is not http(s) or points at a forbidden address
 * (every redirect hop, and every address the name resolves to, looked up
 * once per hop; the connection goes to one of those addresses and nowhere
 * else, so a name that changes its answer gains nothing), follow at most
 * five redirects, stop at the deadline, read at most the size cap, retry once
 * what may pass (timeout, reset, DNS failure, 502/503/504). Then HTML becomes
 * Markdown (in a Worker, bounded in depth and size, within what is left of
 * the deadline: see `convert_html.ts`), JSON goes to the JSON chunker, other
 * text to the text chunker, and binary content is refused. A URL fetched under the same label less
 * than 24 h ago is answered from the cache unless `force`.
 *
 * Expected failures (network, HTTP status, refused address, binary or empty
 * content) are results with a one-line `error`; only database failures throw
 * from {@linkcode fetchAndIndex}, and nothing throws per request from
 * {@linkcode fetchAndIndexMany}. This module never prints.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import type { ContentKind, KnowledgeBase } from "../store/mod.ts";
import { systemLookup } from "./_address.ts";
import {
  DEFAULT_NETWORK_POLICY,
  type NetworkPolicy,
} from "../config/network_policy.ts";
import {
  binaryByHeader,
  binaryReason,
  decodeBody,
  mediaType,
  shapeOf,
} from "./_content.ts";
import { fetchUrl } from "./_fetch_url.ts";
import { convertHtml } from "./convert_html.ts";
import {
  formatOutline,
  jsonOutline,
  markdownHeadings,
} from "../store/outline.ts";
import { defaultSourceLabel } from "./source_label.ts";

/** The default response size cap: 10 MB. */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
/** The default deadline of one attempt: 20 s. */
export const DEFAULT_TIMEOUT_MS = 20_000;
/** The default redirect limit. */
export const DEFAULT_MAX_REDIRECTS = 5;
/** How long a fetch answers from the cache: 24 h. */
export const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** The `User-Agent` header sent with every request. */
export const USER_AGENT: string = `ctx-mode/${denoJson.version}`;
/** The most requests {@linkcode fetchAndIndexMany} runs at once. */
export const MAX_CONCURRENCY = 8;

const OUTLINE_LIMITS = { maxLines: 40, maxBytes: 2048 };
const DEFAULT_RETRY_DELAY_MS = 500;
const MAX_REDIRECT_LIMIT = 20;

/** Resolves a host name to every address it has (for the address check). */
export type Lookup = (hostname: string) => Promise<string[]>;

/** One URL to fetch and index. */
export interface FetchRequest {
  /** An http or https URL. */
  url: string;
  /** The source label to index under. @default {defaultSourceLabel(url)} */
  source?: string | undefined;
}

/** Limits and injections for fetching. */
export interface FetchOptions {
  /** Fetch again even when the cache is fresh. @default {false} */
  force?: boolean;
  /** The deadline of one attempt (DNS, redirects and body, then converting HTML), in milliseconds. @default {20000} */
  timeoutMs?: number;
  /** The most body bytes to read; the rest is dropped and the receipt says `truncated`. @default {10485760} */
  maxBytes?: number;
  /** The most redirects to follow. @default {5} */
  maxRedirects?: number;
  /** How long a fetch is answered from the cache, in milliseconds. @default {86400000} */
  cacheTtlMs?: number;
  /** Whether loopback and private-network addresses may be fetched (see `networkPolicy`). @default {DEFAULT_NETWORK_POLICY} */
  network?: NetworkPolicy;
  /** The pause before the one retry, in milliseconds. @default {500} */
  retryDelayMs?: number;
  /** The clock, in milliseconds since the epoch. @default {Date.now} */
  now?: () => number;
  /** The fetch implementation, handed a client pinned to the checked address (redirects are handled here, not by it). @default {globalThis.fetch} */
  fetch?: typeof fetch;
  /** Resolves a host name to its addresses, once per hop: they are checked, then connected to. @default {node's dns.lookup} */
  lookup?: Lookup;
  /** Cancels the fetch. @default {undefined} */
  signal?: AbortSignal | undefined;
}

/** Options for a batch. */
export interface FetchManyOptions extends FetchOptions {
  /** How many URLs are fetched at once, 1 to 8. @default {4} */
  concurrency?: number;
  /** Called as each URL finishes (for progress lines); must not throw. @default {undefined} */
  onResult?: (result: FetchResult, index: number) => void;
}

/** What a successful fetch-and-index did. */
export interface FetchReceipt {
  /** Always true: the fetch succeeded. */
  ok: true;
  /** The requested URL, normalised (no fragment). */
  url: string;
  /** The URL the content came from, after redirects. */
  finalUrl: string;
  /** The source label the content is indexed under. */
  source: string;
  /** The HTTP status of the final response. */
  status: number;
  /** The response's media type (`text/html`), or `""` when it sent none. */
  contentType: string;
  /** How the content was chunked (HTML is indexed as Markdown). */
  kind: ContentKind;
  /** The body bytes read (after decompression), at most the size cap. */
  bytes: number;
  /** The number of chunks the source holds. */
  chunks: number;
  /** Whether the body went on past the size cap and was cut. */
  truncated: boolean;
  /** Whether the answer came from the cache (nothing was fetched). */
  fromCache: boolean;
  /** When the content was fetched, in milliseconds since the epoch. */
  fetchedAt: number;
  /** How old the content is, in milliseconds (0 for a fresh fetch). */
  ageMs: number;
  /** The page's headings (or a JSON document's keys) as an indented list; `""` when it has none. */
  outline: string;
  /** How many secrets were scrubbed from the page before indexing, when any (never from the cache). */
  scrubbed?: number;
}

/** A fetch that failed, in one line. */
export interface FetchFailure {
  /** Always false: the fetch failed. */
  ok: false;
  /** The requested URL (normalised when it parsed). */
  url: string;
  /** `Cannot fetch "<url>": <reason>` or `Cannot index "<url>": <reason>`. */
  error: string;
}

/** The outcome of one request. */
export type FetchResult = FetchReceipt | FetchFailure;

/**
 * Fetches a URL, converts it, and indexes it in the knowledge base.
 *
 * @param kb The knowledge base to index into.
 * @param request The URL and, optionally, the source label.
 * @param options Force, limits, the clock and the fetch and lookup to use.
 * @returns A receipt with the outline, or a one-line error.
 * @throws {RangeError} When an option is out of range.
 * @throws {Error} When the knowledge base cannot be written.
 *
 * @example Index a page, then answer from the cache
 * ```ts ignore
 * import { KnowledgeBase } from "../store/mod.ts";
 * import { fetchAndIndex, formatFetchResult } from "./mod.ts";
 * using kb = KnowledgeBase.open(":memory:");
 * const result = await fetchAndIndex(kb, { url: "https://docs.deno.com/runtime/" });
 * console.log(formatFetchResult(result)); // Indexed "docs.deno.com/runtime" …
 * ```
 */
export async function fetchAndIndex(
  kb: KnowledgeBase,
  request: FetchRequest,
  options: FetchOptions = {},
): Promise<FetchResult> {
  const limits = checkOptions(options);
  const now = options.now ?? Date.now;
  const given = String(request.url ?? "").trim();
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return failure("fetch", given, "not an absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return failure(
      "fetch",
      given,
      `the scheme "${url.protocol}" is not http or https`,
    );
  }
  url.hash = "";
  const key = url.href;
  const source = request.source?.trim() || defaultSourceLabel(url);
  const cache = kb.fetchCache();

  if (!options.force) {
    const entry = cache.get(key);
    const age = entry ? now() - entry.fetchedAt : -1;
    if (entry && entry.source === source && age >= 0 && age < limits.ttl) {
      const { chunks, ...recorded } = entry;
      return { ok: true, ...recorded, chunks, fromCache: true, ageMs: age };
    }
  }

  const started = performance.now();
  const fetched = await fetchUrl(url, {
    timeoutMs: limits.timeoutMs,
    maxBytes: limits.maxBytes,
    maxRedirects: limits.maxRedirects,
    network: options.network ?? DEFAULT_NETWORK_POLICY,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
    userAgent: USER_AGENT,
    fetch: options.fetch ?? globalThis.fetch,
    lookup: options.lookup ?? systemLookup,
    signal: options.signal,
    refuseType: binaryByHeader,
  });
  if (!fetched.ok) return failure(fetched.stage, key, fetched.reason);

  const type = mediaType(fetched.contentType);
  const text = decodeBody(fetched.body, fetched.contentType);
  const name = new URL(fetched.finalUrl).pathname.split("/").at(-1) ?? "";
  const shape = shapeOf(fetched.contentType, fetched.body, text, name);
  if (shape === "binary") return failure("index", key, binaryReason(type));
  let content = text;
  let kind: ContentKind;
  if (shape === "html") {
    const converted = await convertHtml(text, {
      deadlineMs: timeLeft(started, limits, options, fetched.attempts),
      signal: options.signal,
    });
    if (!converted.ok) {
      return failure(
        "index",
        key,
        `the HTML cannot be converted (${converted.reason})`,
      );
    }
    content = converted.markdown;
    if (!content) {
      return failure(
        "index",
        key,
        "the page has no text once scripts, styles and navigation are removed (it may need JavaScript to render)",
      );
    }
    kind = "markdown";
  } else {
    kind = shape;
  }
  if (!content.trim()) return failure("index", key, "the response is empty");
  // Scrubbed here rather than only by `index`, so the outline carries no secret either.
  const scrubbed = kb.scrub(content);
  content = scrubbed.text;

  const receipt = kb.index({
    label: source,
    content,
    origin: fetched.finalUrl,
    kind,
  });
  const outline = kind === "json"
    ? jsonOutline(content, OUTLINE_LIMITS)
    : kind === "markdown"
    ? formatOutline(markdownHeadings(content), OUTLINE_LIMITS)
    : "";
  const recorded = {
    url: key,
    finalUrl: fetched.finalUrl,
    source: receipt.label,
    fetchedAt: now(),
    status: fetched.status,
    contentType: type,
    kind: receipt.kind,
    bytes: fetched.body.byteLength,
    truncated: fetched.truncated,
    outline,
  };
  cache.put(recorded);
  return {
    ok: true,
    ...recorded,
    chunks: receipt.chunks,
    fromCache: false,
    ageMs: 0,
    ...(scrubbed.count + receipt.scrubbed > 0
      ? { scrubbed: scrubbed.count + receipt.scrubbed }
      : {}),
  };
}

/**
 * Fetches and indexes many URLs, a few at a time. One failure never stops the
 * others, and identical requests in one batch are fetched once.
 *
 * @param kb The knowledge base to index into.
 * @param requests The URLs and optional source labels.
 * @param options Concurrency (1–8), a progress callback, and the options of {@linkcode fetchAndIndex}.
 * @returns One result per request, in the order of `requests`.
 * @throws {RangeError} When `concurrency` or another option is out of range.
 */
export async function fetchAndIndexMany(
  kb: KnowledgeBase,
  requests: readonly FetchRequest[],
  options: FetchManyOptions = {},
): Promise<FetchResult[]> {
  const concurrency = options.concurrency ?? 4;
  if (
    !Number.isInteger(concurrency) || concurrency < 1 ||
    concurrency > MAX_CONCURRENCY
  ) {
    throw new RangeError(
      `Cannot fetch with concurrency "${concurrency}": use a whole number from 1 to ${MAX_CONCURRENCY}`,
    );
  }
  checkOptions(options);
  const { concurrency: _, onResult, ...single } = options;
  const results: FetchResult[] = new Array(requests.length);
  const started = new Map<string, Promise<FetchResult>>();
  let next = 0;
  const run = async (request: FetchRequest): Promise<FetchResult> => {
    try {
      return await fetchAndIndex(kb, request, single);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return failure("index", String(request.url ?? ""), reason);
    }
  };
  const worker = async (): Promise<void> => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index] ?? { url: "" };
      const key = `${String(request.url ?? "").trim()}\n${
        request.source?.trim() ?? ""
      }`;
      let pending = started.get(key);
      if (!pending) {
        pending = run(request);
        started.set(key, pending);
      }
      const result = await pending;
      results[index] = result;
      onResult?.(result, index);
    }
  };
  const workers = Math.min(concurrency, requests.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

interface Limits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  ttl: number;
}

function checkOptions(options: FetchOptions): Limits {
  const limits = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    ttl: options.cacheTtlMs ?? CACHE_TTL_MS,
  };
  const ranges: [string, number, number, number][] = [
    ["timeoutMs", limits.timeoutMs, 1, 10 * 60 * 1000],
    ["maxBytes", limits.maxBytes, 1, Number.MAX_SAFE_INTEGER],
    ["maxRedirects", limits.maxRedirects, 0, MAX_REDIRECT_LIMIT],
    ["cacheTtlMs", limits.ttl, 0, Number.MAX_SAFE_INTEGER],
    ["retryDelayMs", options.retryDelayMs ?? 0, 0, 60_000],
  ];
  for (const [name, value, min, max] of ranges) {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(
        `Cannot fetch with ${name} "${value}": use a whole number from ${min} to ${max}`,
      );
    }
  }
  return limits;
}

/**
 * What is left of the fetch's deadline for converting the page: each attempt
 * had `timeoutMs` (and the pause before a retry), and the conversion shares
 * the budget of the attempt that succeeded.
 */
function timeLeft(
  started: number,
  limits: Limits,
  options: FetchOptions,
  attempts: number,
): number {
  const budget = limits.timeoutMs * attempts +
    (options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS) * (attempts - 1);
  return Math.max(0, Math.round(started + budget - performance.now()));
}

function failure(
  action: "fetch" | "index",
  url: string,
  reason: string,
): FetchFailure {
  return { ok: false, url, error: `Cannot ${action} "${url}": ${reason}` };
}
