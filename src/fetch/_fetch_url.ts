/**
 * One guarded HTTP GET: manual redirects with every hop resolved, checked and
 * connected to the address that was checked (never resolved again), one
 * deadline for the whole exchange, a body read as a stream and cut at a byte cap, and
 * one retry for errors that may pass (timeout, reset, DNS failure, 502–504).
 *
 * Outcomes are values: a body, or a one-line reason. This module never
 * prints, never indexes and never reads more than `maxBytes` of a body.
 *
 * @module
 */

import { checkTarget, type Lookup } from "./_address.ts";
import { pinnedFetch } from "./_pinned_fetch.ts";
import type { NetworkPolicy } from "../config/network_policy.ts";

/** Everything a fetch needs; `fetchAndIndex` fills in the defaults. */
export interface FetchUrlOptions {
  /** The deadline of one attempt (lookups, redirects and body), in milliseconds. */
  timeoutMs: number;
  /** The most body bytes to read. */
  maxBytes: number;
  /** The most redirects to follow. */
  maxRedirects: number;
  /** Whether loopback and private addresses may be fetched. */
  network: NetworkPolicy;
  /** The pause before the one retry, in milliseconds. */
  retryDelayMs: number;
  /** The `User-Agent` header. */
  userAgent: string;
  /** The fetch implementation; it is handed a client pinned to the checked address. */
  fetch: typeof fetch;
  /** The DNS resolver used for the address check. */
  lookup: Lookup;
  /** Ends the fetch early when aborted. */
  signal: AbortSignal | undefined;
  /** Says why a `Content-Type` is refused before its body is read, if it is. */
  refuseType: (contentType: string) => string | undefined;
}

/** A body that was read. */
export interface FetchedBody {
  ok: true;
  /** The URL the body came from, after redirects. */
  finalUrl: string;
  /** The HTTP status. */
  status: number;
  /** The `Content-Type` header, or `""`. */
  contentType: string;
  /** The body, at most `maxBytes` long. */
  body: Uint8Array;
  /** Whether the body went on past `maxBytes`. */
  truncated: boolean;
  /** How many redirects were followed. */
  redirects: number;
  /** 1, or 2 when the first attempt failed in a way worth retrying. */
  attempts: number;
}

/** A fetch that failed, with a one-line reason. */
export interface FetchFailed {
  ok: false;
  /** `fetch` for the network, HTTP and address checks; `index` when the content type was refused. */
  stage: "fetch" | "index";
  /** Why, without the `Cannot …` prefix. */
  reason: string;
}

interface AttemptFailed {
  ok: false;
  stage?: "index";
  transient: boolean;
  reason: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const RETRIED_STATUSES = new Set([502, 503, 504]);
const ACCEPT =
  "text/html,application/xhtml+xml,application/json;q=0.9,text/*;q=0.8,*/*;q=0.5";

/**
 * Fetches a URL under the given limits, retrying once when the failure may pass.
 *
 * @param url An http or https URL (checked again here, with its address).
 * @param options Limits, the fetch and lookup implementations, the type filter.
 * @returns The body, or a one-line reason; never throws for network trouble.
 */
export async function fetchUrl(
  url: URL,
  options: FetchUrlOptions,
): Promise<FetchedBody | FetchFailed> {
  const first = await attempt(url, options);
  if (first.ok || !first.transient || options.signal?.aborted) {
    return first.ok ? first : settle(first, first.reason);
  }
  await pause(options.retryDelayMs, options.signal);
  const second = await attempt(url, options);
  if (second.ok) return { ...second, attempts: 2 };
  return settle(
    second,
    second.transient ? `${second.reason} (tried twice)` : second.reason,
  );
}

function settle(failed: AttemptFailed, reason: string): FetchFailed {
  return { ok: false, stage: failed.stage ?? "fetch", reason };
}

async function attempt(
  url: URL,
  options: FetchUrlOptions,
): Promise<FetchedBody | AttemptFailed> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("deadline passed", "TimeoutError")),
    options.timeoutMs,
  );
  const cancel = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener("abort", cancel, { once: true });
  try {
    let current = url;
    for (let redirects = 0;; redirects++) {
      const verdict = await untilAborted(
        checkTarget(current, options),
        controller.signal,
      );
      if (!verdict.ok) {
        const reason = redirects > 0
          ? `the redirect to "${current.href}" is refused: ${verdict.reason}`
          : verdict.reason;
        return { ok: false, transient: verdict.transient, reason };
      }
      await using pinned = await pinnedFetch(current, verdict.addresses, {
        fetch: options.fetch,
        headers: { "user-agent": options.userAgent, "accept": ACCEPT },
        signal: controller.signal,
      });
      const { response } = pinned;
      const { status } = response;
      if (REDIRECT_STATUSES.has(status)) {
        await response.body?.cancel();
        const next = nextHop(current, response.headers.get("location"));
        if (typeof next === "string") {
          return { ok: false, transient: false, reason: next };
        }
        if (redirects >= options.maxRedirects) {
          return {
            ok: false,
            transient: false,
            reason: `more than ${options.maxRedirects} redirects`,
          };
        }
        current = next;
        continue;
      }
      if (status < 200 || status > 299) {
        await response.body?.cancel();
        const text = response.statusText ? ` ${response.statusText}` : "";
        return {
          ok: false,
          transient: RETRIED_STATUSES.has(status),
          reason: `HTTP ${status}${text}`,
        };
      }
      const contentType = response.headers.get("content-type") ?? "";
      const refusal = options.refuseType(contentType);
      if (refusal !== undefined) {
        await response.body?.cancel();
        return { ok: false, stage: "index", transient: false, reason: refusal };
      }
      const { body, truncated } = await readCapped(
        response.body,
        options.maxBytes,
      );
      return {
        ok: true,
        finalUrl: current.href,
        status,
        contentType,
        body,
        truncated,
        redirects,
        attempts: 1,
      };
    }
  } catch (error) {
    return failure(error, controller.signal, options.timeoutMs);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", cancel);
  }
}

