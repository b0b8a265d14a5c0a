/**
 * The hidden `context` column of a chunk: words a search should match that
 * neither its title nor its body spell out as words of their own. The parts
 * of camelCase identifiers (`keepAliveTimeout` → keep alive timeout), the
 * words of the source label (`Reference/Server.md` → reference server), and
 * what the chunker knew about the document (a manual's name and summary).
 *
 * Pure: it must never do I/O.
 *
 * @module
 */

import type { Chunk } from "./chunk.ts";

const MAX_CONTEXT_CHARS = 2000;

/**
 * The context words of one chunk.
 *
 * @param label The source label.
 * @param chunk The chunk, with what its chunker put in `context`.
 * @returns Space-separated words, possibly empty.
 */
export function contextTerms(label: string, chunk: Chunk): string {
  const words = new Set<string>();
  for (const [word] of label.matchAll(/\p{L}[\p{L}\p{N}]*/gu)) {
    if (!/^(?:md|markdown|txt|html?|json)$/i.test(word)) {
      words.add(word.toLowerCase());
    }
  }
  for (const part of camelParts(`${chunk.title}\n${chunk.body}`)) {
    words.add(part);
  }
  const context = [chunk.context ?? "", ...words].join(" ").trim();
  return context.length > MAX_CONTEXT_CHARS
    ? context.slice(0, MAX_CONTEXT_CHARS)
    : context;
}

/**
 * The lower-case parts of the camelCase words in a text, each once. Only
 * ASCII names are split: the scan for a small letter before a capital is
 * what keeps this off the indexing profile.
 */
export function camelParts(text: string): Set<string> {
  const parts = new Set<string>();
  for (const [token] of text.matchAll(/[A-Za-z]*[a-z][A-Z][A-Za-z]*/g)) {
    for (const part of token.split(/(?<=[a-z])(?=[A-Z])/)) {
      if (part.length >= 2) parts.add(part.toLowerCase());
    }
  }
  return parts;
}
