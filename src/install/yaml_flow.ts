/**
 * Edits of inline (flow) YAML collections (`mcp_servers: {}`,
 * `enabled: [crew_probe]`), as the text they are: an item is added after the
 * last one (`, "ctx-mode": {…}`) or into the empty brackets, and removed with
 * exactly the separator it brought, so that adding then removing gives the
 * bytes back. Items are written as JSON, which YAML reads as flow.
 *
 * Works on text; never touches the disk.
 *
 * @module
 */

import { isMap, type Node, type YAMLMap, type YAMLSeq } from "yaml";

type Flow = YAMLMap | YAMLSeq;

/** A pair as flow text: `"key": value`. */
export function flowPair(key: string, value: unknown): string {
  return `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
}

/** Where item `index` starts and ends in the text. */
function span(node: Flow, index: number): [number, number] {
  const item = node.items[index];
  if (isMap(node)) {
    const pair = item as { key: Node; value: Node | null };
    return [
      pair.key.range?.[0] ?? 0,
      (pair.value ?? pair.key).range?.[1] ?? 0,
    ];
  }
  const range = (item as Node).range;
  return [range?.[0] ?? 0, range?.[1] ?? 0];
}

/**
 * Adds an item (flow text) at the end of an inline collection.
 *
 * @param text The file's text.
 * @param node The collection.
 * @param item The item's text (`"ctx-mode"`, or `"key": value` in a mapping).
 * @returns The new text.
 */
export function flowAppend(text: string, node: Flow, item: string): string {
  const [start, end] = node.range ?? [0, 0];
  if (node.items.length === 0) {
    const brackets = isMap(node) ? ["{", "}"] : ["[", "]"];
    return `${text.slice(0, start)}${brackets[0]}${item}${brackets[1]}${
      text.slice(end)
    }`;
  }
  const after = span(node, node.items.length - 1)[1];
  return `${text.slice(0, after)}, ${item}${text.slice(after)}`;
}

/**
 * Removes item `index` of an inline collection with its separator; the last
 * one leaves empty brackets.
 *
 * @param text The file's text.
 * @param node The collection.
 * @param index The item.
 * @returns The new text.
 */
export function flowRemove(text: string, node: Flow, index: number): string {
  if (node.items.length === 1) {
    const [start, end] = node.range ?? [0, 0];
    return `${text.slice(0, start)}${isMap(node) ? "{}" : "[]"}${
      text.slice(end)
    }`;
  }
  if (index > 0) {
    return text.slice(0, span(node, index - 1)[1]) +
      text.slice(span(node, index)[1]);
  }
  return text.slice(0, span(node, 0)[0]) + text.slice(span(node, 1)[0]);
}
