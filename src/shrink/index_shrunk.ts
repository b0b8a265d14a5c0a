/**
 * Indexing a shrunk result: the full result goes into the project's
 * knowledge base under the source label its view's receipt names, chunked
 * by its format, with secrets scrubbed by the knowledge base's scrubber like
 * every other input.
 *
 * Imports the knowledge base as a type only: whoever calls this has opened
 * it (with the environment's scrubber, as the server and the CLI do), so
 * loading this module costs nothing on the hook's fast path.
 *
 * @module
 */

import type { IndexReceipt, KnowledgeBase } from "../store/knowledge_base.ts";
import type { Shrunk } from "./types.ts";

/**
 * Indexes the full result of a shrink under its source label, replacing
 * what the label held (the same result indexed twice is written once).
 *
 * @param kb The project's knowledge base, opened with the scrubber the view was made with.
 * @param shrunk What {@linkcode shrinkToolResult} returned for the result.
 * @returns The index receipt; its `label` is the receipt's source when both scrub alike.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { KnowledgeBase } from "../store/knowledge_base.ts";
 * import { indexShrunk } from "./index_shrunk.ts";
 * import { shrinkToolResult } from "./shrink_tool_result.ts";
 * const log = Array.from({ length: 3000 }, (_, i) =>
 *   `2026-01-01T00:00:00Z INFO request ${i} done`).join("\n") + "\n2026-01-01T00:00:01Z ERROR disk full";
 * const shrunk = shrinkToolResult({ toolKind: "shell", toolName: "Bash", subject: "cat app.log", content: log, exitCode: 0 }, { now: 0 });
 * assert.equal(shrunk.shrunk, true);
 * if (shrunk.shrunk) {
 *   using kb = KnowledgeBase.open(":memory:");
 *   assert.equal(indexShrunk(kb, shrunk).label, shrunk.source);
 *   const [found] = kb.search(["request 1234"], { source: shrunk.source });
 *   assert.match(found?.hits[0]?.snippet ?? "", /request 1234 done/);
 * }
 * ```
 */
export function indexShrunk(kb: KnowledgeBase, shrunk: Shrunk): IndexReceipt {
  return kb.index({
    label: shrunk.source,
    content: shrunk.indexText,
    origin: shrunk.origin,
    kind: shrunk.indexKind,
  });
}
