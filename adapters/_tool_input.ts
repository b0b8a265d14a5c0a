/**
 * Tool inputs between a platform's spelling and the neutral keys routing and
 * the guard read (`command`, `path`, `url`, `pattern`, `limit`, `prompt`,
 * `agentType`), and back: a rewritten input is handed to the platform in
 * its own keys, neutral additions dropped.
 *
 * Pure; no platform is named here, only the key spellings platforms use.
 *
 * @module
 */

import type { ToolInput, ToolKind } from "../src/routing/types.ts";

/** Per neutral input: which platform key each added neutral key came from. */
const ORIGINS = new WeakMap<
  ToolInput,
  { keys: readonly string[]; aliases: Record<string, string> }
>();

/** Where each neutral key may be found, by tool kind; first found wins. */
const SOURCES: Partial<Record<ToolKind, Record<string, readonly string[]>>> = {
  shell: { command: ["command", "cmd", "CommandLine"] },
  read: {
    path: [
      "file_path",
      "filePath",
      "absolute_path",
      "path",
      "AbsolutePath",
      "operations.0.path",
    ],
    limit: ["limit", "end_line", "endLine", "n_lines", "EndLine"],
  },
  grep: {
    path: ["path", "dir_path", "SearchPath", "SearchDirectory"],
    pattern: ["pattern", "query", "Query", "regex"],
    limit: ["head_limit", "max_results", "maxResults"],
  },
  fetch: { url: ["url", "Url", "urls.0"] },
  edit: {
    path: [
      "file_path",
      "filePath",
      "path",
      "TargetFile",
      "AbsolutePath",
      "replacements.0.filePath",
    ],
  },
  task: {
    prompt: ["prompt", "Prompt", "goal", "objective"],
    agentType: ["subagent_type", "agentName", "agent_type"],
  },
};

const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/m;
const URL_IN_TEXT = /https?:\/\/[^\s"'<>)]+/;

function at(input: Record<string, unknown>, path: string): unknown {
  let value: unknown = input;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The neutral input of a tool call: the platform's keys kept, the neutral
 * keys added where the platform spells them otherwise.
 *
 * @param kind The tool's neutral kind.
 * @param original The platform's input.
 * @param options Whether the shell tool runs PowerShell.
 * @returns The input routing and the guard read.
 */
export function neutralInput(
  kind: ToolKind,
  original: Record<string, unknown>,
  options: { powershell: boolean },
): ToolInput {
  const result: Record<string, unknown> = { ...original };
  const aliases: Record<string, string> = {};
  for (const [key, paths] of Object.entries(SOURCES[kind] ?? {})) {
    if (original[key] !== undefined) continue;
    const path = paths.find((p) => at(original, p) !== undefined);
    if (path === undefined) continue;
    const value = at(original, path);
    result[key] = Array.isArray(value) && key === "command"
      ? value.join(" ")
      : value;
    if (!path.includes(".")) aliases[key] = path;
  }
  if (kind === "edit" && result.path === undefined) {
    const patch = [original.command, original.input, original.patch]
      .find((value) => typeof value === "string") as string | undefined;
    const file = patch?.match(PATCH_FILE)?.[1]?.trim();
    if (file) result.path = file;
  }
  if (kind === "fetch" && result.url === undefined) {
    const url = typeof original.prompt === "string"
      ? original.prompt.match(URL_IN_TEXT)?.[0]
      : undefined;
    if (url) result.url = url;
  }
  if (kind === "shell" && options.powershell) result.dialect = "powershell";
  ORIGINS.set(result, { keys: Object.keys(original), aliases });
  return result;
}

/**
 * A rewritten input in the platform's own keys: changed neutral keys go back
 * under the key they came from, neutral additions are dropped.
 *
 * @param neutral The input {@linkcode neutralInput} made.
 * @param changed The rewritten neutral input.
 * @returns The full replacement input for the platform.
 */
export function platformInput(
  neutral: ToolInput,
  changed: ToolInput,
): Record<string, unknown> {
  const origin = ORIGINS.get(neutral);
  if (!origin) return { ...changed };
  const result: Record<string, unknown> = {};
  for (const key of origin.keys) {
    result[key] = key in changed ? changed[key] : neutral[key];
  }
  for (const [key, from] of Object.entries(origin.aliases)) {
    if (changed[key] !== neutral[key]) result[from] = changed[key];
  }
  return result;
}
