/**
 * The fetch cache: which URL was fetched when, under which source label, and
 * the receipt and outline to answer with while the entry is fresh.
 *
 * An entry is valid only while its source still holds the content indexed
 * from that fetch; a purge or a re-index of the label makes it stale without
 * anyone having to remember this table. Freshness (the 24 h window) is the
 * caller's policy, not this module's. This module never fetches, never prints
 * and never writes outside the `fetch_cache` table.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import type { ContentKind } from "./chunk.ts";

/** What a fetch left behind, as recorded. */
export interface FetchCacheRecord {
  /** The requested URL, normalised (the cache key). */
  url: string;
  /** The URL the content came from, after redirects. */
  finalUrl: string;
  /** The source label the content was indexed under. */
  source: string;
  /** When it was fetched, in milliseconds since the epoch. */
  fetchedAt: number;
  /** The HTTP status of the final response. */
  status: number;
  /** The media type of the response, e.g. `text/html`. */
  contentType: string;
  /** How the content was chunked. */
  kind: ContentKind;
  /** The bytes read from the response body. */
  bytes: number;
  /** Whether the body was cut at the size cap. */
  truncated: boolean;
  /** The outline to show instead of the content. */
  outline: string;
}

/** A cache entry whose source still holds what was fetched. */
export interface FetchCacheEntry extends FetchCacheRecord {
  /** The number of chunks the source has now. */
  chunks: number;
}

/**
 * The fetch cache of one knowledge base. Get one from
 * `KnowledgeBase.fetchCache()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { KnowledgeBase } from "./knowledge_base.ts";
 * using kb = KnowledgeBase.open(":memory:");
 * kb.index({ label: "example.com", content: "Hello", kind: "text" });
 * const cache = kb.fetchCache();
 * cache.put({
 *   url: "https://example.com/", finalUrl: "https://example.com/",
 *   source: "example.com", fetchedAt: 0, status: 200,
 *   contentType: "text/plain", kind: "text", bytes: 5, truncated: false,
 *   outline: "",
 * });
 * assert.equal(cache.get("https://example.com/")?.chunks, 1);
 * kb.index({ label: "example.com", content: "Replaced", kind: "text" });
 * assert.equal(cache.get("https://example.com/"), undefined);
 * ```
 */
export class FetchCache {
  #db: DatabaseSync;

  /**
   * Wraps a knowledge-base connection whose schema has the `fetch_cache` table.
   *
   * @param db An open connection from `openDatabase`.
   */
  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /**
   * The entry for a URL, if its source still holds the content that fetch indexed.
   *
   * @param url The normalised URL.
   * @returns The entry with the source's current chunk count, or `undefined`.
   */
  get(url: string): FetchCacheEntry | undefined {
    const row = this.#db.prepare(
      `SELECT f.*, s.chunk_count FROM fetch_cache f
       JOIN sources s ON s.label = f.source AND s.content_hash = f.content_hash
       WHERE f.url = ?`,
    ).get(url);
    if (!row) return undefined;
    return {
      url: String(row.url),
      finalUrl: String(row.final_url),
      source: String(row.source),
      fetchedAt: Number(row.fetched_at),
      status: Number(row.status),
      contentType: String(row.content_type),
      kind: row.kind as ContentKind,
      bytes: Number(row.bytes),
      truncated: Number(row.truncated) !== 0,
      outline: String(row.outline),
      chunks: Number(row.chunk_count),
    };
  }

  /**
   * Records a fetch, tied to what its source holds right now; call it right
   * after indexing. Nothing is recorded when the source does not exist.
   *
   * @param record The fetch to remember; replaces any entry for the same URL.
   * @returns Whether an entry was written.
   */
  put(record: FetchCacheRecord): boolean {
    const result = this.#db.prepare(
      `INSERT OR REPLACE INTO fetch_cache (url, final_url, source, content_hash,
         fetched_at, status, content_type, kind, bytes, truncated, outline)
       SELECT ?, ?, label, content_hash, ?, ?, ?, ?, ?, ?, ?
       FROM sources WHERE label = ?`,
    ).run(
      record.url,
      record.finalUrl,
      record.fetchedAt,
      record.status,
      record.contentType,
      record.kind,
      record.bytes,
      record.truncated ? 1 : 0,
      record.outline,
      record.source,
    );
    return Number(result.changes) > 0;
  }

  /**
   * Forgets every entry, stale or not (for a purge).
   *
   * @returns How many entries were removed.
   */
  clear(): number {
    return Number(this.#db.prepare("DELETE FROM fetch_cache").run().changes);
  }
}
