/**
 * Session material in the knowledge base: a session's events as a timeline
 * under `session:<id>/events`, and data pasted into prompts under
 * `session:<id>/<ref>`, so `ctx_search` (with `sort: "timeline"`) finds them.
 *
 * Writes only through the knowledge base.
 *
 * @module
 */

import type { IndexReceipt, KnowledgeBase } from "../store/knowledge_base.ts";
import { sessionSource, timelineMarkdown } from "./timeline.ts";
import type { PastedData, SessionEvent, SessionKey } from "./types.ts";

/**
 * Indexes a session's events as a Markdown timeline (unchanged content is not rewritten).
 *
 * @param kb The project's knowledge base.
 * @param session The session.
 * @param events Its events.
 * @returns The receipt.
 */
export function indexTimeline(
  kb: KnowledgeBase,
  session: SessionKey,
  events: readonly SessionEvent[],
): IndexReceipt {
  return kb.index({
    label: `${sessionSource(session)}/events`,
    content: timelineMarkdown(session, events),
    origin: `session events (${session.platform})`,
    kind: "markdown",
  });
}

/**
 * Indexes data pasted into a prompt, each block under its reference.
 *
 * @param kb The project's knowledge base.
 * @param session The session.
 * @param pastes The pasted blocks.
 * @returns One receipt per block.
 */
export function indexPastes(
  kb: KnowledgeBase,
  session: SessionKey,
  pastes: readonly PastedData[],
): IndexReceipt[] {
  return pastes.map((paste) =>
    kb.index({
      label: `${sessionSource(session)}/${paste.ref}`,
      content: paste.content,
      origin: `pasted into a prompt (${session.platform})`,
    })
  );
}
