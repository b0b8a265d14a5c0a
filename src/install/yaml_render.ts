/**
 * YAML values as block lines in a file's indentation: `key: value`, nested
 * mappings one key per line, list items as `- `, lists of scalars inside a
 * value (`args`) inline. Strings are quoted only where YAML needs it.
 *
 * Works on text.
 *
 * @module
 */

import { stringify } from "yaml";

function scalar(value: unknown, flow: boolean): string {
  if (typeof value === "string") {
    return flow ? JSON.stringify(value) : stringify(value, {
      lineWidth: 0,
    }).trimEnd();
  }
  return String(value);
}

/**
 * A value as block lines at a column: `key: value`, or a `- ` item when key
 * is undefined. Lists of scalars inside a value (`args`) are written inline;
 * a list that is itself the value written stays a block, item per line.
 */
export function renderLines(
  key: string | undefined,
  value: unknown,
  col: number,
  step: number,
  inner = false,
): string[] {
  const pad = " ".repeat(col);
  const head = key === undefined ? `${pad}- ` : `${pad}${scalar(key, false)}:`;
  if (Array.isArray(value)) {
    const scalars = value.every((item) =>
      item === null || typeof item !== "object"
    );
    if (scalars && inner) {
      const flow = `[${value.map((item) => scalar(item, true)).join(", ")}]`;
      return [key === undefined ? `${head}${flow}` : `${head} ${flow}`];
    }
    const items = value.flatMap((item) =>
      renderLines(undefined, item, col + step, step)
    );
    return key === undefined ? [`${head.trimEnd()}`, ...items] : [
      head,
      ...items,
    ];
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) {
      return [key === undefined ? `${head}{}` : `${head} {}`];
    }
    if (key === undefined) {
      // `- first: …` then the rest under it.
      const lines = entries.flatMap(([k, v]) =>
        renderLines(k, v, col + 2, step, true)
      );
      return [`${head}${(lines[0] ?? "").trimStart()}`, ...lines.slice(1)];
    }
    return [
      head,
      ...entries.flatMap(([k, v]) => renderLines(k, v, col + step, step, true)),
    ];
  }
  return [
    key === undefined
      ? `${head}${scalar(value, false)}`
      : `${head} ${scalar(value, false)}`,
  ];
}

/**
 * A value under a chain of keys (`plugins`, `enabled`) as block lines: the
 * keys one per line, the value as {@linkcode renderLines} writes it.
 */
export function renderNested(
  path: readonly string[],
  value: unknown,
  col: number,
  step: number,
): string[] {
  const keys = path.slice(0, -1).map((key, i) =>
    `${" ".repeat(col + i * step)}${scalar(key, false)}:`
  );
  return [
    ...keys,
    ...renderLines(
      path.at(-1),
      value,
      col + keys.length * step,
      step,
    ),
  ];
}
