/**
 * How much each kind of event matters, how many a session keeps, and for how
 * long. When a session is full, the lowest priority goes first, then the
 * oldest; the newest prompt is never evicted.
 *
 * Pure data and one pure function.
 *
 * @module
 */

import type { Category, EventDraft } from "./types.ts";

/** The most events one session keeps. */
export const MAX_EVENTS_PER_SESSION = 1000;

/** Sessions idle for longer than this (7 days) are removed when a new one starts. */
export const SESSION_MAX_AGE_MS: number = 7 * 24 * 60 * 60 * 1000;

/** Priority per category: 5 is kept longest, 1 evicted first. */
const CATEGORY_PRIORITY: Readonly<Record<Category, number>> = {
  prompt: 5,
  decision: 5,
  task: 5,
  error: 5,
  file: 2,
  git: 4,
  rule: 4,
  env: 4,
  role: 3,
  intent: 3,
  data: 3,
  mcp: 3,
  subagent: 3,
  skill: 3,
  tool: 1,
};

/**
 * The priority of an event: its category's, except that files edited or
 * written weigh as much as tasks while files read or searched weigh little.
 *
 * @param draft The event.
 * @returns 1 (evicted first) to 5 (kept longest).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { priorityOf } from "./priority.ts";
 * assert.equal(priorityOf({ category: "file", type: "edit", subject: "a.ts", data: {} }), 5);
 * assert.equal(priorityOf({ category: "file", type: "read", subject: "a.ts", data: {} }), 2);
 * ```
 */
export function priorityOf(draft: EventDraft): number {
  if (
    draft.category === "file" &&
    (draft.type === "edit" || draft.type === "write")
  ) {
    return 5;
  }
  return CATEGORY_PRIORITY[draft.category];
}
