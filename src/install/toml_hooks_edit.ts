/**
 * Format-preserving edits of hook tables in a TOML array of tables (Kimi
 * Code's `[[hooks]]`): ctx-mode's tables are written between marker comments
 * naming the array (`# ctx-mode:begin … [[hooks]]`) at the end of the file,
 * replaced in place, or removed with exactly the bytes they added. An older
 * unmarked table whose command runs ctx-mode's hook for the agent (copied by
 * hand from `configs/`) is cut out, so that no hook runs twice. Every edit is
 * checked by parsing the result: the other tables must read as before and
 * ctx-mode's as intended, or the file is refused.
 *
 * Works on text; never touches the disk.
 *
 * @module
 */

import { isDeepStrictEqual } from "node:util";
import { parse } from "smol-toml";
import { looksLikeCtxMode } from "./launch_command.ts";
import {
  HASH_MARKERS,
  type Markers,
  removeBlock,
  setBlock,
} from "./marked_block.ts";
import { parseToml, renderTable } from "./toml_edit.ts";
import type { TomlHooksRegistration } from "./types.ts";

function markersOf(array: string): Markers {
  const name = ` [[${array}]]`;
  return {
    begin: `${HASH_MARKERS.begin}${name}`,
    beginJoined: `${HASH_MARKERS.beginJoined}${name}`,
    end: `${HASH_MARKERS.end}${name}`,
  };
}

function isOurs(entry: unknown, agent: string): boolean {
  if (entry === null || typeof entry !== "object") return false;
  const command = (entry as Record<string, unknown>).command;
  return typeof command === "string" &&
    new RegExp(`\\bhook\\s+${agent}\\s+\\S+`).test(command) &&
    looksLikeCtxMode(command);
}

/** The tables ctx-mode wants, in order. */
function wanted(reg: TomlHooksRegistration): Record<string, unknown>[] {
  return reg.hooks.map((spec) => ({
    event: spec.event,
    ...(spec.matcher === undefined ? {} : { matcher: spec.matcher }),
    command: `${reg.launchLine} hook ${reg.agent} ${spec.event}`,
    ...spec.extra,
  }));
}

/** The array's tables outside the marked block that run ctx-mode's hook, cut out. */
function cutUnmarked(text: string, reg: TomlHooksRegistration): string {
  const lines = text.split(/(?<=\n)/);
  const header = new RegExp(
    `^[ \\t]*\\[\\[[ \\t]*(?:${reg.array}|"${reg.array}")[ \\t]*\\]\\]`,
  );
  const cuts: [number, number][] = [];
  let offset = 0;
  let open: number | undefined;
  let lastContent = 0;
  const close = () => {
    if (open === undefined) return;
    const span = text.slice(open, lastContent);
    try {
      const table = (parse(span) as Record<string, unknown>)[reg.array];
      if (
        Array.isArray(table) && table.length === 1 &&
        isOurs(table[0], reg.agent)
      ) {
        // With the blank lines after it, so that no gap is left doubled.
        const blank = /^(?:[ \t]*\r?\n)*/.exec(text.slice(lastContent))?.[0];
        cuts.push([open, lastContent + (blank?.length ?? 0)]);
      }
    } catch {
      // Not a table on its own: left alone, and the check after the edit decides.
    }
    open = undefined;
  };
  for (const line of lines) {
    if (/^[ \t]*\[/.test(line)) {
      close();
      if (header.test(line)) open = offset;
    }
    offset += line.length;
    if (!/^[ \t]*(#.*)?\r?\n?$/.test(line)) lastContent = offset;
  }
  close();
  return cuts.reduceRight(
    (result, [start, end]) => result.slice(0, start) + result.slice(end),
    text,
  );
}

/**
 * Writes or removes ctx-mode's hook tables.
 *
 * @param text The file's text ("" for a new file).
 * @param reg The hooks.
 * @param mode `install` or `uninstall`.
 * @returns The new text.
 * @throws {SyntaxError} When the file does not parse, or the edit would not read back as intended.
 */
export function editTomlHooks(
  text: string,
  reg: TomlHooksRegistration,
  mode: "install" | "uninstall",
): string {
  const before = parseToml(text, reg.path);
  const markers = markersOf(reg.array);
  const tables = mode === "install" ? wanted(reg) : [];
  let result = cutUnmarked(text, reg);
  if (tables.length === 0) result = removeBlock(result, markers, reg.path);
  else {
    const eol = result.includes("\r\n") ? "\r\n" : "\n";
    const body = tables.map((table) =>
      renderTable([reg.array], table).replace(/^\[(.*)\]\n/, "[[$1]]\n")
    ).join("\n");
    result = setBlock(result, body.replace(/\n/g, eol), markers, reg.path);
  }
  if (result === text) return text;
  let after: Record<string, unknown>;
  try {
    after = parse(result) as Record<string, unknown>;
  } catch {
    after = {};
  }
  const others = (data: Record<string, unknown>) => {
    const list = data[reg.array];
    const rest = { ...data };
    delete rest[reg.array];
    const kept = Array.isArray(list)
      ? list.filter((entry) => !isOurs(entry, reg.agent))
      : list;
    return JSON.parse(JSON.stringify(
      kept === undefined || (Array.isArray(kept) && kept.length === 0)
        ? rest
        : { ...rest, [reg.array]: kept },
    ));
  };
  const ours = Array.isArray(after[reg.array])
    ? (after[reg.array] as unknown[]).filter((entry) =>
      isOurs(entry, reg.agent)
    )
    : [];
  if (
    !isDeepStrictEqual(others(after), others(before)) ||
    !isDeepStrictEqual(JSON.parse(JSON.stringify(ours)), tables)
  ) {
    throw new SyntaxError(
      `Cannot edit "${reg.path}": the edited file would not read back as intended; edit its [[${reg.array}]] tables by hand`,
    );
  }
  return result;
}
