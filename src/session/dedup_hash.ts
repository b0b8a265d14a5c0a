/**
 * The identity of an event: a short hash of what it says, so the same event
 * recorded twice is stored once.
 *
 * Pure arithmetic on 32-bit integers: loading a cryptographic hash costs a
 * hook process more than it would ever save, and collisions only merge two
 * events of one session.
 *
 * @module
 */

import type { EventDraft } from "./types.ts";

/**
 * A 64-bit hash of a text as 16 hex characters: two FNV-1a lanes over its
 * UTF-16 code units with different offsets and a final avalanche each.
 *
 * @param text Any text.
 * @returns 16 lowercase hex characters.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { textHash } from "./dedup_hash.ts";
 * assert.match(textHash("git status"), /^[0-9a-f]{16}$/);
 * assert.equal(textHash("a"), textHash("a"));
 * assert.notEqual(textHash("ab"), textHash("ba"));
 * ```
 */
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return hex(avalanche(a)) + hex(avalanche(b ^ a));
}

/**
 * The identity of an event: its category, type, subject and data.
 *
 * @param draft The event.
 * @returns 16 hex characters; equal drafts hash equal.
 */
export function eventHash(draft: EventDraft): string {
  return textHash(
    `${draft.category}\u0000${draft.type}\u0000${draft.subject}\u0000${
      JSON.stringify(draft.data)
    }`,
  );
}

function avalanche(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex(value: number): string {
  return value.toString(16).padStart(8, "0");
}
