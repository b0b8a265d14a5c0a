/**
 * Session continuity: what a coding session did (files, tasks, git, errors,
 * prompts, decisions…), captured from neutral hook inputs into the project
 * database, cut to a 2 KB snapshot before compaction, and given back as a
 * session guide when the session starts again.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildSnapshot, capturePrompt, renderGuide, sessionState } from "./mod.ts";
 * const events = capturePrompt("Use pnpm instead of npm.").events.map((draft, i) => ({
 *   ...draft, id: i, priority: 5, at: i, firstAt: i, count: 1, resolved: false,
 * }));
 * const guide = renderGuide(buildSnapshot(sessionState(events)));
 * assert.match(guide, /## Last Request\nUse pnpm instead of npm\./);
 * assert.match(guide, /## Key Decisions\n- Use pnpm instead of npm\./);
 * ```
 *
 * @module
 */

export * from "./types.ts";
export { captureToolCall } from "./capture_tool.ts";
export {
  capturePrompt,
  intentOf,
  PASTE_THRESHOLD_BYTES,
  roleOf,
} from "./capture_prompt.ts";
export {
  findRuleFiles,
  RULE_FILES,
  RULE_FOLDERS,
  ruleEvents,
} from "./rule_files.ts";
export {
  clip,
  compactJson,
  isSecretKey,
  REDACTED,
  redactText,
  redactValue,
} from "./redact.ts";
export { eventHash, textHash } from "./dedup_hash.ts";
export {
  MAX_EVENTS_PER_SESSION,
  priorityOf,
  SESSION_MAX_AGE_MS,
} from "./priority.ts";
export {
  type SessionState,
  sessionState,
  type TaskItem,
} from "./session_state.ts";
export {
  buildSnapshot,
  SNAPSHOT_BUDGET_BYTES,
  type SnapshotOptions,
} from "./snapshot.ts";
export { GUIDE_TAG, type GuideOptions, renderGuide } from "./guide.ts";
export { sessionSource, timelineMarkdown } from "./timeline.ts";
export {
  SessionStore,
  type SessionStoreOptions,
  type SessionSummary,
  type StoredSnapshot,
  withSessionStore,
} from "./store.ts";
export { takeSnapshot, type TakeSnapshotOptions } from "./take_snapshot.ts";
export {
  type Restored,
  type RestoreOptions,
  restoreSession,
} from "./restore.ts";
export { indexPastes, indexTimeline } from "./index_session.ts";
export { shrinkEvent, type ShrinkFacts } from "./capture_shrink.ts";
