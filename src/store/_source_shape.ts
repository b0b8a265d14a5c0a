/**
 * Whether a source is one program's page (a man page, a `--help` output),
 * decided once at indexing time from its chunks and stored with the source,
 * so the ranking can weigh how much the whole page is about a query (the page
 * prior, `_page_prior.ts`) only where a page is about one thing.
 *
 * A reference of many functions in one Markdown file is not such a page: the
 * page that holds the most of a question's words there is the long survey,
 * not the section that answers.
 *
 * This module is pure: it never reads or writes the database.
 *
 * @module
 */

import type { Chunk, ContentKind } from "./chunk.ts";

/**
 * True for a text source chunked as a manual: every chunk's title is or
 * starts with the same program name (`curl`, `curl > OPTIONS > -L`), some
 * go deeper, and every chunk's context names the program.
 *
 * @param kind The kind the source was chunked as.
 * @param chunks Its chunks.
 * @returns Whether the page prior applies to the source.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oneProgramPage } from "./_source_shape.ts";
 *
 * const chunks = [
 *   { title: "curl > NAME", body: "curl - transfer a URL", context: "curl" },
 *   { title: "curl > OPTIONS > -L", body: "Follow.", context: "curl" },
 * ];
 * assert.equal(oneProgramPage("text", chunks), true);
 * assert.equal(oneProgramPage("markdown", chunks), false);
 * ```
 */
export function oneProgramPage(
  kind: ContentKind,
  chunks: readonly Chunk[],
): boolean {
  if (kind !== "text" || chunks.length === 0) return false;
  const root = chunks[0]!.title.split(" > ")[0]!;
  if (root === "") return false;
  return chunks.some((chunk) => chunk.title.startsWith(`${root} > `)) &&
    chunks.every((chunk) =>
      (chunk.title === root || chunk.title.startsWith(`${root} > `)) &&
      (chunk.context ?? "").startsWith(root)
    );
}
