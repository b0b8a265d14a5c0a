/**
 * Cuts a JSON document into chunks along its structure, each titled by the
 * JSON path of what it holds.
 *
 * Rules:
 * - A value whose pretty form (`JSON.stringify(value, null, 2)`) fits the cap
 *   is one chunk; the whole document fits as one chunk titled `$`.
 * - A larger object or array is cut into its children. Consecutive children
 *   are packed into one chunk up to the cap; a child too big on its own is cut
 *   the same way, one level down.
 * - Paths: `$`, `$.name`, `$.users[3]`, and `$["a b"]` for keys that are not
 *   identifiers. A group of array items is titled with an inclusive range,
 *   `$.users[0..4]`; a group of object entries with its keys in braces,
 *   `$.config{a,b,c,…}` (at most 3 keys, each cut to 40 characters, then `…`).
 *   A group of one child is titled with the child's plain path.
 * - The body of an array group is its items' pretty forms joined by `,\n`; the
 *   body of an object group is its `"key": value` entries joined by `,\n`, so
 *   key names are searchable.
 * - A string too big for the cap is split with {@linkcode splitOversize} on its
 *   decoded text (no quotes or escapes), titled `"<path> (part k/n)"`.
 * - A document nested deeper than {@linkcode MAX_JSON_DEPTH} levels is
 *   refused with a {@linkcode JsonTooDeepError} before any of this: its
 *   pretty form grows with the square of its depth, and the cutting recurses
 *   once per level.
 *
 * This module is pure: it must never do I/O, and never guess at invalid JSON
 * (the caller decides what to do with a `SyntaxError`).
 *
 * @module
 */

import { type Chunk, type ChunkOptions, MAX_CHUNK_BYTES } from "./chunk.ts";
import {
  assertMaxBytes,
  splitOversize,
  utf8ByteLength,
} from "./split_oversize.ts";

const GROUP_TITLE_KEYS = 3;
const GROUP_TITLE_KEY_CHARS = 40;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The deepest nesting chunked by structure; deeper documents are refused. */
export const MAX_JSON_DEPTH = 64;

/** A JSON document nested too deep to chunk by structure (the caller may chunk it as text). */
export class JsonTooDeepError extends RangeError {
  override name = "JsonTooDeepError";
}

/** A value as `JSON.parse` returns it. */
type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

/**
 * Splits a JSON document into chunks titled by JSON path.
 *
 * @param text The JSON source.
 * @param options The size cap; `fallbackTitle` is not used, as every chunk has a path.
 * @returns The chunks in document order; none has a blank body or exceeds the cap.
 * @throws {SyntaxError} When `text` is not valid JSON.
 * @throws {JsonTooDeepError} When it is nested deeper than {@linkcode MAX_JSON_DEPTH} levels.
 * @throws {RangeError} When `options.maxBytes` is not an integer of at least 4.
 *
 * @example Group small array items and title them with their index range
 * ```ts
 * import assert from "node:assert/strict";
 * import { chunkJson } from "./chunk_json.ts";
 *
 * const users = Array.from({ length: 6 }, (_, id) => ({ id, name: `user ${id}` }));
 * const chunks = chunkJson(JSON.stringify({ users }), { maxBytes: 160 });
 * assert.deepEqual(chunks.map((chunk) => chunk.title), [
 *   "$.users[0..3]",
 *   "$.users[4..5]",
 * ]);
 * ```
 */
export function chunkJson(text: string, options?: ChunkOptions): Chunk[] {
  const maxBytes = assertMaxBytes(options?.maxBytes ?? MAX_CHUNK_BYTES);
  const value = JSON.parse(text) as JsonValue;
  if (deeperThan(value, MAX_JSON_DEPTH)) {
    throw new JsonTooDeepError(
      `Cannot chunk JSON by structure: it is nested more than ${MAX_JSON_DEPTH} levels deep`,
    );
  }
  const chunks: Chunk[] = [];
  chunkValue(value, "$", maxBytes, chunks);
  return chunks;
}

/** Whether `value` nests containers more than `limit` deep; iterative, so any depth is safe. */
function deeperThan(value: JsonValue, limit: number): boolean {
  const pending: Array<[JsonValue, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === "object") {
        pending.push([child, depth + 1]);
      }
    }
  }
  return false;
}

/** One child of a container, rendered the way a group body shows it. */
interface Child {
  value: JsonValue;
  path: string;
  /** The key for an object entry, or the index for an array item. */
  key: string | number;
  /** The child's text inside a group body (`"key": value` for entries). */
  text: string;
  bytes: number;
}

