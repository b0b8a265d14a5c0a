/**
 * The views of structured data: JSON (API responses, other MCP servers'
 * results) as its shape — keys and their types, array lengths, the
 * identifiers of the items and the first items — and YAML, read by its
 * indentation without a parser: top-level keys, list lengths, and the values
 * of identifying keys (`name`, `kind`, `status`, `reason`…) with counts.
 *
 * Pure; the JSON is already parsed by the caller.
 *
 * @module
 */

import { bump, commas, counted, countList } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";

const MAX_OUTLINE_LINES = 40;
const OUTLINE_DEPTH = 3;
const FIRST_ITEMS = 3;
const MAX_IDS = 40;
const ID_KEYS = [
  "id",
  "number",
  "key",
  "uuid",
  "sha",
  "slug",
  "name",
  "login",
  "path",
];
const LABEL_KEYS = ["title", "name", "summary", "subject", "path", "url"];

function isRecord(value: unknown): value is Record<string, unknown> {
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

/** The longest array in a value, breadth first, a few levels down. */
function mainArray(
  value: unknown,
): { path: string; items: unknown[] } | undefined {
  let best: { path: string; items: unknown[] } | undefined;
  const queue: Array<[unknown, string, number]> = [[value, "$", 0]];
  while (queue.length > 0) {
    const [node, path, depth] = queue.shift()!;
    if (Array.isArray(node)) {
      if (!best || node.length > best.items.length) {
        best = { path, items: node };
      }
      continue;
    }
    if (!isRecord(node) || depth >= 4) continue;
    for (const [key, item] of Object.entries(node)) {
      queue.push([item, `${path}.${key}`, depth + 1]);
    }
  }
  return best;
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
  const body = [`JSON ${typeOf(value)}; shape:`];
  const shape: string[] = [];
  outline(value, 0, "  ", shape);
  body.push(...shape);
  const array = mainArray(value);
  let summary = `JSON ${typeOf(value)}`;
  if (array && array.items.length > 0) {
    const items = array.items;
    body.push(`${array.path}: ${counted(items.length, "item")}`);
    const records = items.filter(isRecord);
    const idKey = ID_KEYS.find((key) =>
      records.slice(0, 5).every((item) => key in item)
    );
    const labelKey = LABEL_KEYS.find((key) =>
      key !== idKey && records.slice(0, 5).every((item) => key in item)
    );
    if (idKey) {
      const ids = records.slice(0, MAX_IDS).map((item) =>
        clip(String(item[idKey]), 60)
      );
      body.push(
        `  ${idKey}: ${ids.join(", ")}${
          records.length > ids.length
            ? `, … ${commas(records.length - ids.length)} more`
            : ""
        }`,
      );
    }
    body.push(...standingOut(records, idKey, clip));
    if (labelKey) {
      body.push(`  ${labelKey} of the first items:`);
      for (const item of records.slice(0, 10)) {
        const id = idKey ? `${clip(String(item[idKey]), 40)}: ` : "- ";
        body.push(`    ${id}${clip(String(item[labelKey]), 140)}`);
      }
    }
    body.push(`First ${counted(Math.min(FIRST_ITEMS, items.length), "item")}:`);
    for (const item of items.slice(0, FIRST_ITEMS)) {
      body.push(`  ${clip(JSON.stringify(item) ?? "", 400)}`);
    }
    summary = `${array.path} with ${counted(items.length, "item")}`;
  } else if (isRecord(value)) {
    body.push(`Opening: ${clip(JSON.stringify(value) ?? "", 600)}`);
  }
  return { format: "json", body, summary, indexKind: "json" };
}

/** Items scanned for what stands out, at most. */
const MAX_SCANNED_ITEMS = 5_000;
/** A value or key held by at most this many items stands out. */
const RARE_ITEMS = 3;
/** A field with at most this many distinct short values is shown with their counts. */
const MAX_FIELD_VALUES = 8;

/**
 * What sets some items apart from the rest, so that the one failed record
 * among hundreds is seen: the values of fields with few distinct ones
 * (`status: settled 309, failed 1`), and the items holding a rare value or a
 * key most items lack (`error`), by id with that value.
 */
function standingOut(
  records: readonly Record<string, unknown>[],
  idKey: string | undefined,
  clip: (line: string, max?: number) => string,
): string[] {
  const scanned = records.slice(0, MAX_SCANNED_ITEMS);
  if (scanned.length < 2 * RARE_ITEMS + 1) return [];
  const keyCounts = new Map<string, number>();
  const values = new Map<string, Map<string, number>>();
  for (const item of scanned) {
    for (const [key, value] of Object.entries(item)) {
      bump(keyCounts, key);
      if (typeof value !== "string" && typeof value !== "boolean") continue;
      const text = String(value);
      if (text.length > 40) continue;
      const counts = values.get(key) ?? new Map<string, number>();
      if (counts.size <= MAX_FIELD_VALUES) bump(counts, text);
      values.set(key, counts);
    }
  }
  const name = (item: Record<string, unknown>, index: number) =>
    idKey ? clip(String(item[idKey]), 40) : `#${index}`;
  const lines: string[] = [];
  for (const [key, counts] of values) {
    if (key === idKey || counts.size < 2 || counts.size > MAX_FIELD_VALUES) {
      continue;
    }
    lines.push(`  ${key}: ${countList(counts, MAX_FIELD_VALUES)}`);
    for (const [value, count] of counts) {
      if (count > RARE_ITEMS) continue;
      const holders = scanned.flatMap((item, index) =>
        String(item[key]) === value ? [name(item, index)] : []
      );
      lines.push(`    ${clip(value, 40)}: ${holders.join(", ")}`);
    }
  }
  for (const [key, count] of keyCounts) {
    if (count > RARE_ITEMS || count * 2 > scanned.length) continue;
    lines.push(`  ${key} (in ${count} of ${commas(scanned.length)} items):`);
    scanned.forEach((item, index) => {
      if (!(key in item)) return;
      const value = typeof item[key] === "string"
        ? item[key] as string
        : JSON.stringify(item[key]) ?? "";
      lines.push(`    ${name(item, index)}: ${clip(value, 200)}`);
    });
  }
  return lines.length > 0 ? ["Items that stand out:", ...lines] : [];
}

const YAML_LINE = /^(\s*)(?:- )?([\w.\/-]+):(?:\s+(.*))?$/;
const YAML_KEYS = new Set([
  "name",
  "kind",
  "id",
  "key",
  "type",
  "status",
  "phase",
  "reason",
  "state",
  "image",
  "namespace",
  "version",
]);

/**
 * Whether lines look like YAML: most start with `key:` or `- `.
 *
 * @param lines The lines.
 * @returns True for YAML.
 */
export function looksLikeYaml(lines: readonly string[]): boolean {
  let seen = 0;
  let yaml = 0;
  let nested = 0;
  const keys = new Map<string, number>();
  for (const line of lines.slice(0, 300)) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    seen++;
    const key = line.match(YAML_LINE)?.[2];
    if (key) bump(keys, key);
    if (key || /^\s*- \S/.test(line) || trimmed === "---") yaml++;
    if (/^\s/.test(line)) nested++;
  }
  // Compiler output (`error: …` on every line) reads as `key: value` too:
  // YAML nests, and uses many keys.
  const commonest = Math.max(0, ...keys.values());
  return seen >= 10 && yaml >= seen * 0.8 && nested >= seen * 0.2 &&
    keys.size >= 4 && commonest < yaml * 0.5 && YAML_LINE.test(
      lines.find((line) => line.trim() !== "" && !line.startsWith("#")) ?? "",
    );
}

