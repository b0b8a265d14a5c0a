/**
 * Shrinking tool results after they ran: a compact view of a bulky result
 * (command output, log, JSON, YAML, page, listing, `git log`, table) in
 * place of the result, with a receipt naming the source label the full
 * result is indexed under; the rules of what is never shrunk; the user's
 * settings; and the indexing.
 *
 * Platform-neutral and cheap to load (the hook's fast path runs it): it
 * imports only `src/store` (pure helpers, and the knowledge base as a type),
 * `src/config` and the fetch room's pure outline helper; no npm package, no
 * `node:` module. Never prints.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shrinkToolResult } from "./mod.ts";
 * assert.deepEqual(
 *   shrinkToolResult({ toolKind: "shell", toolName: "Bash", subject: "ls", content: "a\nb\n" }),
 *   { shrunk: false, reason: "under the threshold (6144 bytes)" },
 * );
 * ```
 *
 * @module
 */

export type {
  NotShrunk,
  ShrinkResult,
  Shrunk,
  ToolResult,
  ViewFormat,
} from "./types.ts";
export { type ShrinkOptions, shrinkToolResult } from "./shrink_tool_result.ts";
export {
  shrinkableRead,
  type ShrinkCandidate,
  type ShrinkContext,
  type ShrinkVerdict,
  shrinkVerdict,
} from "./never_shrink.ts";
export {
  DEFAULT_SHRINK_SETTINGS,
  DEFAULT_THRESHOLD_BYTES,
  MIN_THRESHOLD_BYTES,
  type ReadShrinkOptions,
  readShrinkSettings,
  type ShrinkSettings,
  shrinkSettingsFrom,
} from "./settings.ts";
export { indexShrunk } from "./index_shrunk.ts";
