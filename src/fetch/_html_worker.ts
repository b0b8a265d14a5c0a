/**
 * The worker that converts HTML off the server's thread: it says it is ready
 * once its modules are loaded, then takes one message (the page and the
 * markup limits) and answers one (the Markdown, or why not). The parent
 * terminates it at the deadline.
 *
 * It never does I/O and never throws to its parent: a failure, a stack
 * overflow included, is answered as a message.
 *
 * @module
 */

import { boundMarkup, type MarkupLimits } from "./_markup_bounds.ts";
import { htmlToMarkdown } from "./html_to_markdown.ts";

/** What the parent sends. */
export interface ConvertRequest {
  html: string;
  limits: MarkupLimits;
}

/** The worker's first message: its modules are loaded, send the page. */
export const READY = "ready";

/** What the worker answers. */
export type ConvertReply =
  | { ok: true; markdown: string; title: string; dropped: number }
  | { ok: false; reason: string };

/** Converts one page within the limits; never throws. */
export function convertInWorker(request: ConvertRequest): ConvertReply {
  const bounded = boundMarkup(request.html, request.limits);
  if (!bounded.ok) return bounded;
  try {
    const { markdown, title } = htmlToMarkdown(bounded.html);
    return { ok: true, markdown, title, dropped: bounded.dropped };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: reason.split("\n")[0] ?? reason };
  }
}

// The worker global, typed here rather than by switching the whole program to
// the worker lib; imported anywhere else (a test), the module listens to nothing.
const scope = globalThis as unknown as {
  WorkerGlobalScope?: unknown;
  onmessage: ((event: MessageEvent<ConvertRequest>) => void) | null;
  postMessage(reply: ConvertReply | typeof READY): void;
};
if (scope.WorkerGlobalScope !== undefined) {
  scope.onmessage = (event) => scope.postMessage(convertInWorker(event.data));
  scope.postMessage(READY);
}
