/**
 * A session's events as a Markdown timeline, oldest first: one section per
 * event, headed by its time, category and subject. This is what is indexed
 * under `session:` sources for search, and what `ctx-mode session export`
 * prints.
 *
 * Pure.
 *
 * @module
 */

import { clip } from "./redact.ts";
import type { SessionEvent, SessionKey } from "./types.ts";

/** Subjects that say nothing beyond the category. */
const GENERIC_SUBJECTS = new Set(["prompt", "tasks", "intent"]);

/**
 * The knowledge-base source label of a session's events; pasted data goes under it.
 *
 * @param session The session.
 * @returns `session:<id>` (a `/` in the id becomes `_`).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sessionSource } from "./timeline.ts";
 * assert.equal(sessionSource({ platform: "p", sessionId: "abc" }), "session:abc");
 * ```
 */
export function sessionSource(session: SessionKey): string {
  return `session:${session.sessionId.replaceAll("/", "_")}`;
}

/**
 * Renders events as a Markdown timeline.
 *
 * @param session The session they belong to.
 * @param events Its events, in any order.
 * @returns Markdown: a title, then one `##` section per event, oldest first.
 */
export function timelineMarkdown(
  session: SessionKey,
  events: readonly SessionEvent[],
): string {
  const ordered = [...events].sort((a, b) => a.at - b.at || a.id - b.id);
  const parts = [`# Session ${session.sessionId} (${session.platform})`, ""];
  for (const event of ordered) {
    const when = new Date(event.at).toISOString().replace("T", " ").slice(
      0,
      19,
    );
    const type = event.type === event.category ? "" : ` ${event.type}`;
    const subject = GENERIC_SUBJECTS.has(event.subject)
      ? ""
      : `: ${clip(event.subject.replace(/\s+/g, " "), 100)}`;
    const heading = `${event.category}${type}${subject}`;
    parts.push(`## ${when} ${heading}`);
    for (const [key, value] of Object.entries(event.data)) {
      parts.push(`${key}: ${valueText(value)}`);
    }
    if (event.count > 1) parts.push(`times: ${event.count}`);
    if (event.category === "error") {
      parts.push(`resolved: ${event.resolved ? "yes" : "no"}`);
    }
    parts.push("");
  }
  return parts.join("\n");
}

function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    return value.map((item) =>
      item && typeof item === "object" && "title" in item
        ? `\n- [${
          (item as { status?: string }).status === "completed" ? "x" : " "
        }] ${(item as { title: string }).title}`
        : `\n- ${valueText(item)}`
    ).join("");
  }
  return JSON.stringify(value) ?? "";
}
