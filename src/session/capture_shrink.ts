/**
 * What a shrunk tool result leaves in the session: one data event naming the
 * source label the full result is indexed under, its size, and the shrink's
 * one-line summary (`npm test: exit 1, 3 failed: a, b, c`), so that the guide
 * after compaction still knows what the result said and where the rest is.
 *
 * Pure; the summary comes already scrubbed from the shrinker and is
 * shortened here like every other event's text.
 *
 * @module
 */

import type { EventDraft } from "./types.ts";

/** The longest summary an event keeps, in characters. */
const MAX_SUMMARY_CHARS = 300;

/** A shrink, as session continuity sees it. */
export interface ShrinkFacts {
  /** The source label the full result is indexed under. */
  source: string;
  /** The shrink's one-line summary. */
  summary: string;
  /** The result's size in UTF-8 bytes. */
  originalBytes: number;
  /** What the model got instead, in UTF-8 bytes. */
  viewBytes: number;
}

/**
 * The session event of a shrunk result.
 *
 * @param shrink The label, summary and sizes.
 * @returns A `data` event of type `shrink`, keyed by the label.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shrinkEvent } from "./capture_shrink.ts";
 * const event = shrinkEvent({ source: "shrunk/shell/npm test #1", summary: "npm test: exit 1, 1 failed: a", originalBytes: 90000, viewBytes: 2000 });
 * assert.equal(event.data.ref, "shrunk/shell/npm test #1");
 * assert.equal(event.data.preview, "npm test: exit 1, 1 failed: a");
 * ```
 */
export function shrinkEvent(shrink: ShrinkFacts): EventDraft {
  const line = shrink.summary.replace(/\s+/g, " ").trim();
  return {
    category: "data",
    type: "shrink",
    subject: shrink.source,
    data: {
      ref: shrink.source,
      bytes: shrink.originalBytes,
      viewBytes: shrink.viewBytes,
      preview: line.length > MAX_SUMMARY_CHARS
        ? `${line.slice(0, MAX_SUMMARY_CHARS - 1)}…`
        : line,
    },
  };
}
