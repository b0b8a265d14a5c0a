/**
 * Indexing content that arrives as a byte stream, without ever holding all of
 * it: the bytes are decoded into segments of about a megabyte cut at a
 * paragraph, heading or line, each segment is chunked on its own (line-range
 * titles keep the numbers of the whole, a Markdown section cut in two keeps
 * its heading path) and written in its own short transaction.
 *
 * Content that fits in a few segments is indexed in one piece instead, exactly
 * as `KnowledgeBase.index` does (JSON is chunked by path only then).
 *
 * This module never opens files; the knowledge base hands it the writers.
 *
 * @module
 */

import { createHash } from "node:crypto";
import type { Chunk, ChunkOptions, ContentKind } from "./chunk.ts";
import { chunkContent } from "./chunk_content.ts";
import { detectKind } from "./detect_kind.ts";
import { utf8ByteLength } from "./split_oversize.ts";

/** Characters per segment. */
export const SEGMENT_CHARS = 1 << 20;
/** Content of at most this many segments is indexed in one piece. */
const WHOLE_SEGMENTS = 4;

/** What the stream becomes, as the writers report it. */
export interface StreamOutcome {
  status: "indexed" | "replaced" | "unchanged";
  kind: ContentKind;
  chunks: number;
  bytes: number;
  /** Secrets scrubbed from the content before indexing. */
  scrubbed: number;
}

/** A source written segment by segment (`StagedSource`). */
export interface SegmentWriter {
  add(chunks: readonly Chunk[]): void;
  commit(content: { hash: string; bytes: number }): {
    status: StreamOutcome["status"];
    chunks: number;
  };
  discard(): void;
}

/** How to write what the stream holds. */
export interface StreamTarget {
  /** The source label (for kind detection and titles). */
  label: string;
  /** The kind, when the caller knows it. */
  kind: ContentKind | undefined;
  /** Chunking options of the knowledge base. */
  chunking: ChunkOptions;
  /** Indexes content that fits in a few segments in one piece. */
  whole(content: string, kind: ContentKind | undefined): StreamOutcome;
  /** Starts a source written segment by segment. */
  stage(kind: ContentKind): SegmentWriter;
  /** Aborting stops between segments and discards what was written. */
  signal?: AbortSignal | undefined;
  /** Characters per segment. @default {SEGMENT_CHARS} */
  segmentChars?: number | undefined;
  /** Takes secrets out of a segment before it is indexed. */
  scrub(text: string): { text: string; count: number };
}

/**
 * Indexes a byte stream as one source.
 *
 * @param pieces The bytes, in order (UTF-8; invalid sequences become U+FFFD).
 * @param target Where and how the content is written.
 * @returns What the source became.
 */
export async function indexByteStream(
  pieces: AsyncIterable<Uint8Array>,
  target: StreamTarget,
): Promise<StreamOutcome> {
  const segments = textSegments(pieces, target.segmentChars ?? SEGMENT_CHARS);
  const first: string[] = [];
  let next = await segments.next();
  while (!next.done && first.length < WHOLE_SEGMENTS) {
    first.push(next.value);
    target.signal?.throwIfAborted();
    next = await segments.next();
  }
  if (next.done) return target.whole(first.join(""), target.kind);

  const detected = target.kind ??
    detectKind(target.label, first[0] ?? "");
  // JSON cannot be parsed a segment at a time; binary-looking output is still text.
  const kind: ContentKind = detected === "markdown" ? "markdown" : "text";
  const writer = target.stage(kind);
  try {
    const hash = createHash("sha256").update(kind).update("\0");
    let bytes = 0;
    let scrubbed = 0;
    let firstLine = 1;
    let title = target.label;
    const write = (raw: string) => {
      target.signal?.throwIfAborted();
      // Per segment: a secret cut by a segment boundary may escape (segments end at blank lines or lines).
      const clean = target.scrub(raw);
      scrubbed += clean.count;
      const segment = clean.text;
      hash.update(segment);
      bytes += utf8ByteLength(segment);
      const chunks = chunkContent(segment, kind, {
        ...target.chunking,
        fallbackTitle: title,
        firstLine,
      });
      writer.add(chunks);
      firstLine += countLines(segment);
      const last = chunks.at(-1)?.title;
      if (kind === "markdown" && last) {
        title = last.replace(/ \(part \d+\/\d+\)$/, "");
      }
    };
    for (const segment of first) write(segment);
    while (!next.done) {
      write(next.value);
      next = await segments.next();
    }
    const outcome = writer.commit({ hash: hash.digest("hex"), bytes });
    return { ...outcome, kind, bytes, scrubbed };
  } catch (error) {
    writer.discard();
    throw error;
  }
}

function countLines(text: string): number {
  let count = 0;
  let at = text.indexOf("\n");
  while (at !== -1) {
    count++;
    at = text.indexOf("\n", at + 1);
  }
  return count;
}

/**
 * Decodes a byte stream into segments of about `size` characters, each cut
 * after a blank line (before a heading where there is one), else after a line,
 * else at `size` (never inside a surrogate pair).
 */
export async function* textSegments(
  pieces: AsyncIterable<Uint8Array>,
  size: number,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const piece of pieces) {
    buffer += decoder.decode(piece, { stream: true });
    while (buffer.length >= size) {
      const cut = cutPoint(buffer, size);
      yield buffer.slice(0, cut);
      buffer = buffer.slice(cut);
    }
  }
  buffer += decoder.decode();
  while (buffer.length > size) {
    const cut = cutPoint(buffer, size);
    yield buffer.slice(0, cut);
    buffer = buffer.slice(cut);
  }
  if (buffer !== "") yield buffer;
}

function cutPoint(text: string, size: number): number {
  const heading = text.lastIndexOf("\n\n#", size - 3);
  if (heading >= size / 2) return heading + 2;
  const blank = text.lastIndexOf("\n\n", size - 2);
  if (blank >= size / 2) return blank + 2;
  const line = text.lastIndexOf("\n", size - 1);
  if (line >= size / 4) return line + 1;
  const code = text.charCodeAt(size - 1);
  return code >= 0xd800 && code <= 0xdbff ? size - 1 : size;
}
