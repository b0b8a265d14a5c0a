/**
 * Line edits of a YAML text that keep every other byte: a mapping entry or
 * a list item is added as whole lines after the last line of its block
 * mapping or block list (in the file's own indentation), and removed as
 * exactly those lines, with the keys it leaves empty. Positions come from
 * the `yaml` package's parsed document; the text is never re-printed.
 * Inline (`{…}`, `[…]`) collections are edited inline (`yaml_flow.ts`).
 *
 * Works on text; never touches the disk.
 *
 * @module
 */

import {
  isMap,
  isScalar,
  isSeq,
  type Node,
  type Pair,
  parseDocument,
} from "yaml";
import { renderLines, renderNested } from "./yaml_render.ts";
import { flowAppend, flowPair, flowRemove } from "./yaml_flow.ts";

/** A YAML text that could not be edited in place. */
export class YamlEditError extends SyntaxError {}

/**
 * Parses a YAML text.
 *
 * @throws {SyntaxError} `Cannot read "<file>": <error> at line N`, or when the top level is not a mapping.
 */
export function parseYaml(text: string, file: string) {
  const doc = parseDocument(text, { uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    throw new SyntaxError(
      `Cannot read "${file}": ${
        error.message.split("\n")[0]?.replace(/ at line \d+.*$/, "")
      } at line ${error.linePos?.[0].line ?? 1}`,
    );
  }
  if (doc.contents !== null && !isMap(doc.contents)) {
    throw new SyntaxError(
      `Cannot read "${file}": the top level is not a mapping at line 1`,
    );
  }
  return doc;
}

type Doc = ReturnType<typeof parseYaml>;

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

function column(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

/** Offset past the line end of the last line holding the node's content. */
function afterLastLine(text: string, end: number): number {
  let last = end;
  while (last > 0 && /\s/.test(text[last - 1] ?? "")) last--;
  const newline = text.indexOf("\n", last);
  return newline < 0 ? text.length : newline + 1;
}

function eolOf(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}

/** The file's indentation step: the first nested mapping's, else 2. */
function stepOf(doc: Doc, text: string): number {
  if (!isMap(doc.contents)) return 2;
  for (const pair of doc.contents.items) {
    const inner = pair.value;
    if (isMap(inner) && inner.items[0]?.key && !inner.flow) {
      const key = pair.key as Node;
      const child = inner.items[0].key as Node;
      const step = column(text, child.range?.[0] ?? 0) -
        column(text, key.range?.[0] ?? 0);
      if (step > 0) return step;
    }
  }
  return 2;
}

/** Inserts whole lines at an offset (a line start, or the end of a text without a final newline). */
function insertLines(text: string, at: number, lines: string[]): string {
  const eol = eolOf(text);
  const body = lines.join(eol);
  if (at >= text.length && text !== "" && !text.endsWith("\n")) {
    return `${text}${eol}${body}`;
  }
  return `${text.slice(0, at)}${body}${eol}${text.slice(at)}`;
}

/** Removes whole lines `[start, end)`; at the end of a text without a final newline, with the newline before. */
export function removeLines(text: string, start: number, end: number): string {
  if (end >= text.length && !text.endsWith("\n") && start > 0) {
    const cut = text[start - 2] === "\r" ? start - 2 : start - 1;
    return text.slice(0, cut) + text.slice(end);
  }
  return text.slice(0, start) + text.slice(end);
}

function inlineError(file: string): YamlEditError {
  return new YamlEditError(
    `Cannot edit "${file}": the whole file is one inline mapping ({…}); write it as a block, or edit it by hand`,
  );
}

function isEmptyValue(node: unknown): boolean {
  return node === null || (isScalar(node) && node.value === null);
}

/**
 * The comment ctx-mode adds to the line of a key that had no value
 * (`mcp_servers:`, `hooks: null`) when it writes under it, with what
 * followed the colon, so that uninstall can give the line back.
 */
const WAS = "  # ctx-mode: was ";
const WAS_LINE = / {2}# ctx-mode: was ("(?:[^"\\]|\\.)*")(?=\r?$)/;

function lineEnd(text: string, offset: number): number {
  const newline = text.indexOf("\n", offset);
  if (newline < 0) return text.length;
  return text[newline - 1] === "\r" ? newline - 1 : newline;
}

/** Writes lines under a key that has no value, marking its line. */
function fillEmptyKey(text: string, key: Node, lines: string[]): string {
  const end = lineEnd(text, key.range?.[0] ?? 0);
  const colon = text.indexOf(":", key.range?.[1] ?? 0);
  const marked = `${text.slice(0, colon + 1)}${WAS}${
    JSON.stringify(text.slice(colon + 1, end))
  }${text.slice(end)}`;
  const newline = marked.indexOf("\n", colon);
  return insertLines(
    marked,
    newline < 0 ? marked.length : newline + 1,
    lines,
  );
}

/**
 * The value a key had before ctx-mode wrote under it (its line carries
 * ctx-mode's comment), or undefined.
 */
export function filledKey(
  doc: Doc,
  text: string,
  path: readonly string[],
): { was: unknown } | undefined {
  const key = pairAt(doc, path)?.key as Node | undefined;
  if (!key?.range) return undefined;
  const found = WAS_LINE.exec(
    text.slice(key.range[0], lineEnd(text, key.range[0])),
  );
  if (!found) return undefined;
  const rest = JSON.parse(found[1] as string) as string;
  return { was: parseDocument(`k:${rest}`).toJS()?.k ?? null };
}

/** Whether a pair sits in a block mapping, so that lines can go under it. */
function inBlock(doc: Doc, path: readonly string[]): boolean {
  const container = path.length <= 1
    ? doc.contents
    : pairAt(doc, path.slice(0, -1))?.value;
  return isMap(container) && !container.flow;
}

/** An empty value, or an empty inline collection in a block mapping, that lines can fill. */
function fillable(doc: Doc, path: readonly string[], node: unknown): boolean {
  if (isEmptyValue(node)) return true;
  return (isMap(node) || isSeq(node)) && node.flow === true &&
    node.items.length === 0 && inBlock(doc, path);
}

/** The pair at a key path, or undefined. */
export function pairAt(doc: Doc, path: readonly string[]): Pair | undefined {
  let node: unknown = doc.contents;
  let found: Pair | undefined;
  for (const key of path) {
    if (!isMap(node)) return undefined;
    found = node.items.find((pair) =>
      isScalar(pair.key) && String(pair.key.value) === key
    );
    if (!found) return undefined;
    node = found.value;
  }
  return found;
}

/**
 * Adds `value` at a key path that does not exist yet, creating the missing
 * mappings, after the last entry of the deepest one that exists.
 */
export function insertEntry(
  text: string,
  doc: Doc,
  path: readonly string[],
  value: unknown,
  file: string,
): string {
  const step = stepOf(doc, text);
  let depth = path.length - 1;
  while (depth > 0 && !pairAt(doc, path.slice(0, depth))) depth--;
  const nested = path.slice(depth + 1).reduceRight<unknown>(
    (inner, key) => ({ [key]: inner }),
    value,
  );
  const key = path[depth] as string;
  const tail = path.slice(depth);
  if (depth === 0) {
    const root = doc.contents;
    if (isMap(root) && root.flow) throw inlineError(file);
    return insertLines(text, text.length, renderNested(tail, value, 0, step));
  }
  const parent = pairAt(doc, path.slice(0, depth)) as Pair;
  const holder = parent.value as Node | null;
  const parentKey = parent.key as Node;
  if (
    isMap(holder) && holder.flow && !fillable(doc, path.slice(0, depth), holder)
  ) {
    return flowAppend(text, holder, flowPair(key, nested));
  }
  if (isMap(holder) && holder.items.length > 0) {
    const first = holder.items[0]?.key as Node;
    return insertLines(
      text,
      afterLastLine(text, holder.range?.[1] ?? 0),
      renderNested(tail, value, column(text, first.range?.[0] ?? 0), step),
    );
  }
  if (fillable(doc, path.slice(0, depth), holder)) {
    return fillEmptyKey(
      text,
      parentKey,
      renderNested(
        tail,
        value,
        column(text, parentKey.range?.[0] ?? 0) + step,
        step,
      ),
    );
  }
  throw new YamlEditError(
    `Cannot edit "${file}": ${
      path.slice(0, depth).join(".")
    } is not a mapping; edit it by hand`,
  );
}

/** Adds an item at the end of the block list at a key path (created when missing). */
export function appendItem(
  text: string,
  doc: Doc,
  path: readonly string[],
  item: unknown,
  file: string,
): string {
  const pair = pairAt(doc, path);
  const list = pair?.value;
  if (!pair || fillable(doc, path, list)) {
    if (pair) {
      const key = pair.key as Node;
      return fillEmptyKey(
        text,
        key,
        renderLines(
          undefined,
          item,
          column(text, key.range?.[0] ?? 0) + stepOf(doc, text),
          stepOf(doc, text),
        ),
      );
    }
    return insertEntry(text, doc, path, [item], file);
  }
  if (!isSeq(list)) {
    throw new YamlEditError(
      `Cannot edit "${file}": ${path.join(".")} is not a list; edit it by hand`,
    );
  }
  if (list.flow) {
    return flowAppend(text, list, JSON.stringify(item));
  }
  const first = list.items[0] as Node;
  const dash = lineStart(text, first.range?.[0] ?? 0);
  const col = text.slice(dash).search(/\S/);
  return insertLines(
    text,
    afterLastLine(text, list.range?.[1] ?? 0),
    renderLines(undefined, item, col, stepOf(doc, text)),
  );
}

/** Removes the entry at a key path, then each mapping it leaves empty (when `prune`). */
export function removeEntry(
  text: string,
  path: readonly string[],
  file: string,
  prune: boolean,
): string {
  const doc = parseYaml(text, file);
  const pair = pairAt(doc, path);
  if (!pair) return text;
  const holder = path.length === 1
    ? doc.contents
    : pairAt(doc, path.slice(0, -1))?.value;
  if (isMap(holder) && holder.flow) {
    return flowRemove(text, holder, holder.items.indexOf(pair));
  }
  const key = pair.key as Node;
  const value = pair.value as Node | null;
  const start = lineStart(text, key.range?.[0] ?? 0);
  const end = afterLastLine(
    text,
    Math.max(value?.range?.[1] ?? 0, (key.range?.[2] ?? 0) + 1),
  );
  const result = removeLines(text, start, end);
  return prune && path.length > 1
    ? pruneEmpty(result, path.slice(0, -1), file)
    : result;
}

/** Removes the list items at a key path that `matches` picks, then the keys that leaves empty. */
export function removeItems(
  text: string,
  path: readonly string[],
  matches: (item: unknown) => boolean,
  file: string,
): string {
  let result = text;
  for (;;) {
    const doc = parseYaml(result, file);
    const list = pairAt(doc, path)?.value;
    if (!isSeq(list)) return result;
    const item = list.items.find((node) =>
      matches((node as { toJSON?: () => unknown }).toJSON?.() ?? node)
    ) as Node | undefined;
    if (!item) return result;
    if (list.flow) {
      const holder = pairAt(doc, path.slice(0, -1))?.value;
      // Emptied inside an inline mapping: the pair goes, as it came.
      result = list.items.length === 1 && isMap(holder) && holder.flow
        ? removeEntry(result, path, file, false)
        : flowRemove(result, list, list.items.indexOf(item));
      continue;
    }
    const start = lineStart(result, item.range?.[0] ?? 0);
    result = removeLines(
      result,
      start,
      afterLastLine(result, item.range?.[1] ?? 0),
    );
    result = pruneEmpty(result, path, file);
  }
}

/** Removes the key at `path` when its value is now empty, and so on upwards. */
function pruneEmpty(
  text: string,
  path: readonly string[],
  file: string,
): string {
  const pair = pairAt(parseYaml(text, file), path);
  if (!pair || !isEmptyValue(pair.value)) return text;
  const start = (pair.key as Node).range?.[0] ?? 0;
  const end = lineEnd(text, start);
  const found = WAS_LINE.exec(text.slice(start, end));
  if (!found) return removeEntry(text, path, file, true);
  // A key that had no value before ctx-mode wrote under it gets its line back.
  const at = start + found.index;
  return `${text.slice(0, at)}${JSON.parse(found[1] as string)}${
    text.slice(at + found[0].length)
  }`;
}
