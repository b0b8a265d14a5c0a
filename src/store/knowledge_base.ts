/**
 * The knowledge base of one project: indexing content as ranked, searchable
 * chunks, and answering queries with small snippets.
 *
 * Writes happen in one transaction per source, so a crash or a concurrent
 * writer never leaves a half-indexed source and never loses what was there.
 * This module never prints and never touches files other than its database.
 *
 * @module
 */

import { createHash } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { ChunkOptions, ContentKind } from "./chunk.ts";
import { chunkContent } from "./chunk_content.ts";
import { chunkLines } from "./_chunk_lines.ts";
import { openDatabase, reason, writeTransaction } from "./database.ts";
import { detectKind } from "./detect_kind.ts";
import { oneProgramPage } from "./_source_shape.ts";
import { FetchCache } from "./fetch_cache.ts";
import {
  type Scrubbed,
  scrubTokenShapes,
  type SecretScrubber,
} from "./scrub_secrets.ts";
import { indexByteStream } from "./_index_stream.ts";
import { StagedSource } from "./_staged_source.ts";
import { ToolCallLog } from "./tool_calls.ts";
import { vocabularyWords } from "./_terms.ts";
import { contextTerms } from "./_context_terms.ts";
import { rememberWords } from "./_vocabulary.ts";
import { utf8ByteLength } from "./split_oversize.ts";
import { type QueryResult, Searcher, type SearchOptions } from "./_search.ts";
import { fuseResults } from "./fuse_results.ts";

/** How deep each phrasing is read before fusion: a hit at rank 20 still counts. */
const FUSION_DEPTH = 20;

export type { Correction } from "./_correct.ts";
export type {
  QueryResult,
  SearchHit,
  SearchOptions,
  SearchPlace,
} from "./_search.ts";

/** What to index. */
export interface IndexInput {
  /** The source label; indexing the same label again replaces its chunks. */
  label: string;
  /** The text to index. */
  content: string;
  /** Where it came from: a path, a URL or a command. @default {""} */
  origin?: string;
  /** How to chunk it; detected from the label and content when absent. @default {undefined} */
  kind?: ContentKind | undefined;
  /**
   * Whether the content is the text of a file as it stands, so that hits
   * give the line of it they start on; not for text rewritten on the way in
   * (HTML made Markdown) or that no one can open at a line (command output).
   *
   * @default {false}
   */
  lines?: boolean;
}

/** What to index from a stream. */
export interface IndexStreamInput {
  /** The source label; indexing the same label again replaces its chunks. */
  label: string;
  /** Where it came from: a path, a URL or a command. @default {""} */
  origin?: string;
  /** How to chunk it; detected from the label and the first megabyte when absent. @default {undefined} */
  kind?: ContentKind | undefined;
}

/** Options for {@linkcode KnowledgeBase.indexStream}. */
export interface IndexStreamOptions {
  /** Aborting stops between segments and leaves the label as it was. @default {undefined} */
  signal?: AbortSignal | undefined;
  /** Characters per segment; content of up to four segments is indexed in one piece. @default {1_048_576} */
  segmentChars?: number | undefined;
}

/** The receipt of one indexing call. */
export interface IndexReceipt {
  /** The source label. */
  label: string;
  /** `indexed` (new label), `replaced` (new content for a known label) or `unchanged` (same content: nothing written). */
  status: "indexed" | "replaced" | "unchanged";
  /** How the content was chunked. */
  kind: ContentKind;
  /** The number of chunks the source now has. */
  chunks: number;
  /** The size of the content in UTF-8 bytes. */
  bytes: number;
  /** How many secrets were scrubbed from the label, origin and content before indexing. */
  scrubbed: number;
}

/** One indexed source. */
export interface SourceInfo {
  /** Its label. */
  label: string;
  /** Where it came from. */
  origin: string;
  /** How it was chunked. */
  kind: ContentKind;
  /** Its size in UTF-8 bytes. */
  bytes: number;
  /** Its number of chunks. */
  chunks: number;
  /** When it was indexed, in milliseconds since the epoch. */
  indexedAt: number;
}

/** Totals of a knowledge base. */
export interface KnowledgeBaseStats {
  /** Indexed sources. */
  sources: number;
  /** Chunks over all sources. */
  chunks: number;
  /** Bytes of indexed content. */
  bytes: number;
}

/** Options for opening a knowledge base. */
export interface KnowledgeBaseOptions {
  /** The clock, in milliseconds since the epoch. @default {Date.now} */
  now?: () => number;
  /** Options passed to every chunker. @default {{}} */
  chunking?: ChunkOptions;
  /** Scrubs secrets from what is indexed. @default {token shapes and private keys only} */
  scrubber?: SecretScrubber;
}

const SHAPES_ONLY: SecretScrubber = { scrub: scrubTokenShapes };

