/**
 * The knowledge base: chunking content by kind, storing it in SQLite FTS5,
 * and answering queries with ranked snippets.
 *
 * @module
 */

export * from "./knowledge_base.ts";
export * from "./chunk.ts";
export { chunkMarkdown } from "./chunk_markdown.ts";
export { chunkJson } from "./chunk_json.ts";
export { chunkText } from "./chunk_text.ts";
export { chunkManual } from "./chunk_manual.ts";
export { chunkContent } from "./chunk_content.ts";
export { detectKind } from "./detect_kind.ts";
export { splitOversize } from "./split_oversize.ts";
export * from "./collect_files.ts";
export * from "./read_bounded.ts";
export * from "./index_files.ts";
export { openDatabase, SCHEMA_VERSION } from "./database.ts";
export * from "./tool_calls.ts";
export * from "./hook_log.ts";
export * from "./fetch_cache.ts";
export * from "./scrub_secrets.ts";
export * from "./knowledge_base_keeper.ts";
