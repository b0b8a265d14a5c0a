/**
 * HTML to Markdown off the caller's thread, under a deadline: the page is
 * bounded (depth, elements) and converted in a Worker, which is terminated
 * when the deadline passes or the caller aborts. The caller's thread (the MCP
 * server's only one) stays free for other calls while a page converts.
 *
 * Outcomes are values; this module never prints.
 *
 * @module
 */

import type { ConvertReply, ConvertRequest, READY } from "./_html_worker.ts";
import { MARKUP_LIMITS, type MarkupLimits } from "./_markup_bounds.ts";

/**
 * The worker module, relative to this file. It is loaded by URL, so
 * `scripts/compile.ts` passes it to `deno compile` with `--include`.
 */
export const HTML_WORKER_MODULE = "./_html_worker.ts";

/**
 * How long the worker may take to load its modules, apart from the deadline:
 * on a busy machine that alone can take seconds, and it says nothing about
 * the page.
 */
const STARTUP_MS = 30_000;

/** How a conversion is bounded. */
export interface ConvertOptions {
  /** How long the conversion of the page may take once the converter has loaded, in milliseconds. */
  deadlineMs: number;
  /** The markup limits. @default {MARKUP_LIMITS} */
  limits?: MarkupLimits;
  /** Stops the conversion. @default {undefined} */
  signal?: AbortSignal | undefined;
}

/** A converted page, or why it could not be converted (one line). */
export type ConvertedHtml = ConvertReply;

/**
 * Converts a page to Markdown in a Worker.
 *
 * @param html The page.
 * @param options The deadline, the markup limits and a signal.
 * @returns The Markdown, the title and how many tags were dropped by the
 *   depth limits; or the reason, without a `Cannot …` prefix.
 */
export function convertHtml(
  html: string,
  options: ConvertOptions,
): Promise<ConvertedHtml> {
  const seconds = (options.deadlineMs / 1000).toFixed(1);
  if (options.deadlineMs <= 0 || options.signal?.aborted) {
    return Promise.resolve({
      ok: false,
      reason: options.signal?.aborted
        ? "the conversion was cancelled"
        : "no time was left of the fetch deadline to convert the page",
    });
  }
  const done = Promise.withResolvers<ConvertedHtml>();
  const worker = new Worker(new URL(HTML_WORKER_MODULE, import.meta.url), {
    type: "module",
  });
  const finish = (reply: ConvertedHtml): void => {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    worker.terminate();
    done.resolve(reply);
  };
  let timer = setTimeout(
    () =>
      finish({
        ok: false,
        reason: `the converter did not start within ${STARTUP_MS / 1000} s`,
      }),
    STARTUP_MS,
  );
  const start = (): void => {
    clearTimeout(timer);
    timer = setTimeout(
      () =>
        finish({
          ok: false,
          reason:
            `converting the HTML took longer than the ${seconds} s left of the fetch deadline`,
        }),
      options.deadlineMs,
    );
    const request: ConvertRequest = {
      html,
      limits: options.limits ?? MARKUP_LIMITS,
    };
    worker.postMessage(request);
  };
  const onAbort = () =>
    finish({ ok: false, reason: "the conversion was cancelled" });
  options.signal?.addEventListener("abort", onAbort, { once: true });
  worker.onmessage = (event: MessageEvent<ConvertReply | typeof READY>) =>
    typeof event.data === "string" ? start() : finish(event.data);
  worker.onerror = (event: ErrorEvent) => {
    // Handled here: an unhandled worker error would end the whole process.
    event.preventDefault();
    finish({ ok: false, reason: `the converter failed (${event.message})` });
  };
  return done.promise;
}