/**
 * A project's knowledge base, backed by one SQLite file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { KnowledgeBase } from "./knowledge_base.ts";
 * using kb = KnowledgeBase.open(":memory:");
 * kb.index({ label: "notes", content: "# Deploy\n\nRun `kubectl apply` to roll out." });
 * const [result] = kb.search(["kubectl rollout"]);
 * assert.equal(result?.hits[0]?.source, "notes");
 * ```
 */
export class KnowledgeBase {
  /** The database file. */
  readonly path: string;
  #db: DatabaseSync;
  #searcher: Searcher;
  #now: () => number;
  #chunking: ChunkOptions;
  #scrubber: SecretScrubber;

  private constructor(
    path: string,
    db: DatabaseSync,
    options: KnowledgeBaseOptions,
  ) {
    this.path = path;
    this.#db = db;
    this.#searcher = new Searcher(db);
    this.#now = options.now ?? Date.now;
    this.#chunking = options.chunking ?? {};
    this.#scrubber = options.scrubber ?? SHAPES_ONLY;
  }

  /**
   * Opens the knowledge base stored in `path`, creating it when missing.
   *
   * @param path A database file, or `:memory:`.
   * @param options The clock, chunking options and secret scrubber.
   * @returns The open knowledge base; close it (or `using`) when done.
   */
  static open(path: string, options: KnowledgeBaseOptions = {}): KnowledgeBase {
    return new KnowledgeBase(path, openDatabase(path), options);
  }

