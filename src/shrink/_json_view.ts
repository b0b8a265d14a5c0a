/**
 * The view of JSON (API responses, other MCP servers' results): its main
 * collection — the longest array, or an object whose values are all records
 * (`npm audit`'s packages by name) — with what sets some items apart (a
 * field's rare value at any depth, `status.containerStatuses[].ready: false`,
 * a key few items hold), one line per item of its identifying fields (id or
 * number or key, its state, its title or name), then the shape (keys and
 * their types, array lengths) and the first item.
 *
 * Pure; the JSON is already parsed by the caller.
 *
 * @module
 */

import { bump, commas, counted, countList } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";

const MAX_OUTLINE_LINES = 40;
const OUTLINE_DEPTH = 3;
const MAX_ITEM_LINES = 40;
/** Identifying keys, the most telling first (GitHub's `number`, Jira's `key` before their `id`). */
const ID_KEYS = [
  "number",
  "key",
  "id",
  "uuid",
  "sha",
  "slug",
  "name",
  "login",
  "path",
];
const LABEL_KEYS = [
  "title",
  "summary",
  "name",
  "subject",
  "message",
  "path",
  "url",
];
/** Keys whose values tell an item's state. */
const STATE_KEYS = new Set([
  "status",
  "state",
  "phase",
  "reason",
  "conclusion",
  "result",
  "outcome",
  "severity",
  "health",
  "ready",
  "level",
  "error",
]);
/** Items scanned for what stands out, at most. */
const MAX_SCANNED_ITEMS = 5_000;
/** A value or key held by at most this many items stands out. */
const RARE_ITEMS = 3;
/** A field with at most this many distinct short values is shown with their counts. */
const MAX_FIELD_VALUES = 8;
/** Leaves read per item, and how deep. */
const MAX_LEAVES = 400;
const MAX_DEPTH = 7;
/** Fields shown with their counts, at most. */
const MAX_FIELDS = 10;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return `array(${commas(value.length)})`;
  if (isRecord(value)) return `object(${Object.keys(value).length} keys)`;
  return value === null ? "null" : typeof value;
}

/** The outline of a value: its keys and their types, a few levels down. */
function outline(value: unknown, depth: number, indent: string, out: string[]) {
  if (out.length >= MAX_OUTLINE_LINES || depth > OUTLINE_DEPTH) return;
  if (Array.isArray(value)) {
    const first = value.find((item) => item !== null);
    if (isRecord(first)) {
      out.push(`${indent}[items: ${typeOf(first)}]`);
      outline(first, depth + 1, `${indent}  `, out);
    }
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (out.length >= MAX_OUTLINE_LINES) {
      out.push(`${indent}…`);
      return;
    }
    out.push(`${indent}${key}: ${typeOf(item)}`);
    if (typeof item === "object" && item !== null) {
      outline(item, depth + 1, `${indent}  `, out);
    }
  }
}

interface Collection {
  path: string;
  items: unknown[];
  /** The items' keys, for an object of records. */
  keys?: string[];
}

/** The main collection of a value, breadth first, a few levels down. */
function mainCollection(value: unknown): Collection | undefined {
  let best: Collection | undefined;
  const queue: Array<[unknown, string, number]> = [[value, "$", 0]];
  while (queue.length > 0) {
    const [node, path, depth] = queue.shift()!;
    if (Array.isArray(node)) {
      if (!best || node.length > best.items.length) {
        best = { path, items: node };
      }
      // A short list of records may hold the long one (a query's one series and its values).
      if (node.length <= FEW_ITEMS && depth < 4) {
        for (const [index, item] of node.entries()) {
          if (isRecord(item)) {
            queue.push([item, `${path}[${index}]`, depth + 1]);
          }
        }
      }
      continue;
    }
    if (!isRecord(node) || depth >= 4) continue;
    const values = Object.values(node);
    if (values.length >= 5 && values.every(isRecord)) {
      if (!best || values.length > best.items.length) {
        best = { path, items: values, keys: Object.keys(node) };
      }
    }
    for (const [key, item] of Object.entries(node)) {
      queue.push([item, `${path}.${key}`, depth + 1]);
    }
  }
  return best;
}

