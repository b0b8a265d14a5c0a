/**
 * Format-preserving edits of JSON and JSONC files with `jsonc-parser`'s
 * `modify`/`applyEdits`: ctx-mode's members are added, replaced or removed
 * and every other byte (comments, indentation, line ends, trailing commas)
 * stays as it was. Containers that only ctx-mode's entries filled are removed
 * with them.
 *
 * Works on text; never touches the disk.
 *
 * @module
 */

import {
  applyEdits,
  format,
  type FormattingOptions,
  getNodeValue,
  type JSONPath,
  modify,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from "jsonc-parser";
import { isDeepStrictEqual } from "node:util";
import { looksLikeCtxMode } from "./launch_command.ts";
import { failOpen } from "./fail_open.ts";
import type { JsonHooksRegistration, JsonMemberRegistration } from "./types.ts";

/** The indentation and line end a text uses, for the lines an edit adds. */
export function formattingOf(text: string): FormattingOptions {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indent = text.match(/\n([ \t]+)\S/)?.[1] ?? "  ";
  return indent.startsWith("\t")
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

/**
 * Whether two JSON values are equal, whatever their key order; objects from
 * `getNodeValue` have no prototype, which `isDeepStrictEqual` alone counts as
 * a difference.
 */
function sameData(a: unknown, b: unknown): boolean {
  return a !== undefined && b !== undefined &&
    isDeepStrictEqual(
      JSON.parse(JSON.stringify(a)),
      JSON.parse(JSON.stringify(b)),
    );
}

/** jsonc-parser's error codes in words. */
const PARSE_ERRORS: Record<string, string> = {
  InvalidCommentToken: "a comment, which this file's JSON may not hold,",
  CommaExpected: "a missing comma",
  ColonExpected: "a missing colon",
  PropertyNameExpected: "a missing property name (a trailing comma?)",
  ValueExpected: "a missing value (a trailing comma?)",
  CloseBraceExpected: "a missing }",
  CloseBracketExpected: "a missing ]",
  EndOfFileExpected: "text after the end",
  InvalidSymbol: "an invalid character",
  UnexpectedEndOfString: "an unterminated string",
  UnexpectedEndOfComment: "an unterminated comment",
};

/** 1-based line of an offset. */
function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split("\n").length;
}

/**
 * Parses a JSON or JSONC text.
 *
 * @throws {SyntaxError} `Cannot read "<file>": <error> at line N` when it does not parse or is not an object.
 */
export function parseJsonTree(
  text: string,
  file: string,
  format: "json" | "jsonc" | "json5",
): Node {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, {
    // JSON5 reaches here read as JSONC (see json5_text.ts).
    allowTrailingComma: format !== "json",
    disallowComments: format === "json",
    allowEmptyContent: false,
  });
  const first = errors[0];
  if (first) {
    const code = printParseErrorCode(first.error);
    throw new SyntaxError(
      `Cannot read "${file}": ${PARSE_ERRORS[code] ?? code} at line ${
        lineAt(text, first.offset)
      }`,
    );
  }
  if (!tree || tree.type !== "object") {
    throw new SyntaxError(
      `Cannot read "${file}": the top level is not a JSON object at line ${
        lineAt(text, tree?.offset ?? 0)
      }`,
    );
  }
  return tree;
}

function child(node: Node | undefined, key: string | number): Node | undefined {
  if (!node?.children) return undefined;
  if (typeof key === "number") {
    return node.type === "array" ? node.children[key] : undefined;
  }
  if (node.type !== "object") return undefined;
  const property = node.children.find((p) => p.children?.[0]?.value === key);
  return property?.children?.[1];
}

function nodeAt(tree: Node, path: JSONPath): Node | undefined {
  let node: Node | undefined = tree;
  for (const key of path) node = child(node, key);
  return node;
}

/**
 * One edit, formatted only where it adds text: `modify`'s own formatting
 * would re-indent the neighbouring lines too.
 */
function edit(
  text: string,
  path: JSONPath,
  value: unknown,
  isArrayInsertion = false,
): string {
  const formatting = formattingOf(text);
  if (value !== undefined && isEmptyJsonObject(text)) {
    const nested = path.reduceRight<unknown>(
      (inner, key) => typeof key === "number" ? [inner] : { [key]: inner },
      value,
    );
    const indent = formatting.insertSpaces
      ? " ".repeat(formatting.tabSize ?? 2)
      : "\t";
    return `${JSON.stringify(nested, null, indent)}${formatting.eol}`;
  }
  const last = path.at(-1);
  if (value === undefined && typeof last === "number") {
    return removeElement(text, path.slice(0, -1), last);
  }
  let result = text;
  for (const change of modify(text, path, value, { isArrayInsertion })) {
    result = applyEdits(result, [change]);
    if (change.content.length === 0) continue;
    result = applyEdits(
      result,
      format(result, {
        offset: change.offset,
        length: change.content.length,
      }, { ...formatting, keepLines: false }),
    );
  }
  return result;
}