function chunkValue(
  value: JsonValue,
  path: string,
  maxBytes: number,
  chunks: Chunk[],
): void {
  const pretty = JSON.stringify(value, null, 2);
  if (utf8ByteLength(pretty) <= maxBytes) {
    chunks.push({ title: path, body: pretty });
    return;
  }
  if (typeof value === "string") {
    const pieces = splitOversize(value, maxBytes).filter((piece) =>
      piece.trim() !== ""
    );
    pieces.forEach((body, index) => {
      chunks.push({
        title: pieces.length === 1
          ? path
          : `${path} (part ${index + 1}/${pieces.length})`,
        body,
      });
    });
    return;
  }
  if (value === null || typeof value !== "object") {
    // Numbers, booleans and null serialise to a few bytes; only a tiny cap
    // makes them oversized.
    for (const body of splitOversize(pretty, maxBytes)) {
      chunks.push({ title: path, body });
    }
    return;
  }
  const children = Array.isArray(value)
    ? value.map((item, index): Child => itemChild(item, index, path))
    : Object.entries(value).map(([key, item]): Child =>
      entryChild(key, item, path)
    );
  packChildren(children, Array.isArray(value), path, maxBytes, chunks);
}

function itemChild(value: JsonValue, index: number, path: string): Child {
  const text = JSON.stringify(value, null, 2);
  return {
    value,
    path: `${path}[${index}]`,
    key: index,
    text,
    bytes: utf8ByteLength(text),
  };
}

function entryChild(key: string, value: JsonValue, path: string): Child {
  const text = `${JSON.stringify(key)}: ${JSON.stringify(value, null, 2)}`;
  return {
    value,
    path: path + keyAccessor(key),
    key,
    text,
    bytes: utf8ByteLength(text),
  };
}

function keyAccessor(key: string): string {
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

function packChildren(
  children: Child[],
  isArray: boolean,
  path: string,
  maxBytes: number,
  chunks: Chunk[],
): void {
  let group: Child[] = [];
  let groupBytes = 0;
  const flush = (): void => {
    const first = group[0];
    if (first !== undefined) {
      chunks.push({
        title: group.length === 1
          ? withIdentity(first.path, first.value)
          : groupTitle(group, isArray, path),
        body: group.map((child) => child.text).join(",\n"),
      });
    }
    group = [];
    groupBytes = 0;
  };
  for (const child of children) {
    if (child.bytes > maxBytes) {
      flush();
      chunkValue(child.value, child.path, maxBytes, chunks);
      continue;
    }
    const joined = group.length === 0
      ? child.bytes
      : groupBytes + 2 + child.bytes;
    if (joined > maxBytes) {
      flush();
      group = [child];
      groupBytes = child.bytes;
    } else {
      group.push(child);
      groupBytes = joined;
    }
  }
  flush();
}

/** Fields that name a record, in the order they are preferred. */
const IDENTITY_KEYS = ["name", "title", "number", "id", "key", "slug"];

/**
 * A record's path with what names it (`$[17] (title: Fix the parser)`), so a
 * search for "issue 17" or a name finds the record, not the 17th item.
 */
function withIdentity(path: string, value: unknown): string {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return path;
  }
  const record = value as Record<string, unknown>;
  const named = IDENTITY_KEYS.filter((key) => {
    const field = record[key];
    return typeof field === "string" && field.trim() !== "" ||
      typeof field === "number";
  }).slice(0, 2);
  if (named.length === 0) return path;
  const parts = named.map((key) => {
    const text = String(record[key]).replace(/\s+/g, " ").trim();
    return `${key}: ${
      [...text].length > 60 ? [...text].slice(0, 59).join("") + "…" : text
    }`;
  });
  return `${path} (${parts.join(", ")})`;
}

function groupTitle(group: Child[], isArray: boolean, path: string): string {
  if (isArray) {
    return `${path}[${group[0]?.key}..${group.at(-1)?.key}]`;
  }
  const names = group.slice(0, GROUP_TITLE_KEYS).map((child) => {
    const key = String(child.key);
    const short = [...key].length > GROUP_TITLE_KEY_CHARS
      ? [...key].slice(0, GROUP_TITLE_KEY_CHARS - 1).join("") + "…"
      : key;
    return IDENTIFIER.test(key) ? short : JSON.stringify(short);
  });
  if (group.length > GROUP_TITLE_KEYS) names.push("…");
  return `${path}{${names.join(",")}}`;
}
