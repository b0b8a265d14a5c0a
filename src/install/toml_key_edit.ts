/**
 * Format-preserving edit of one key in a TOML table that the user owns
 * (Codex's `[features] hooks = true`): every other line of the table, its
 * comments and the file's line ends stay as they were.
 *
 * - No such table: ctx-mode's own table is added between marker comments at
 *   the end of the file, and uninstall removes exactly those bytes.
 * - The table without the key: one line `key = value # ctx-mode` is added
 *   after its header; uninstall removes that line.
 * - The key with another value: its line becomes
 *   `key = value # ctx-mode:was <the line as it was>`; uninstall puts the
 *   old line back.
 * - The key with the wanted value, unmarked: the user's own, left alone.
 *
 * Every edit is checked by parsing the result (`smol-toml`): the key must read
 * as intended and everything else as before, or the file is refused.
 *
 * Works on text; never touches the disk.
 *
 * @module
 */

import { isDeepStrictEqual } from "node:util";
import {
  HASH_MARKERS,
  type Markers,
  removeBlock,
  setBlock,
} from "./marked_block.ts";
import { getIn, parseToml, renderTable, tomlValue } from "./toml_edit.ts";
import type { TomlKeyRegistration } from "./types.ts";

/** The trailing comment of a line ctx-mode added. */
const ADDED = "# ctx-mode";
/** The trailing comment of a line ctx-mode changed, before the old line. */
const WAS = "# ctx-mode:was ";

function markersOf(table: readonly string[]): Markers {
  const name = ` [${table.join(".")}]`;
  return {
    begin: `${HASH_MARKERS.begin}${name}`,
    beginJoined: `${HASH_MARKERS.beginJoined}${name}`,
    end: `${HASH_MARKERS.end}${name}`,
  };
}

function quoted(name: string): string {
  const bare = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `(?:${bare}|"${bare}"|'${bare}')`;
}

/** The data without the key (and the tables it alone filled), for comparing everything else. */
function others(data: Record<string, unknown>, reg: TomlKeyRegistration) {
  const copy = JSON.parse(JSON.stringify(data));
  const path = [...reg.table, reg.key];
  for (let depth = path.length; depth > 0; depth--) {
    const parent = getIn(copy, path.slice(0, depth - 1));
    const name = path[depth - 1] as string;
    if (!parent || typeof parent !== "object") break;
    const node = (parent as Record<string, unknown>)[name];
    const empty = node !== null && typeof node === "object" &&
      Object.keys(node).length === 0;
    if (depth === path.length || empty) {
      delete (parent as Record<string, unknown>)[name];
    } else break;
  }
  return copy;
}

/** One line of the text: its offset, its content and its line end. */
interface Line {
  start: number;
  content: string;
  eol: string;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of text.split(/(?<=\n)/)) {
    if (raw === "") continue;
    const eol = /\r?\n$/.exec(raw)?.[0] ?? "";
    lines.push({ start, content: raw.slice(0, raw.length - eol.length), eol });
    start += raw.length;
  }
  return lines;
}

