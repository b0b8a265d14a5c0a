/**
 * Writes a set-up file's data as the text its platform reads: JSON, TOML
 * (Codex, Kimi Code) or YAML (Hermes). Covers the shapes ctx-mode's configs
 * use — nested tables, arrays of tables, strings, numbers, booleans and
 * arrays of scalars — not TOML or YAML at large.
 *
 * Pure; no platform is named here.
 *
 * @module
 */

import type { ConfigFile } from "../types.ts";

type Table = Record<string, unknown>;

function isTable(value: unknown): value is Table {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isTableArray(value: unknown): value is Table[] {
  return Array.isArray(value) && value.length > 0 && value.every(isTable);
}

/** A TOML bare key when it can be one, else a quoted key. */
function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key);
}

function tomlValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(", ")}]`;
  if (isTable(value)) {
    const pairs = Object.entries(value).map(([k, v]) =>
      `${tomlKey(k)} = ${tomlValue(v)}`
    );
    return pairs.length === 0 ? "{}" : `{ ${pairs.join(", ")} }`;
  }
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean") {
    return String(value);
  }
  throw new TypeError(`Cannot write "${String(value)}" as TOML: unsupported`);
}

function tomlTable(table: Table, path: string[], lines: string[]): void {
  const entries = Object.entries(table);
  const section = (v: unknown) => isTable(v) && Object.keys(v).length > 0;
  for (const [key, value] of entries) {
    if (!section(value) && !isTableArray(value)) {
      lines.push(`${tomlKey(key)} = ${tomlValue(value)}`);
    }
  }
  for (const [key, value] of entries) {
    const here = [...path, key];
    if (section(value)) {
      const own = Object.values(value as Table).some((v) =>
        !section(v) && !isTableArray(v)
      );
      if (own) lines.push("", `[${here.map(tomlKey).join(".")}]`);
      tomlTable(value as Table, here, lines);
    } else if (isTableArray(value)) {
      for (const item of value) {
        lines.push("", `[[${here.map(tomlKey).join(".")}]]`);
        tomlTable(item, here, lines);
      }
    }
  }
}

/**
 * Data as TOML text.
 *
 * @param data A table.
 * @returns The TOML document.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { toToml } from "./render.ts";
 * assert.equal(
 *   toToml({ hooks: [{ event: "PreToolUse" }] }),
 *   '[[hooks]]\nevent = "PreToolUse"\n',
 * );
 * ```
 */
export function toToml(data: Table): string {
  const lines: string[] = [];
  tomlTable(data, [], lines);
  return `${lines.join("\n").replace(/^\n+/, "")}\n`;
}

function yamlScalar(value: unknown): string {
  if (typeof value === "string") {
    return /^[A-Za-z0-9_./-][A-Za-z0-9_ ./-]*$/.test(value) &&
        !/^(true|false|null|yes|no|~|[0-9.]+)$/i.test(value)
      ? value
      : JSON.stringify(value);
  }
  if (typeof value === "number" || typeof value === "boolean") {
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(yamlScalar).join(", ")}]`;
  throw new TypeError(`Cannot write "${String(value)}" as YAML: unsupported`);
}

function yamlLines(value: unknown, indent: string, lines: string[]): void {
  if (isTable(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (isTable(inner) || isTableArray(inner)) {
        lines.push(`${indent}${yamlScalar(key)}:`);
        yamlLines(inner, `${indent}  `, lines);
      } else {
        lines.push(`${indent}${yamlScalar(key)}: ${yamlScalar(inner)}`);
      }
    }
  } else if (isTableArray(value)) {
    for (const item of value) {
      const inner: string[] = [];
      yamlLines(item, `${indent}  `, inner);
      lines.push(`${indent}- ${inner.join("\n").trimStart()}`);
    }
  }
}

/**
 * Data as YAML text.
 *
 * @param data A mapping.
 * @returns The YAML document.
 */
export function toYaml(data: Table): string {
  const lines: string[] = [];
  yamlLines(data, "", lines);
  return `${lines.join("\n")}\n`;
}

/**
 * A set-up file's text.
 *
 * @param file The file with its data.
 * @returns The text to write.
 */
export function renderConfigFile(file: ConfigFile): string {
  switch (file.format) {
    case "json":
      return `${JSON.stringify(file.data, null, 2)}\n`;
    case "toml":
      return toToml(file.data as Table);
    case "yaml":
      return toYaml(file.data as Table);
    case "markdown":
      return String(file.data);
  }
}
