/**
 * Format-preserving edits of a TOML file: ctx-mode's table
 * (`[mcp_servers.ctx-mode]`) is written between marker comments at the end of
 * the file, replaced in place, or removed with exactly the bytes it added;
 * an older unmarked table of the same name is replaced. Every edit is checked
 * by parsing the result (`smol-toml`): ctx-mode's table must read as intended
 * and everything else as before, or the file is refused.
 *
 * Works on text; never touches the disk.
 *
 * @module
 */

import { parse, TomlError } from "smol-toml";
import { isDeepStrictEqual } from "node:util";
import {
  HASH_MARKERS,
  type Markers,
  removeBlock,
  setBlock,
} from "./marked_block.ts";
import type { TomlTableRegistration } from "./types.ts";

/**
 * Parses a TOML text.
 *
 * @throws {SyntaxError} `Cannot read "<file>": <error> at line N`.
 */
export function parseToml(text: string, file: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TomlError) {
      const reason = error.message.split("\n")[0]?.replace(
        /^Invalid TOML document: /,
        "",
      );
      throw new SyntaxError(
        `Cannot read "${file}": ${reason} at line ${error.line}`,
      );
    }
    throw error;
  }
}

/** A value (string, number, boolean, array, inline table) as TOML. */
export function tomlValue(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(", ")}]`;
  if (v && typeof v === "object") {
    const entries = Object.entries(v).map(([k, x]) =>
      `${key(k)} = ${tomlValue(x)}`
    );
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  throw new TypeError(`Cannot write ${String(v)} as TOML`);
}

function key(k: string): string {
  return /^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k);
}

/** The table as TOML lines. */
export function renderTable(
  table: readonly string[],
  entries: Record<string, unknown>,
): string {
  return `[${table.map(key).join(".")}]\n${
    Object.entries(entries).map(([k, v]) => `${key(k)} = ${tomlValue(v)}\n`)
      .join(
        "",
      )
  }`;
}

/** The value at `path` inside parsed data, or undefined where a step is missing. */
export function getIn(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function without(
  root: Record<string, unknown>,
  path: readonly string[],
): unknown {
  const copy = structuredClone(root);
  const parent = getIn(copy, path.slice(0, -1));
  if (parent && typeof parent === "object") {
    delete (parent as Record<string, unknown>)[path.at(-1) ?? ""];
    if (Object.keys(parent).length === 0 && path.length > 1) {
      return without(copy, path.slice(0, -1));
    }
  }
  return copy;
}

/** The header pattern of the table or one of its sub-tables, quoted or bare. */
function headerPattern(table: readonly string[]): RegExp {
  const part = (k: string) =>
    `(?:${k.replace(/[-.]/g, "\\$&")}|"${k.replace(/[-.]/g, "\\$&")}")`;
  return new RegExp(
    `^[ \\t]*\\[[ \\t]*${
      table.map(part).join("[ \\t]*\\.[ \\t]*")
    }[ \\t]*(\\]|\\.)`,
  );
}

/** Cuts an unmarked table (header to the next header) out of the text. */
function cutUnmarked(
  text: string,
  table: readonly string[],
  file: string,
): { text: string; at: number } {
  const lines = text.split(/(?<=\n)/);
  const header = headerPattern(table);
  let offset = 0;
  let start = -1;
  let end = -1;
  for (const line of lines) {
    if (start >= 0 && end < 0 && /^[ \t]*\[/.test(line) && !header.test(line)) {
      end = offset;
    }
    if (start < 0 && header.test(line)) start = offset;
    offset += line.length;
  }
  if (start < 0) {
    throw new SyntaxError(
      `Cannot edit "${file}": [${
        table.join(".")
      }] is written inline, not as its own table; move it to a [${
        table.join(".")
      }] table or remove it`,
    );
  }
  return {
    text: text.slice(0, start) + text.slice(end < 0 ? text.length : end),
    at: start,
  };
}

/**
 * The markers around one of ctx-mode's tables: the MCP server's are the
 * plain ones (as files written before hold them); any other table's name its
 * table, so that several blocks can live in one file.
 */
function tomlMarkers(table: readonly string[]): Markers {
  if (table[0] === "mcp_servers") return HASH_MARKERS;
  const name = ` [${table.join(".")}]`;
  return {
    begin: `${HASH_MARKERS.begin}${name}`,
    beginJoined: `${HASH_MARKERS.beginJoined}${name}`,
    end: `${HASH_MARKERS.end}${name}`,
  };
}

/**
 * Writes or removes ctx-mode's table.
 *
 * @param text The file's text ("" for a new file).
 * @param reg The table.
 * @param mode `install` or `uninstall`.
 * @returns The new text.
 * @throws {SyntaxError} When the file does not parse, or the edit would not read back as intended.
 */
export function editTomlTable(
  text: string,
  reg: TomlTableRegistration,
  mode: "install" | "uninstall",
): string {
  const before = parseToml(text, reg.path);
  const markers = tomlMarkers(reg.table);
  const marked = text.split(/\r?\n/).includes(markers.end);
  let result: string;
  if (marked) {
    result = mode === "install"
      ? setBlock(
        text,
        renderTable(reg.table, reg.value),
        markers,
        reg.path,
      )
      : removeBlock(text, markers, reg.path);
  } else if (getIn(before, reg.table) !== undefined) {
    const cut = cutUnmarked(text, reg.table, reg.path);
    if (mode === "install") {
      const block = setBlock(
        "",
        renderTable(reg.table, reg.value),
        markers,
      );
      const eol = text.includes("\r\n") ? "\r\n" : "\n";
      result = cut.text.slice(0, cut.at) +
        block.replace(/\n/g, eol).replace(/\r\r/g, "\r") +
        cut.text.slice(cut.at);
    } else {
      result = cut.text;
    }
  } else {
    result = mode === "install"
      ? setBlock(
        text,
        renderTable(reg.table, reg.value),
        markers,
        reg.path,
      )
      : text;
  }
  const after = parseToml(result, reg.path);
  const wanted = mode === "install" ? reg.value : undefined;
  if (
    !isDeepStrictEqual(
      JSON.parse(JSON.stringify(getIn(after, reg.table) ?? null)),
      wanted ?? null,
    ) ||
    !isDeepStrictEqual(
      JSON.parse(JSON.stringify(without(after, reg.table))),
      JSON.parse(JSON.stringify(without(before, reg.table))),
    )
  ) {
    throw new SyntaxError(
      `Cannot edit "${reg.path}": the edited file would not read back as intended; edit [${
        reg.table.join(".")
      }] by hand`,
    );
  }
  return result;
}