/** The next URL of a redirect, or why there is none. */
function nextHop(current: URL, location: string | null): URL | string {
  if (location === null || location.trim() === "") {
    return "a redirect without a Location header";
  }
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    return `the redirect to "${location}" is not a valid URL`;
  }
  if (next.protocol !== "http:" && next.protocol !== "https:") {
    return `the redirect to "${next.href}" is refused: the scheme "${next.protocol}" is not http or https`;
  }
  next.hash = "";
  return next;
}

/** Reads at most `maxBytes`, then cancels the stream so the server stops sending. */
async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  if (stream === null) return { body: new Uint8Array(), truncated: false };
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - total;
      if (value.byteLength > room) {
        if (room > 0) parts.push(value.subarray(0, room));
        total += room;
        truncated = true;
        break;
      }
      parts.push(value);
      total += value.byteLength;
    }
  } finally {
    if (truncated) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.byteLength;
  }
  return { body, truncated };
}

/** Races a promise against an abort signal (DNS lookups cannot be aborted). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() =>
      signal.removeEventListener("abort", onAbort)
    );
  });
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** Turns what a fetch threw into a reason, and says whether a retry may help. */
function failure(
  error: unknown,
  signal: AbortSignal,
  timeoutMs: number,
): AttemptFailed {
  if (signal.aborted) {
    const timedOut = signal.reason instanceof DOMException &&
      signal.reason.name === "TimeoutError";
    return timedOut
      ? {
        ok: false,
        transient: true,
        reason: `no complete answer within ${seconds(timeoutMs)}`,
      }
      : { ok: false, transient: false, reason: "the fetch was cancelled" };
  }
  const detail = describe(error);
  const rules: [RegExp, boolean, string][] = [
    [
      /dns error|failed to lookup address|name or service not known|nodename nor servname|no address associated/i,
      true,
      "DNS lookup failed",
    ],
    [
      /connection reset|reset by peer|closed before message completed|broken pipe|unexpected eof|incomplete ?message|connection aborted/i,
      true,
      "the connection was reset",
    ],
    [
      /error reading a body|error decoding response body|body stream/i,
      true,
      "the connection broke while reading the body",
    ],
    [/connection refused/i, false, "the connection was refused"],
    [
      /certificate|tls|ssl|handshake/i,
      false,
      `TLS failed: ${lastPart(detail)}`,
    ],
  ];
  for (const [pattern, transient, reason] of rules) {
    if (pattern.test(detail)) return { ok: false, transient, reason };
  }
  return { ok: false, transient: false, reason: lastPart(detail) };
}

/** The message and the chain of causes, which is where Deno puts the network error. */
function describe(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(": ").replace(/\s+/g, " ");
}

function lastPart(detail: string): string {
  const tail = detail.split(/\): |: /).filter((part) => part.trim()).at(-1);
  return (tail ?? detail).replace(/^fetch failed$/i, "the fetch failed").trim();
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1))} s`;
}
