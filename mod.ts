/**
 * ctx-mode as a library: the project knowledge base (SQLite FTS5 with porter,
 * trigram and fuzzy layers), its chunkers, and the data-home paths.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { KnowledgeBase } from "./mod.ts";
 * using kb = KnowledgeBase.open(":memory:");
 * kb.index({ label: "log", content: "step 1 ok\n\nstep 2 failed: ECONNREFUSED 127.0.0.1:5432" });
 * assert.match(kb.search(["ECONNREFUSED"])[0]?.hits[0]?.snippet ?? "", /5432/);
 * ```
 *
 * @module
 */

export {
  type Correction,
  type IndexInput,
  type IndexReceipt,
  KnowledgeBase,
  type KnowledgeBaseOptions,
  type KnowledgeBaseStats,
  type QueryResult,
  type SearchHit,
  type SearchOptions,
  type SourceInfo,
} from "./src/store/knowledge_base.ts";
export { type Chunk, type ChunkOptions, type ContentKind, MAX_CHUNK_BYTES } from "./src/store/chunk.ts";
export { chunkMarkdown } from "./src/store/chunk_markdown.ts";
export { chunkJson } from "./src/store/chunk_json.ts";
export { chunkText } from "./src/store/chunk_text.ts";
export { chunkContent } from "./src/store/chunk_content.ts";
export { detectKind } from "./src/store/detect_kind.ts";
export { collectFiles } from "./src/store/collect_files.ts";
export { type FileToIndex, indexFiles, type IndexFilesSummary } from "./src/store/index_files.ts";
export { dataHome, type Env, projectDatabasePath, projectDir, projectHash } from "./src/config/paths.ts";