/** An item's scalar leaves by path (`status.containerStatuses[].ready`), array indexes folded. */
function leaves(item: Json): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let count = 0;
  const walk = (node: unknown, path: string, depth: number) => {
    if (count >= MAX_LEAVES || depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (const child of node.slice(0, 20)) {
        walk(child, `${path}[]`, depth + 1);
      }
      return;
    }
    if (isRecord(node)) {
      for (const [key, child] of Object.entries(node)) {
        walk(child, path ? `${path}.${key}` : key, depth + 1);
      }
      return;
    }
    if (node === null || node === undefined) return;
    count++;
    const values = out.get(path) ?? [];
    values.push(String(node));
    out.set(path, values);
  };
  walk(item, "", 0);
  return out;
}

const segments = (path: string) => path.replace(/\[\]/g, "").split(".");
/** A path's last key without a store's marks (`_id`, `$key`), as identifying keys are named. */
const leafKey = (path: string) => segments(path).at(-1)!.replace(/^[_$]+/, "");

/**
 * The first path of `keys` (in their order) at most two levels down that
 * most items hold, else the first such path whose key `compound` matches.
 */
function pickPath(
  flat: readonly Map<string, string[]>[],
  keys: readonly string[],
  except?: string,
  compound?: RegExp,
): string | undefined {
  const sample = flat.slice(0, 20);
  const candidates = new Map<string, number>();
  for (const item of sample) {
    for (const path of item.keys()) {
      if (path !== except && segments(path).length <= 2) bump(candidates, path);
    }
  }
  const held = [...candidates].filter(([, n]) => n >= sample.length * 0.8);
  for (const key of keys) {
    const found = held.map(([path]) =>
      path
    ).filter((path) => leafKey(path) === key).sort((a, b) =>
      segments(a).length - segments(b).length
    )[0];
    if (found) return found;
  }
  return compound
    ? held.map(([path]) => path).find((path) => compound.test(leafKey(path)))
    : undefined;
}

/** A key named as an identifier of its own kind (`orderNo`, `ticket_id`, `invoiceNumber`). */
const COMPOUND_ID =
  /^[a-z]\w*?(?:Id|ID|No|Number|Key|Ref|_id|_no|_number|_key|_ref)$/;

/** The path that tells an item's state: a state key, or the `name` of a state object, with few values. */
function statePath(flat: readonly Map<string, string[]>[]): string | undefined {
  const distinct = new Map<string, Set<string>>();
  for (const item of flat.slice(0, MAX_SCANNED_ITEMS)) {
    for (const [path, values] of item) {
      const parts = segments(path);
      const leaf = parts.at(-1)!;
      const named = leaf === "name" && parts.length >= 2 &&
        STATE_KEYS.has(parts.at(-2)!);
      if (!STATE_KEYS.has(leaf) && !named) continue;
      const set = distinct.get(path) ?? new Set();
      for (const value of values) set.add(value);
      distinct.set(path, set);
    }
  }
  const fit = [...distinct].filter(([, set]) => set.size <= MAX_FIELD_VALUES)
    .map(([path]) => path);
  return fit.find((path) => STATE_KEYS.has(segments(path).at(-1)!)) ??
    fit[0];
}

/**
 * The view of a JSON value.
 *
 * @param value The parsed JSON.
 * @param input The result's text and the clip function.
 * @returns The view.
 */
