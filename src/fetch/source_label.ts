/**
 * The default source label of a fetched URL: what a person would call the
 * page, e.g. `docs.deno.com/runtime/fundamentals`.
 *
 * Pure: this module never does I/O.
 *
 * @module
 */

const TRACKING_PARAMETER =
  /^(?:utm_\w+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|yclid|igshid|_ga|_gl|ref_src)$/i;

/**
 * The URL without scheme, credentials, default port, `www.`, fragment,
 * trailing slash or tracking parameters (`utm_*`, `fbclid`, …). Other query
 * parameters stay: they often pick the content (`?page=2`).
 *
 * @param url An absolute URL.
 * @returns The label.
 * @throws {TypeError} When `url` is not an absolute URL.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultSourceLabel } from "./source_label.ts";
 *
 * assert.equal(
 *   defaultSourceLabel("https://www.example.com/docs/page/?utm_source=x#intro"),
 *   "example.com/docs/page",
 * );
 * assert.equal(defaultSourceLabel("http://localhost:8000/?page=2"), "localhost:8000?page=2");
 * ```
 */
export function defaultSourceLabel(url: string | URL): string {
  const parsed = new URL(url);
  const host = parsed.host.replace(/^www\./i, "");
  const path = parsed.pathname.replace(/\/+$/, "");
  const query = [...parsed.searchParams].filter(([name]) =>
    !TRACKING_PARAMETER.test(name)
  );
  const search = query.length > 0
    ? `?${new URLSearchParams(query).toString()}`
    : "";
  return `${host}${safeDecode(path)}${search}`;
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