  /**
   * Indexes content under a label, replacing what the label held before, in
   * one transaction. Secrets in the label, origin and content are scrubbed first.
   *
   * @param input The label, content, origin and optional kind.
   * @returns A receipt; `unchanged` when the label already holds this exact content.
   */
  index(input: IndexInput): IndexReceipt {
    const labelScrub = this.#scrubber.scrub(input.label.trim());
    const label = labelScrub.text;
    if (!label) {
      throw new TypeError('Cannot index under label "": the label is empty');
    }
    const originScrub = this.#scrubber.scrub(input.origin ?? "");
    const contentScrub = this.#scrubber.scrub(input.content);
    const content = contentScrub.text;
    const scrubbed = labelScrub.count + originScrub.count + contentScrub.count;
    const kind = input.kind ?? narrowKind(detectKind(label, content));
    const bytes = utf8ByteLength(content);
    const hash = createHash("sha256").update(kind).update("\0").update(
      content,
    ).digest("hex");
    const existing = this.#db.prepare(
      "SELECT id, content_hash, chunk_count FROM sources WHERE label = ?",
    ).get(label);
    if (existing && existing.content_hash === hash) {
      return {
        label,
        status: "unchanged",
        kind,
        chunks: Number(existing.chunk_count),
        bytes,
        scrubbed,
      };
    }
    const chunks = chunkContent(content, kind, {
      fallbackTitle: label,
      ...this.#chunking,
    });
    this.#write(label, () => {
      this.#db.prepare("DELETE FROM sources WHERE label = ?").run(label);
      const source = this.#db.prepare(
        `INSERT INTO sources (label, origin, kind, content_hash, bytes, chunk_count, indexed_at, one_program)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      ).get(
        label,
        originScrub.text,
        kind,
        hash,
        bytes,
        chunks.length,
        this.#now(),
        oneProgramPage(kind, chunks) ? 1 : 0,
      );
      const insertChunk = this.#db.prepare(
        "INSERT INTO chunks (source_id, ordinal, title, body, context, line) VALUES (?, ?, ?, ?, ?, ?)",
      );
      // JSON chunks are values written out again, not lines of the source.
      const lines = input.lines !== true || kind === "json"
        ? []
        : chunkLines(content, chunks.map((chunk) => chunk.body));
      chunks.forEach((chunk, ordinal) =>
        insertChunk.run(
          source!.id!,
          ordinal,
          chunk.title,
          chunk.body,
          contextTerms(label, chunk),
          lines[ordinal] ?? 0,
        )
      );
      this.#remember(
        chunks.map((chunk) => `${chunk.title}\n${chunk.body}`).join("\n"),
      );
    });
    return {
      label,
      status: existing ? "replaced" : "indexed",
      kind,
      chunks: chunks.length,
      bytes,
      scrubbed,
    };
  }

  /**
   * Indexes content that arrives as UTF-8 bytes, of any size, holding about a
   * megabyte of it at a time. Up to a few megabytes it is indexed as
   * {@linkcode KnowledgeBase.index} would; beyond, segment by segment in short
   * transactions (so other writers never wait long), as Markdown or text, and
   * the label changes over to the new content only once all of it is in.
   *
   * @param input The label, origin and optional kind.
   * @param pieces The bytes, in order.
   * @param options An abort signal.
   * @returns A receipt, as from `index`.
   * @throws {Error} When a write fails or the stream throws; the label keeps what it held.
   */
  async indexStream(
    input: IndexStreamInput,
    pieces: AsyncIterable<Uint8Array>,
    options: IndexStreamOptions = {},
  ): Promise<IndexReceipt> {
    const label = input.label.trim();
    if (!label) {
      throw new TypeError('Cannot index under label "": the label is empty');
    }
    const origin = this.#scrubber.scrub(input.origin ?? "").text;
    const outcome = await indexByteStream(pieces, {
      label,
      kind: input.kind,
      chunking: this.#chunking,
      signal: options.signal,
      segmentChars: options.segmentChars,
      whole: (content, kind) => this.index({ label, origin, content, kind }),
      scrub: (text) => this.#scrubber.scrub(text),
      stage: (kind) =>
        StagedSource.begin(this.#db, {
          path: this.path,
          label,
          origin,
          kind,
          now: this.#now,
        }),
    });
    return { label, ...outcome };
  }

  /**
   * Answers each query with ranked snippets.
   *
   * @param queries Free text; any text is safe, none of it is FTS5 syntax.
   * @param options A source filter, the most hits per query, the snippet size.
   * @returns One result per query, in order.
   */
  search(
    queries: readonly string[],
    options: SearchOptions = {},
  ): QueryResult[] {
    const limit = options.limit ?? 5;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(
        `Cannot search with limit "${limit}": use a whole number from 1`,
      );
    }
    return queries.map((query) => {
      try {
        return this.#searcher.search(query, { ...options, limit });
      } catch (error) {
        throw new Error(`Cannot search "${this.path}": ${reason(error)}`);
      }
    });
  }

  /**
   * Answers several phrasings of one question with one fused list
   * (reciprocal rank fusion of each phrasing's ranking).
   *
   * @param phrasings Free text, each a way to ask the same question.
   * @param options As for {@link search}; `limit` is the size of the fused list.
   * @returns One result whose query joins the phrasings with " | ".
   */
  searchFused(
    phrasings: readonly string[],
    options: SearchOptions = {},
  ): QueryResult {
    const limit = options.limit ?? 5;
    const depth = Math.max(limit * 3, FUSION_DEPTH);
    return fuseResults(
      this.search(phrasings, { ...options, limit: depth }),
      limit,
    );
  }

  /**
   * Scrubs secrets out of text with this knowledge base's scrubber, for text
   * that is returned or summarised as well as indexed.
   *
   * @param text Any text.
   * @returns The scrubbed text and how many secrets were replaced.
   */
  scrub(text: string): Scrubbed {
    return this.#scrubber.scrub(text);
  }

  /** Every indexed source, by label. */
  sources(): SourceInfo[] {
    return this.#db.prepare(
      "SELECT label, origin, kind, bytes, chunk_count, indexed_at FROM sources WHERE content_hash <> '' ORDER BY label",
    ).all().map((row) => ({
      label: String(row.label),
      origin: String(row.origin),
      kind: row.kind as ContentKind,
      bytes: Number(row.bytes),
      chunks: Number(row.chunk_count),
      indexedAt: Number(row.indexed_at),
    }));
  }

  /** Totals over every source. */
  stats(): KnowledgeBaseStats {
    const row = this.#db.prepare(
      "SELECT count(*) AS sources, coalesce(sum(chunk_count), 0) AS chunks, coalesce(sum(bytes), 0) AS bytes FROM sources WHERE content_hash <> ''",
    ).get();
    return {
      sources: Number(row?.sources),
      chunks: Number(row?.chunks),
      bytes: Number(row?.bytes),
    };
  }

  /**
   * Removes every source, chunk, vocabulary word and fetch-cache entry, then
   * compacts the file.
   *
   * @returns What was removed.
   */
  purge(): KnowledgeBaseStats {
    const before = this.stats();
    this.#write("every source", () => {
      this.#db.exec(
        "DELETE FROM chunks; DELETE FROM sources; DELETE FROM vocabulary; DELETE FROM fetch_cache",
      );
      this.#db.exec(
        "INSERT INTO chunks_words(chunks_words) VALUES ('rebuild')",
      );
      this.#db.exec(
        "INSERT INTO vocabulary_trigram(vocabulary_trigram) VALUES ('rebuild')",
      );
    });
    if (this.path !== ":memory:") this.#db.exec("VACUUM");
    return before;
  }

  /** The cache of fetched URLs kept beside this knowledge base's sources. */
  fetchCache(): FetchCache {
    return new FetchCache(this.#db);
  }

  /** The record of MCP tool calls kept beside this knowledge base's sources. */
  toolCalls(): ToolCallLog {
    return new ToolCallLog(this.#db);
  }

  /** Closes the database. */
  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  /** Closes the database (for `using`). */
  [Symbol.dispose](): void {
    this.close();
  }

  /** Adds a source's words to the vocabulary that fuzzy correction draws on. */
  #remember(text: string): void {
    rememberWords(this.#db, vocabularyWords(text));
  }

  #write(what: string, work: () => void): void {
    writeTransaction(this.#db, { path: this.path, what }, work);
  }
}

function narrowKind(kind: ContentKind | "binary"): ContentKind {
  return kind === "binary" ? "text" : kind;
}