/**
 * Removes an array element with the separator before it (after it, for the
 * first), the exact bytes an append added; `modify` would also eat the line
 * break before the closing bracket.
 */
function removeElement(
  text: string,
  arrayPath: JSONPath,
  index: number,
): string {
  const array = nodeAt(parseJsonTree(text, "", "jsonc"), arrayPath);
  const items = array?.children ?? [];
  const item = items[index];
  if (!array || !item) return text;
  if (items.length === 1) {
    return `${text.slice(0, array.offset + 1)}${
      text.slice(array.offset + array.length - 1)
    }`;
  }
  const previous = items[index - 1];
  const next = items[index + 1];
  const [start, end] = previous
    ? [previous.offset + previous.length, item.offset + item.length]
    : [item.offset, next ? next.offset : item.offset + item.length];
  return text.slice(0, start) + text.slice(end);
}

/**
 * Puts an element before the first one of a non-empty array with a text
 * edit of its own: the element, laid out like the first one (on a line of
 * its own at its indentation, or on the same line), then a separator. No
 * other byte moves, so every line of the old elements stays as it was, and
 * removing the first element (up to the next) gives the old text back.
 *
 * @throws {Error} When the result does not read back as the element plus the old array.
 */
function prependElement(
  text: string,
  array: Node,
  value: unknown,
  reg: JsonHooksRegistration,
  path: JSONPath,
): string {
  const first = (array.children ?? [])[0] as Node;
  const lineStart = text.lastIndexOf("\n", first.offset - 1) + 1;
  const lead = text.slice(lineStart, first.offset);
  const { eol, insertSpaces, tabSize } = formattingOf(text);
  const unit = insertSpaces ? " ".repeat(tabSize ?? 2) : "\t";
  const inserted = /^[ \t]*$/.test(lead)
    ? `${
      JSON.stringify(value, null, unit).replaceAll("\n", `${eol}${lead}`)
    },${eol}${lead}`
    : `${JSON.stringify(value)}, `;
  const result = text.slice(0, first.offset) + inserted +
    text.slice(first.offset);
  const after = nodeAt(parseJsonTree(result, reg.path, reg.format), path);
  // getNodeValue's objects have no prototype: compared as JSON text.
  if (
    !after ||
    JSON.stringify(getNodeValue(after)) !==
      JSON.stringify([value, ...getNodeValue(array)])
  ) {
    throw new Error(
      `Cannot edit "${reg.path}": the hook entry did not read back as written`,
    );
  }
  return result;
}

/** Removes `path`, then each parent that is left empty, down to (not including) `keep` levels. */
function removeWithEmptyParents(
  text: string,
  file: string,
  format: "json" | "jsonc" | "json5",
  path: JSONPath,
  keep = 0,
): string {
  let result = edit(text, path, undefined);
  for (let depth = path.length - 1; depth > keep; depth--) {
    const parentPath = path.slice(0, depth);
    const parent = nodeAt(parseJsonTree(result, file, format), parentPath);
    if (!parent || (parent.children?.length ?? 0) > 0) break;
    const without = edit(result, parentPath, undefined);
    // A removal that would not parse (the only member, a trailing comma
    // after it) keeps the empty container instead.
    try {
      parseJsonTree(without, file, format);
    } catch {
      break;
    }
    result = without;
  }
  return result;
}

/** Whether a text is an object with no members and nothing else (no comment). */
export function isEmptyJsonObject(text: string): boolean {
  return text.replace(/^\uFEFF/, "").replace(/\s/g, "") === "{}";
}

/**
 * Writes (or, with an undefined value, removes) one member.
 *
 * @param text The file's text without a byte-order mark; `{}` for a new file.
 * @param reg The member.
 * @param mode `install` writes the value; `uninstall` removes it.
 * @returns The new text.
 */
export function editJsonMember(
  text: string,
  reg: JsonMemberRegistration,
  mode: "install" | "uninstall",
): string {
  const tree = parseJsonTree(text, reg.path, reg.format);
  const current = nodeAt(tree, reg.key);
  if (
    reg.sharedKey && current &&
    !looksLikeCtxMode(JSON.stringify(getNodeValue(current)))
  ) {
    return text;
  }
  if (mode === "uninstall" || reg.value === undefined) {
    return current
      ? removeWithEmptyParents(text, reg.path, reg.format, reg.key)
      : text;
  }
  if (current && sameData(getNodeValue(current), reg.value)) {
    return text;
  }
  return edit(text, reg.key, reg.value);
}

function isOurHandler(handler: unknown, agent: string): boolean {
  if (handler === null || typeof handler !== "object") return false;
  const record = handler as Record<string, unknown>;
  const command = [record.command, record.bash].find((c) =>
    typeof c === "string"
  );
  return typeof command === "string" &&
    new RegExp(`\\bhook\\s+${agent}\\s+\\S+`).test(command) &&
    looksLikeCtxMode(command);
}