export function jsonView(value: unknown, input: ViewInput): View {
  const { clip } = input;
  const collection = mainCollection(value);
  const shape: string[] = [];
  outline(value, 0, "  ", shape);
  if (!collection || collection.items.length === 0) {
    const body = [`JSON ${typeOf(value)}; shape:`, ...shape];
    if (isRecord(value)) {
      body.push(`Opening: ${clip(JSON.stringify(value) ?? "", 600)}`);
    }
    return {
      format: "json",
      body,
      summary: `JSON ${typeOf(value)}`,
      indexKind: "json",
    };
  }
  const { items, path } = collection;
  // Rows (arrays of values) are read as records keyed by their column.
  const records = items.map((item) =>
    Array.isArray(item)
      ? Object.fromEntries(item.map((cell, column) => [`[${column}]`, cell]))
      : item
  ).filter(isRecord);
  const flat = records.slice(0, MAX_SCANNED_ITEMS).map(leaves);
  const idPath = collection.keys
    ? undefined
    : pickPath(flat, ID_KEYS, undefined, COMPOUND_ID);
  const labelPath = pickPath(flat, LABEL_KEYS, idPath);
  const state = statePath(flat);
  const first = (item: Map<string, string[]> | undefined, at?: string) =>
    at === undefined ? undefined : item?.get(at)?.[0];
  const name = (index: number) =>
    clip(
      collection.keys?.[items.indexOf(records[index]!)] ??
        first(flat[index], idPath) ?? `#${index}`,
      40,
    );
  const body = [
    `JSON ${typeOf(value)}; ${path}: ${counted(items.length, "item")}`,
  ];
  // Totals, pages and flags beside the items (`hits.total.value: 1284`).
  const beside = scalarsBeside(value, path);
  if (beside.length > 0) {
    body.push(`Beside them: ${clip(beside.join(", "), 400)}`);
  }
  // One item that stands out is named with its label: it is likely what the agent looks for.
  const described = (index: number) => {
    const label = first(flat[index], labelPath);
    return label === undefined || label === name(index)
      ? name(index)
      : `${name(index)} ${clip(label, 80)}`;
  };
  body.push(...standingOut(flat, name, described, clip));
  const fields = [
    idPath ?? (collection.keys ? "key" : undefined),
    state,
    labelPath,
  ]
    .filter((field) => field !== undefined);
  if (idPath || collection.keys || labelPath) {
    body.push(`Items (${[...new Set(fields)].join(", ")}):`);
    for (const [index] of flat.slice(0, MAX_ITEM_LINES).entries()) {
      const stateValue = state && state !== labelPath
        ? first(flat[index], state)
        : undefined;
      const label = first(flat[index], labelPath);
      body.push(
        `  ${name(index)}${stateValue ? ` [${clip(stateValue, 30)}]` : ""}${
          label !== undefined && label !== name(index)
            ? ` ${clip(label, 120)}`
            : ""
        }`,
      );
    }
    if (records.length > MAX_ITEM_LINES) {
      body.push(
        `  … ${
          counted(records.length - MAX_ITEM_LINES, "more item")
        } (all indexed)`,
      );
    }
  }
  body.push("Shape:", ...shape);
  body.push("First item:", `  ${clip(JSON.stringify(items[0]) ?? "", 400)}`);
  return {
    format: "json",
    body,
    summary: `${path} with ${counted(items.length, "item")}`,
    indexKind: "json",
  };
}

/** A list this short is looked into for a longer one. */
const FEW_ITEMS = 3;
/** Most scalar fields shown beside a collection. */
const MAX_BESIDE = 10;

/**
 * The scalar fields beside a document's main collection, on the way down to
 * it (and one level into their objects), as `path: value`: a search's or a
 * connection's total, a page's cursor, a flag.
 */
