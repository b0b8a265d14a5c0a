/**
 * Sends content to the chunker for its kind, so callers need one entry point
 * once `detectKind` (in `detect_kind.ts`) has named the kind.
 *
 * JSON that does not parse, or is nested too deep to cut by structure, falls
 * back to the text chunker rather than failing: a `.json` name or a leading
 * brace is a guess, and the content still deserves to be searchable. This module is pure: it must never do I/O or detect kinds
 * itself.
 *
 * @module
 */

import type { Chunk, ChunkOptions, ContentKind } from "./chunk.ts";
import { chunkJson, JsonTooDeepError } from "./chunk_json.ts";
import { chunkMarkdown } from "./chunk_markdown.ts";
import { chunkText } from "./chunk_text.ts";

/**
 * Splits content into chunks with the chunker for its kind.
 *
 * @param text The content to split.
 * @param kind Which chunker to use; invalid or too deeply nested JSON is chunked as text.
 * @param options The size cap and the fallback title, passed to the chunker.
 * @returns The chunks in order; none has a blank body or exceeds the cap.
 * @throws {RangeError} When `options.maxBytes` is not an integer of at least 4.
 *
 * @example Fall back to text when JSON does not parse
 * ```ts
 * import assert from "node:assert/strict";
 * import { chunkContent } from "./chunk_content.ts";
 *
 * assert.deepEqual(chunkContent('{"a": 1}', "json"), [
 *   { title: "$", body: '{\n  "a": 1\n}' },
 * ]);
 * assert.deepEqual(chunkContent("{broken", "json"), [
 *   { title: "lines 1–1", body: "{broken" },
 * ]);
 * ```
 */
export function chunkContent(
  text: string,
  kind: ContentKind,
  options?: ChunkOptions,
): Chunk[] {
  switch (kind) {
    case "markdown":
      return chunkMarkdown(text, options);
    case "json":
      try {
        return chunkJson(text, options);
      } catch (error) {
        if (error instanceof SyntaxError || error instanceof JsonTooDeepError) {
          return chunkText(text, options);
        }
        throw error;
      }
    case "text":
      return chunkText(text, options);
  }
}
