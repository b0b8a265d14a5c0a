/**
 * ctx-mode's entries in a YAML file (Hermes's `config.yaml`): its MCP server
 * (`mcp_servers.ctx-mode`), its hooks (`hooks.<event>` list items whose
 * command runs ctx-mode's hook), and an item of a list (`plugins.enabled`).
 * Each is added or removed as whole lines (`yaml_text.ts`), so comments,
 * blank lines and the layout of everything else stay byte for byte, and
 * every edit is checked by parsing the result: it must read as the intended
 * change of what was there, or the file is refused.
 *
 * Works on text; never touches the disk.
 *
 * @module
 */

import { isDeepStrictEqual } from "node:util";
import { isMap, isSeq } from "yaml";
import { looksLikeCtxMode } from "./launch_command.ts";
import {
  appendItem,
  filledKey,
  insertEntry,
  pairAt,
  parseYaml,
  removeEntry,
  removeItems,
} from "./yaml_text.ts";
import { renderNested } from "./yaml_render.ts";
import type {
  YamlHooksRegistration,
  YamlItemRegistration,
  YamlMemberRegistration,
} from "./types.ts";

type Mode = "install" | "uninstall";
type Data = Record<string, unknown>;

function dataOf(text: string, file: string): Data {
  return JSON.parse(
    JSON.stringify(parseYaml(text, file).toJS() ?? {}),
  ) as Data;
}

function getIn(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Data)[key];
  }
  return node;
}

/** Sets a value in plain data, making the missing objects. */
function setIn(root: Data, path: readonly string[], value: unknown): void {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== "object") node[key] = {};
    node = node[key] as Data;
  }
  node[path.at(-1) as string] = value;
}

/**
 * What an emptied collection at a key path becomes under the line edits:
 * `inline` stays (`{}`, `[]`); a key that ctx-mode filled while it was empty
 * gets back the value it had (`{ was }`); anything else goes.
 */
type KeptAt = (
  path: readonly string[],
) => "inline" | { was: unknown } | undefined;

function keptAt(text: string, file: string): KeptAt {
  const doc = parseYaml(text, file);
  return (path) => {
    const node = pairAt(doc, path)?.value;
    if ((isMap(node) || isSeq(node)) && node.flow) return "inline";
    return filledKey(doc, text, path);
  };
}

/** Deletes a key in plain data, then each object that leaves empty, as the line edits do. */
function deleteIn(root: Data, path: readonly string[], kept: KeptAt): void {
  for (let depth = path.length; depth > 0; depth--) {
    const parent = getIn(root, path.slice(0, depth - 1)) as Data | undefined;
    if (!parent || typeof parent !== "object") return;
    const key = path[depth - 1] as string;
    const value = parent[key];
    if (depth < path.length) {
      const empty = value === null || value === undefined ||
        (typeof value === "object" && Object.keys(value).length === 0);
      const how = kept(path.slice(0, depth));
      if (!empty || how === "inline") return;
      if (how) {
        parent[key] = structuredClone(how.was);
        return;
      }
    }
    delete parent[key];
  }
}

/** Sets a list that lost items, as the line edits leave it. */
function setList(
  root: Data,
  path: readonly string[],
  list: unknown[],
  kept: KeptAt,
): void {
  const how = kept(path);
  if (list.length > 0) setIn(root, path, list);
  else if (how && how !== "inline") setIn(root, path, how.was);
  else if (how === "inline" && kept(path.slice(0, -1)) !== "inline") {
    setIn(root, path, list);
  } else deleteIn(root, path, kept);
}

/** The edit, or a refusal when it would not read back as intended. */
function checked(
  result: string,
  expected: Data,
  file: string,
  what: string,
): string {
  if (!isDeepStrictEqual(dataOf(result, file), expected)) {
    throw new SyntaxError(
      `Cannot edit "${file}": the edited file would not read back as intended; edit ${what} by hand`,
    );
  }
  return result;
}

/** A new file: the entry's lines alone. */
function fresh(path: readonly string[], value: unknown): string {
  return `${renderNested(path, value, 0, 2).join("\n")}\n`;
}

/**
 * Writes or removes ctx-mode's entry (`mcp_servers.ctx-mode`).
 *
 * @param text The file's text ("" for a new file).
 * @param reg The entry.
 * @param mode `install` or `uninstall`.
 * @returns The new text.
 * @throws {SyntaxError} When the file does not parse, or the edit would not read back as intended.
 */
