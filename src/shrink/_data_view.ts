/**
 * The view of YAML, read by its indentation without a parser: top-level
 * keys, list lengths, and the values of identifying keys (`name`, `kind`,
 * `status`, `reason`…) with counts. JSON has its own view (`_json_view.ts`).
 *
 * Pure.
 *
 * @module
 */

import { bump, commas, counted, countList } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";

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