/** The entries ctx-mode wants, per event, in the registration's style. */
function wantedEntries(reg: JsonHooksRegistration): [string, unknown][] {
  return reg.hooks.map((spec) => {
    const line = `${reg.launchLine} hook ${reg.agent} ${spec.event}`;
    const commandOf = (key: string) => {
      const shell = reg.failOpen?.[key];
      return shell ? failOpen(line, shell) : line;
    };
    if (reg.style === "flat") {
      return [spec.event, {
        ...Object.fromEntries(
          (reg.commandKeys ?? ["command"]).map((key) => [key, commandOf(key)]),
        ),
        ...(spec.matcher === undefined ? {} : { matcher: spec.matcher }),
        ...spec.extra,
      }];
    }
    return [spec.event, {
      ...(spec.matcher === undefined ? {} : { matcher: spec.matcher }),
      hooks: [{
        type: "command",
        command: commandOf("command"),
        ...spec.extra,
      }],
    }];
  });
}

/** Where ctx-mode's handlers are: `[event, entry index, handler index | undefined, pure]`. */
function ourEntries(
  events: unknown,
  reg: JsonHooksRegistration,
): { event: string; index: number; entry: unknown; pure: boolean }[] {
  const found: {
    event: string;
    index: number;
    entry: unknown;
    pure: boolean;
  }[] = [];
  if (events === null || typeof events !== "object") return found;
  for (const [event, list] of Object.entries(events)) {
    if (!Array.isArray(list)) continue;
    list.forEach((entry, index) => {
      if (reg.style === "flat") {
        if (isOurHandler(entry, reg.agent)) {
          found.push({ event, index, entry, pure: true });
        }
        return;
      }
      const handlers = (entry as { hooks?: unknown })?.hooks;
      if (!Array.isArray(handlers)) return;
      const ours = handlers.filter((h) => isOurHandler(h, reg.agent)).length;
      if (ours > 0) {
        found.push({ event, index, entry, pure: ours === handlers.length });
      }
    });
  }
  return found;
}

/** Removes every ctx-mode handler under the events object, and what they leave empty. */
function removeOurHooks(text: string, reg: JsonHooksRegistration): string {
  let result = text;
  for (let guard = 0; guard < 1000; guard++) {
    const tree = parseJsonTree(result, reg.path, reg.format);
    const events = nodeAt(tree, reg.root);
    const found = ourEntries(events ? getNodeValue(events) : undefined, reg);
    const last = found.at(-1);
    if (!last) return result;
    const entryPath = [...reg.root, last.event, last.index];
    if (last.pure) {
      result = removeWithEmptyParents(
        result,
        reg.path,
        reg.format,
        entryPath,
        reg.root.length - 1,
      );
      continue;
    }
    const handlers = (last.entry as { hooks: unknown[] }).hooks;
    const at = handlers.findLastIndex((h) => isOurHandler(h, reg.agent));
    result = edit(result, [...entryPath, "hooks", at], undefined);
  }
  throw new RangeError(`Cannot edit "${reg.path}": too many hook entries`);
}

/**
 * Registers (or removes) ctx-mode's hooks in a settings file. Handlers that
 * are not ctx-mode's are never touched; an old ctx-mode handler (another
 * path, another event name) is replaced.
 *
 * @param text The file's text without a byte-order mark; `{}` for a new file.
 * @param reg The hooks.
 * @param mode `install` or `uninstall`.
 * @returns The new text.
 */
export function editJsonHooks(
  text: string,
  reg: JsonHooksRegistration,
  mode: "install" | "uninstall",
): string {
  const tree = parseJsonTree(text, reg.path, reg.format);
  const events = nodeAt(tree, reg.root);
  const wanted = mode === "install" ? wantedEntries(reg) : [];
  const found = ourEntries(events ? getNodeValue(events) : undefined, reg);
  const preamble = mode === "install" && wanted.length > 0
    ? Object.entries(reg.preamble ?? {}).filter(([key]) =>
      child(tree, key) === undefined
    )
    : [];
  const same = found.length === wanted.length &&
    found.every((f, i) =>
      f.pure && f.event === wanted[i]?.[0] &&
      sameData(f.entry, wanted[i]?.[1])
    );
  if (same && preamble.length === 0) return text;
  let result = removeOurHooks(text, reg);
  for (const [key, value] of preamble) result = edit(result, [key], value);
  for (const [event, entry] of wanted) {
    const list = nodeAt(parseJsonTree(result, reg.path, reg.format), [
      ...reg.root,
      event,
    ]);
    result = list?.type === "array" && (list.children?.length ?? 0) > 0
      ? prependElement(result, list, entry, reg, [...reg.root, event])
      : edit(result, [...reg.root, event], [entry]);
  }
  if (mode === "uninstall") {
    for (const key of Object.keys(reg.preamble ?? {})) {
      const tree = parseJsonTree(result, reg.path, reg.format);
      if (tree.children?.length === 1 && child(tree, key)) {
        result = edit(result, [key], undefined);
      }
    }
  }
  return result;
}