export function editYamlMember(
  text: string,
  reg: YamlMemberRegistration,
  mode: Mode,
): string {
  const before = dataOf(text, reg.path);
  const current = getIn(before, reg.key);
  const expected = structuredClone(before);
  if (mode === "install") {
    if (isDeepStrictEqual(current, reg.value)) return text;
    if (text.trim() === "") return fresh(reg.key, reg.value);
    setIn(expected, reg.key, reg.value);
    const cleared = current === undefined
      ? text
      : removeEntry(text, reg.key, reg.path, false);
    const result = insertEntry(
      cleared,
      parseYaml(cleared, reg.path),
      reg.key,
      reg.value,
      reg.path,
    );
    return checked(result, expected, reg.path, reg.key.join("."));
  }
  if (current === undefined) return text;
  deleteIn(expected, reg.key, keptAt(text, reg.path));
  return checked(
    removeEntry(text, reg.key, reg.path, true),
    expected,
    reg.path,
    reg.key.join("."),
  );
}

function isOurHook(item: unknown, agent: string): boolean {
  if (item === null || typeof item !== "object") return false;
  const command = (item as Data).command;
  return typeof command === "string" &&
    new RegExp(`\\bhook\\s+${agent}\\s+\\S+`).test(command) &&
    looksLikeCtxMode(command);
}

/**
 * Writes or removes ctx-mode's hooks (`hooks.<event>` items).
 *
 * @param text The file's text ("" for a new file).
 * @param reg The hooks.
 * @param mode `install` or `uninstall`.
 * @returns The new text.
 * @throws {SyntaxError} When the file does not parse, or the edit would not read back as intended.
 */
export function editYamlHooks(
  text: string,
  reg: YamlHooksRegistration,
  mode: Mode,
): string {
  const before = dataOf(text, reg.path);
  const wanted = (mode === "install" ? reg.hooks : []).map((spec) => ({
    event: spec.event,
    item: {
      ...(spec.matcher === undefined ? {} : { matcher: spec.matcher }),
      command: `${reg.launchLine} hook ${reg.agent} ${spec.event}`,
      ...spec.extra,
    },
  }));
  const events = getIn(before, reg.root);
  const ours = (data: unknown) =>
    Object.entries(data && typeof data === "object" ? data : {}).flatMap((
      [event, list],
    ) =>
      Array.isArray(list)
        ? list.filter((item) => isOurHook(item, reg.agent)).map((item) => ({
          event,
          item,
        }))
        : []
    );
  if (isDeepStrictEqual(ours(events), wanted)) return text;
  const expected = structuredClone(before);
  const kept = keptAt(text, reg.path);
  for (const { event } of ours(events)) {
    const path = [...reg.root, event];
    const list = getIn(expected, path);
    if (Array.isArray(list)) {
      setList(
        expected,
        path,
        list.filter((item) => !isOurHook(item, reg.agent)),
        kept,
      );
    }
  }
  let result = text;
  for (const { event } of ours(events)) {
    result = removeItems(
      result,
      [...reg.root, event],
      (item) => isOurHook(item, reg.agent),
      reg.path,
    );
  }
  for (const { event, item } of wanted) {
    const path = [...reg.root, event];
    const list = getIn(expected, path);
    setIn(expected, path, [...(Array.isArray(list) ? list : []), item]);
    result = result.trim() === ""
      ? fresh(path, [item])
      : appendItem(result, parseYaml(result, reg.path), path, item, reg.path);
  }
  return checked(result, expected, reg.path, `${reg.root.join(".")} entries`);
}

/**
 * Adds or removes one string in a list (`plugins.enabled`).
 *
 * @param text The file's text ("" for a new file).
 * @param reg The item.
 * @param mode `install` or `uninstall`.
 * @returns The new text.
 * @throws {SyntaxError} When the file does not parse, or the edit would not read back as intended.
 */
export function editYamlItem(
  text: string,
  reg: YamlItemRegistration,
  mode: Mode,
): string {
  const before = dataOf(text, reg.path);
  const list = getIn(before, reg.key);
  const has = Array.isArray(list) && list.includes(reg.item);
  const expected = structuredClone(before);
  if (mode === "install") {
    if (has) return text;
    if (text.trim() === "") return fresh(reg.key, [reg.item]);
    setIn(expected, reg.key, [...(Array.isArray(list) ? list : []), reg.item]);
    const doc = parseYaml(text, reg.path);
    const result = pairAt(doc, reg.key)
      ? appendItem(text, doc, reg.key, reg.item, reg.path)
      : insertEntry(text, doc, reg.key, [reg.item], reg.path);
    return checked(result, expected, reg.path, reg.key.join("."));
  }
  if (!has) return text;
  setList(
    expected,
    reg.key,
    (list as unknown[]).filter((item) => item !== reg.item),
    keptAt(text, reg.path),
  );
  return checked(
    removeItems(text, reg.key, (item) => item === reg.item, reg.path),
    expected,
    reg.path,
    reg.key.join("."),
  );
}
