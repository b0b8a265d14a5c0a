/**
 * The project's rule files: the instruction files coding agents read at
 * start (`CLAUDE.md`, `AGENTS.md`, `GEMINI.md` and their kin, and the rule
 * folders some agents use). These are file-name conventions shared across
 * agents; the session records them by path, never their content.
 *
 * Reads only directory entries; never reads or writes a file.
 *
 * @module
 */

import { joinPath } from "../config/path_lite.ts";
import type { EventDraft } from "./types.ts";

/** Rule files looked for in the project directory. */
export const RULE_FILES: readonly string[] = [
  "AGENTS.md",
  "AGENT.md",
  "CLAUDE.md",
  "CLAUDE.local.md",
  ".claude/CLAUDE.md",
  "GEMINI.md",
  "QWEN.md",
  "CONVENTIONS.md",
  ".cursorrules",
  ".windsurfrules",
  ".clinerules",
  ".github/copilot-instructions.md",
];

/** Folders whose Markdown files are rules. */
export const RULE_FOLDERS: readonly string[] = [
  ".cursor/rules",
  ".kiro/steering",
  ".clinerules",
  ".github/instructions",
];

/**
 * The rule files present in a project.
 *
 * @param projectDir The project directory.
 * @returns Absolute paths, files first then folder entries, at most 30.
 */
export function findRuleFiles(projectDir: string): string[] {
  const found: string[] = [];
  for (const name of RULE_FILES) {
    const path = joinPath(projectDir, name);
    if (isFile(path)) found.push(path);
  }
  for (const folder of RULE_FOLDERS) {
    const dir = joinPath(projectDir, folder);
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch {
      continue;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isFile && /\.(md|mdc)$/i.test(entry.name)) {
        found.push(joinPath(dir, entry.name));
      }
    }
  }
  return found.slice(0, 30);
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * The events recording a project's rule files.
 *
 * @param paths The rule files found.
 * @returns One `rule` event per file.
 */
export function ruleEvents(paths: readonly string[]): EventDraft[] {
  return paths.map((path) => ({
    category: "rule",
    type: "file",
    subject: path,
    data: { path },
  }));
}