function scalarsBeside(value: unknown, collection: string): string[] {
  const found: string[] = [];
  const show = (node: unknown): string | undefined =>
    typeof node === "string"
      ? node.length <= 60 ? JSON.stringify(node) : undefined
      : typeof node === "number" || typeof node === "boolean" || node === null
      ? String(node)
      : undefined;
  const onTheWay = (path: string) =>
    collection === path || collection.startsWith(`${path}.`) ||
    collection.startsWith(`${path}[`);
  let node: unknown = value;
  let path = "$";
  while (found.length < MAX_BESIDE) {
    // Through a short list, into the item the collection lies in (`result[0]`).
    const index = Array.isArray(node)
      ? /^\[(\d+)\]/.exec(collection.slice(path.length))?.[1]
      : undefined;
    if (index !== undefined) {
      node = (node as unknown[])[Number(index)];
      path = `${path}[${index}]`;
      continue;
    }
    if (!isRecord(node)) break;
    let next: [unknown, string] | undefined;
    for (const [key, item] of Object.entries(node)) {
      const at = `${path}.${key}`;
      if (onTheWay(at)) {
        if (at !== collection) next = [item, at];
        continue;
      }
      const shown = show(item);
      if (shown !== undefined) found.push(`${at.slice(2)}: ${shown}`);
      else if (isRecord(item)) {
        for (const [inner, leaf] of Object.entries(item)) {
          const leafShown = show(leaf);
          if (leafShown !== undefined) {
            found.push(`${at.slice(2)}.${inner}: ${leafShown}`);
          }
        }
      }
    }
    if (!next) break;
    [node, path] = next;
  }
  return found.slice(0, MAX_BESIDE);
}

/**
 * What sets some items apart from the rest, so that the one failed record
 * among hundreds is seen: the values of fields with few distinct ones
 * (`status: settled 309, failed 1`) and the items holding a rare one, then
 * the items holding a key most items lack (`error`), with its value. Fields
 * with a rare value come first, state fields (`status`, `reason`…) before
 * the others.
 */
function standingOut(
  flat: readonly Map<string, string[]>[],
  name: (index: number) => string,
  described: (index: number) => string,
  clip: (line: string, max?: number) => string,
): string[] {
  if (flat.length < 2 * RARE_ITEMS + 1) return [];
  const holders = new Map<string, number>();
  const values = new Map<string, Map<string, number>>();
  for (const item of flat) {
    for (const [path, list] of item) {
      bump(holders, path);
      const counts = values.get(path) ?? new Map<string, number>();
      for (const value of new Set(list)) {
        if (value.length <= 40 && counts.size <= MAX_FIELD_VALUES) {
          bump(counts, value);
        }
      }
      values.set(path, counts);
    }
  }
  const fields: Array<{ rank: number; lines: string[] }> = [];
  const seen = new Set<string>();
  for (const [path, counts] of values) {
    const held = holders.get(path)!;
    if (held * 2 <= flat.length) continue;
    if (counts.size < 2 || counts.size > MAX_FIELD_VALUES) continue;
    // A field that repeats another's values (`status.name`, `status.category.name`) is said once.
    const said = countList(counts, MAX_FIELD_VALUES);
    if (seen.has(said)) continue;
    seen.add(said);
    const lines = [`  ${path}: ${said}`];
    let rare = false;
    for (const [value, count] of counts) {
      if (count > RARE_ITEMS) continue;
      rare = true;
      const indexes = flat.flatMap((item, index) =>
        item.get(path)?.includes(value) ? [index] : []
      );
      const who = indexes.map(indexes.length === 1 ? described : name);
      lines.push(`    ${clip(value, 40)}: ${who.join(", ")}`);
    }
    const leaf = segments(path).at(-1)!;
    const stateful = segments(path).some((part) => STATE_KEYS.has(part));
    fields.push({
      rank: (rare ? 0 : 2) + (stateful || STATE_KEYS.has(leaf) ? 0 : 1),
      lines,
    });
  }
  for (const [path, count] of holders) {
    if (count > RARE_ITEMS || count * 2 > flat.length) continue;
    const lines = [`  ${path} (in ${count} of ${commas(flat.length)} items):`];
    flat.forEach((item, index) => {
      const list = item.get(path);
      if (list) lines.push(`    ${name(index)}: ${clip(list.join(", "), 200)}`);
    });
    const stateful = segments(path).some((part) => STATE_KEYS.has(part));
    fields.push({ rank: stateful ? 0 : 1, lines });
  }
  if (fields.length === 0) return [];
  const shown = fields.map((field, order) => ({ ...field, order })).sort((
    a,
    b,
  ) => a.rank - b.rank || a.order - b.order).slice(0, MAX_FIELDS);
  return ["Items that stand out:", ...shown.flatMap((field) => field.lines)];
}
