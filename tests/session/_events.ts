/**
 * Builds recorded events for unit tests, in the order given.
 *
 * @module
 */

import { priorityOf } from "../../src/session/priority.ts";
import type { EventDraft, SessionEvent } from "../../src/session/types.ts";

/** Turns drafts into recorded events, one millisecond apart. */
export function recorded(
  drafts: ReadonlyArray<EventDraft & { resolved?: boolean; count?: number }>,
): SessionEvent[] {
  return drafts.map((draft, i) => ({
    category: draft.category,
    type: draft.type,
    subject: draft.subject,
    data: draft.data,
    id: i + 1,
    priority: priorityOf(draft),
    at: 1_000 + i,
    firstAt: 1_000 + i,
    count: draft.count ?? 1,
    resolved: draft.resolved ?? false,
  }));
}

/** A prompt event. */
export function prompt(text: string): EventDraft {
  return {
    category: "prompt",
    type: "prompt",
    subject: "prompt",
    data: { text },
  };
}

/** A file edit event. */
export function edit(path: string): EventDraft {
  return { category: "file", type: "edit", subject: path, data: { path } };
}

/** A decision event. */
export function decision(text: string): EventDraft {
  return {
    category: "decision",
    type: "decision",
    subject: text,
    data: { text },
  };
}

/** An environment event. */
export function env(command: string): EventDraft {
  return {
    category: "env",
    type: "install",
    subject: `env:install:${command}`,
    data: { command },
  };
}

/** An MCP call event. */
export function mcp(tool: string): EventDraft {
  return { category: "mcp", type: "call", subject: tool, data: { tool } };
}