/** The table's lines (header excluded), and its header, in the text. */
function tableLines(
  lines: Line[],
  table: readonly string[],
): { header: Line; body: Line[] } | undefined {
  const header = new RegExp(
    `^[ \\t]*\\[[ \\t]*${
      table.map(quoted).join("[ \\t]*\\.[ \\t]*")
    }[ \\t]*\\][ \\t]*(#.*)?$`,
  );
  const at = lines.findIndex((line) => header.test(line.content));
  if (at < 0) return undefined;
  const next = lines.findIndex((line, i) =>
    i > at && /^[ \t]*\[/.test(line.content)
  );
  return {
    header: lines[at] as Line,
    body: lines.slice(at + 1, next < 0 ? undefined : next),
  };
}

/** The text without one line, and without the line end it brought. */
function dropLine(text: string, line: Line): string {
  if (line.eol !== "" || line.start === 0) {
    return text.slice(0, line.start) +
      text.slice(line.start + line.content.length + line.eol.length);
  }
  // The last line, without a line end: the one before it goes with it.
  const before = text.slice(0, line.start).replace(/\r?\n$/, "");
  return before;
}

function install(text: string, reg: TomlKeyRegistration): string {
  const markers = markersOf(reg.table);
  const own = `${reg.key} = ${tomlValue(reg.value)}`;
  if (text.split(/\r?\n/).includes(markers.end)) {
    return setBlock(
      text,
      renderTable(reg.table, { [reg.key]: reg.value }),
      markers,
      reg.path,
    );
  }
  const lines = linesOf(text);
  const found = tableLines(lines, reg.table);
  if (!found) {
    return setBlock(
      text,
      renderTable(reg.table, { [reg.key]: reg.value }),
      markers,
      reg.path,
    );
  }
  const keyLine = new RegExp(`^([ \\t]*)${quoted(reg.key)}[ \\t]*=`);
  const line = found.body.find((l) => keyLine.test(l.content));
  if (line) {
    if (line.content.includes(WAS) || line.content.endsWith(` ${ADDED}`)) {
      // Ours already: the value set again, the old line kept.
      const rest = line.content.includes(WAS)
        ? ` ${WAS}${line.content.slice(line.content.indexOf(WAS) + WAS.length)}`
        : ` ${ADDED}`;
      const indent = keyLine.exec(line.content)?.[1] ?? "";
      return text.slice(0, line.start) + indent + own + rest +
        text.slice(line.start + line.content.length);
    }
    const value = getIn(parseToml(text, reg.path), [...reg.table, reg.key]);
    if (isDeepStrictEqual(value, reg.value)) return text;
    const indent = keyLine.exec(line.content)?.[1] ?? "";
    return text.slice(0, line.start) + `${indent}${own} ${WAS}${line.content}` +
      text.slice(line.start + line.content.length);
  }
  const header = found.header;
  const eol = header.eol || (text.includes("\r\n") ? "\r\n" : "\n");
  const at = header.start + header.content.length + header.eol.length;
  // Indented as the table's first key is.
  const indent = found.body.map((l) => /^([ \t]*)[^\s#]/.exec(l.content))
    .find(Boolean)?.[1] ?? "";
  return header.eol === ""
    ? `${text.slice(0, at)}${eol}${indent}${own} ${ADDED}${text.slice(at)}`
    : `${text.slice(0, at)}${indent}${own} ${ADDED}${eol}${text.slice(at)}`;
}

function uninstall(text: string, reg: TomlKeyRegistration): string {
  const markers = markersOf(reg.table);
  if (text.split(/\r?\n/).includes(markers.end)) {
    return removeBlock(text, markers, reg.path);
  }
  const lines = linesOf(text);
  const found = tableLines(lines, reg.table);
  if (!found) return text;
  const keyLine = new RegExp(`^[ \\t]*${quoted(reg.key)}[ \\t]*=`);
  const line = found.body.find((l) => keyLine.test(l.content));
  if (!line) return text;
  const was = line.content.indexOf(WAS);
  if (was >= 0) {
    return text.slice(0, line.start) + line.content.slice(was + WAS.length) +
      text.slice(line.start + line.content.length);
  }
  return line.content.endsWith(` ${ADDED}`) ? dropLine(text, line) : text;
}

/**
 * Sets or restores one key of a TOML table.
 *
 * @param text The file's text ("" for a new file).
 * @param reg The table, key and value.
 * @param mode `install` or `uninstall`.
 * @returns The new text.
 * @throws {SyntaxError} When the file does not parse, or the edit would not read back as intended.
 */
export function editTomlKey(
  text: string,
  reg: TomlKeyRegistration,
  mode: "install" | "uninstall",
): string {
  const before = parseToml(text, reg.path);
  const result = mode === "install" ? install(text, reg) : uninstall(text, reg);
  if (result === text) return text;
  const refused = new SyntaxError(
    `Cannot edit "${reg.path}": the edited file would not read back as intended; set ${reg.key} = ${
      tomlValue(reg.value)
    } under [${reg.table.join(".")}] by hand`,
  );
  let after: Record<string, unknown>;
  try {
    after = parseToml(result, reg.path);
  } catch {
    throw refused;
  }
  const value = getIn(after, [...reg.table, reg.key]);
  const keyRight = isDeepStrictEqual(value, reg.value) === (mode === "install");
  if (
    !keyRight ||
    !isDeepStrictEqual(others(after, reg), others(before, reg))
  ) {
    throw refused;
  }
  return result;
}
