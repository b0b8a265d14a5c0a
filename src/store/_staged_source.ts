/**
 * A source written in many short transactions instead of one long one: its
 * chunks go in batch by batch under a hidden row (an empty `content_hash`,
 * which searches, listings and totals skip), and one short transaction at the
 * end puts it in place of what the label held. Other writers (hooks, a second
 * server) never wait long for the lock, readers never see half a source, and a
 * crash leaves only a hidden row that a later staged write removes.
 *
 * This module never reads content and never decides how to chunk it.
 *
 * @module
 */

import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Chunk, ContentKind } from "./chunk.ts";
import { writeTransaction } from "./database.ts";
import { vocabularyWords } from "./_terms.ts";
import { contextTerms } from "./_context_terms.ts";
import { rememberWords } from "./_vocabulary.ts";

/** The `content_hash` of a row that is being written or being removed. */
const HIDDEN = "";
/** A hidden row untouched this long belongs to a writer that is gone. */
const STALE_MS = 60 * 60 * 1000;
/** Chunks removed per transaction when a hidden source is cleared. */
const DELETE_BATCH = 500;
/** Distinct words remembered per staged source, to count each use once; past it a word may count twice. */
const SEEN_WORDS = 200_000;

/** What a staged source ends as. */
export interface StagedOutcome {
  /** `indexed` (new label), `replaced` or `unchanged` (the label already held this content). */
  status: "indexed" | "replaced" | "unchanged";
  /** The chunks the label now has. */
  chunks: number;
}

/** A source being written; finish it with `commit` or `discard`. */
export class StagedSource {
  #db: DatabaseSync;
  #path: string;
  #label: string;
  #id: number;
  #now: () => number;
  #chunks = 0;
  #seen = new Set<string>();
  #open = true;

  private constructor(
    db: DatabaseSync,
    path: string,
    label: string,
    id: number,
    now: () => number,
  ) {
    this.#db = db;
    this.#path = path;
    this.#label = label;
    this.#id = id;
    this.#now = now;
  }

  /**
   * Starts a hidden source, first clearing hidden rows left by writers that are gone.
   *
   * @param db The open project database.
   * @param source The database path (for messages), the label, origin, kind and clock.
   * @returns The staged source.
   */
  static begin(
    db: DatabaseSync,
    source: {
      path: string;
      label: string;
      origin: string;
      kind: ContentKind;
      now: () => number;
    },
  ): StagedSource {
    const stale = db.prepare(
      "SELECT id FROM sources WHERE content_hash = ? AND indexed_at < ?",
    ).all(HIDDEN, source.now() - STALE_MS);
    for (const row of stale) {
      clearSource(db, source.path, Number(row.id));
    }
    let id = 0;
    writeTransaction(db, { path: source.path, what: source.label }, () => {
      const row = db.prepare(
        `INSERT INTO sources (label, origin, kind, content_hash, bytes, chunk_count, indexed_at)
         VALUES (?, ?, ?, ?, 0, 0, ?) RETURNING id`,
      ).get(
        hiddenLabel(source.label),
        source.origin,
        source.kind,
        HIDDEN,
        source.now(),
      );
      id = Number(row?.id);
    });
    return new StagedSource(db, source.path, source.label, id, source.now);
  }

  /** The chunks added so far. */
  get chunks(): number {
    return this.#chunks;
  }

  /**
   * Adds chunks in one transaction, with their words for fuzzy correction.
   *
   * @param chunks The next chunks, in order.
   * @throws {Error} When the write fails (the source was purged meanwhile, the disk is full).
   */
  add(chunks: readonly Chunk[]): void {
    if (chunks.length === 0) return;
    const words = vocabularyWords(
      chunks.map((chunk) => `${chunk.title}\n${chunk.body}`).join("\n"),
    ).filter((word) => !this.#seen.has(word));
    for (const word of words) {
      if (this.#seen.size < SEEN_WORDS) this.#seen.add(word);
    }
    writeTransaction(this.#db, { path: this.#path, what: this.#label }, () => {
      const insert = this.#db.prepare(
        "INSERT INTO chunks (source_id, ordinal, title, body, context) VALUES (?, ?, ?, ?, ?)",
      );
      for (const chunk of chunks) {
        insert.run(
          this.#id,
          this.#chunks++,
          chunk.title,
          chunk.body,
          contextTerms(this.#label, chunk),
        );
      }
      // A heartbeat: a hidden row that keeps moving is not stale.
      this.#db.prepare("UPDATE sources SET indexed_at = ? WHERE id = ?").run(
        this.#now(),
        this.#id,
      );
      rememberWords(this.#db, words);
    });
  }

  /**
   * Puts the staged source in place of what its label held, in one short
   * transaction; the old chunks are cleared afterwards, batch by batch.
   *
   * @param content The hash of the whole content and its size in UTF-8 bytes.
   * @returns How the label changed and its chunk count.
   */
  commit(content: { hash: string; bytes: number }): StagedOutcome {
    this.#open = false;
    let retired: number | undefined;
    let outcome: StagedOutcome = { status: "indexed", chunks: this.#chunks };
    writeTransaction(this.#db, { path: this.#path, what: this.#label }, () => {
      const existing = this.#db.prepare(
        "SELECT id, content_hash, chunk_count FROM sources WHERE label = ?",
      ).get(this.#label);
      if (existing && existing.content_hash === content.hash) {
        outcome = {
          status: "unchanged",
          chunks: Number(existing.chunk_count),
        };
        return;
      }
      if (existing) {
        retired = Number(existing.id);
        outcome = { status: "replaced", chunks: this.#chunks };
        this.#db.prepare(
          "UPDATE sources SET label = ?, content_hash = ? WHERE id = ?",
        ).run(hiddenLabel(this.#label), HIDDEN, retired);
      }
      this.#db.prepare(
        `UPDATE sources SET label = ?, content_hash = ?, bytes = ?, chunk_count = ?, indexed_at = ?
         WHERE id = ?`,
      ).run(
        this.#label,
        content.hash,
        content.bytes,
        this.#chunks,
        this.#now(),
        this.#id,
      );
    });
    if (outcome.status === "unchanged") {
      clearSource(this.#db, this.#path, this.#id);
    } else if (retired !== undefined) {
      clearSource(this.#db, this.#path, retired);
    }
    return outcome;
  }

  /** Removes what was staged; a no-op after `commit`. */
  discard(): void {
    if (!this.#open) return;
    this.#open = false;
    clearSource(this.#db, this.#path, this.#id);
  }
}

/** A label no caller picks: the real one, a NUL and a random id. */
function hiddenLabel(label: string): string {
  return `${label}\0${randomUUID()}`;
}

/** Deletes a hidden source's chunks in short transactions, then its row. */
function clearSource(db: DatabaseSync, path: string, id: number): void {
  const what = `hidden source ${id}`;
  let removed = DELETE_BATCH;
  while (removed === DELETE_BATCH) {
    writeTransaction(db, { path, what }, () => {
      removed = Number(
        db.prepare(
          `DELETE FROM chunks WHERE id IN
           (SELECT id FROM chunks WHERE source_id = ? LIMIT ${DELETE_BATCH})`,
        ).run(id).changes,
      );
    });
  }
  writeTransaction(db, { path, what }, () => {
    db.prepare("DELETE FROM sources WHERE id = ? AND content_hash = ?").run(
      id,
      HIDDEN,
    );
  });
}