/**
 * The view of a YAML document.
 *
 * @param input The document and the clip function.
 * @returns The view.
 */
export function yamlView(input: ViewInput): View {
  const { lines, clip } = input;
  const topKeys: string[] = [];
  const listLengths = new Map<string, number>();
  const values = new Map<string, Map<string, number>>();
  let documents = 1;
  let topKey = "";
  let topItemIndent = -1;
  // Each item of a top-level list becomes its own indexed section.
  const items: Array<{ key: string; start: number; name: string }> = [];
  for (const [index, line] of lines.entries()) {
    if (line === "---") {
      documents++;
      continue;
    }
    const match = line.match(YAML_LINE);
    const indent = line.length - line.trimStart().length;
    if (indent === 0 && match && !line.startsWith("- ")) {
      topKey = match[2]!;
      if (!topKeys.includes(topKey)) topKeys.push(topKey);
      topItemIndent = -1;
    } else if (line.trimStart().startsWith("- ") && topKey) {
      // The list directly under a top-level key: its items start at the shallowest dash.
      if (topItemIndent === -1) topItemIndent = indent;
      if (indent === topItemIndent) {
        bump(listLengths, topKey);
        items.push({ key: topKey, start: index, name: "" });
      }
    }
    const item = items.at(-1);
    if (item && !item.name && match?.[2] === "name" && match[3]) {
      item.name = match[3].replace(/^["']|["']$/g, "");
    }
    if (!match || !YAML_KEYS.has(match[2]!)) continue;
    const value = (match[3] ?? "").replace(/^["']|["']$/g, "").trim();
    if (value === "" || value.length > 120) continue;
    let counts = values.get(match[2]!);
    if (!counts) values.set(match[2]!, counts = new Map());
    bump(counts, value);
  }
  const body = [
    `YAML, ${counted(documents, "document")}, ${
      counted(lines.length, "line")
    }; top-level keys: ${topKeys.slice(0, 30).join(", ")}`,
  ];
  for (const [key, length] of listLengths) {
    body.push(`  ${key}: ${counted(length, "item")}`);
  }
  if (values.size > 0) body.push("Values of identifying keys (count):");
  for (const [key, counts] of values) {
    body.push(`  ${key}: ${clip(countList(counts, 12), 700)}`);
  }
  body.push(
    "First lines:",
    ...lines.slice(0, 12).map((line) => `  ${clip(line)}`),
  );
  const lists = [...listLengths].map(([key, n]) => `${key} ${commas(n)}`);
  const sections = items.map((item, n) => {
    const end = items[n + 1]?.start ?? lines.length;
    return `## ${item.key}[${n}] ${item.name}\n\n\`\`\`yaml\n${
      lines.slice(item.start, end).join("\n")
    }\n\`\`\``;
  });
  return {
    format: "yaml",
    body,
    ...(items.length > 1
      ? {
        indexText: [
          `# YAML\n\n\`\`\`yaml\n${
            lines.slice(0, items[0]!.start).join("\n")
          }\n\`\`\``,
          ...sections,
        ].join("\n\n"),
        indexKind: "markdown" as const,
      }
      : {}),
    summary: `YAML ${lists.length > 0 ? `(${lists.join(", ")})` : ""}`.trim(),
  };
}
