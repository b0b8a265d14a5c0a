/**
 * The shape every chunker produces, and the size cap every chunk respects.
 *
 * This module holds types and constants only; it must never do I/O.
 *
 * @module
 */

/** One searchable piece of an indexed document. */
export interface Chunk {
  /** Where the piece sits: a heading path, a JSON path, a first line or a line range. */
  title: string;
  /** The text of the piece; at most {@linkcode MAX_CHUNK_BYTES} UTF-8 bytes. */
  body: string;
  /**
   * Words that say where the piece stands without being shown (a manual's
   * program name and summary); searched, weighted below the title.
   */
  context?: string;
}

/** The kinds of content the knowledge base knows how to chunk. */
export type ContentKind = "markdown" | "json" | "text";

/** The largest chunk body, in UTF-8 bytes, unless a caller asks for another cap. */
export const MAX_CHUNK_BYTES = 4096;

/** Options shared by every chunker. */
export interface ChunkOptions {
  /**
   * The size cap of a chunk body in UTF-8 bytes.
   *
   * @default {4096}
   */
  maxBytes?: number;
  /**
   * The title of content that has no heading, path or first line of its own.
   *
   * @default {"(untitled)"}
   */
  fallbackTitle?: string;
  /**
   * The line number of the content's first line, for line-range titles: a
   * piece of a longer text keeps the numbers of the whole.
   *
   * @default {1}
   */
  firstLine?: number;
}
