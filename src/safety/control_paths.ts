/**
 * The project files that make other programs run code later: git's config
 * and hooks, direnv's `.envrc`, editor tasks, the coding agents' project
 * settings (which hold hooks and permission rules), MCP server lists, dev
 * container definitions and ctx-mode's own policy. A sandboxed run must never change them.
 *
 * Pure: paths only, nothing is read.
 *
 * @module
 */

import { join } from "node:path";

/** Project-relative control paths (a folder covers everything inside). */
export const PROJECT_CONTROL_PATHS: readonly string[] = [
  ".git/config",
  ".git/hooks",
  ".envrc",
  ".husky",
  ".vscode",
  ".devcontainer",
  ".claude",
  ".mcp.json",
  ".gemini",
  ".cursor",
  ".codex",
  ".qwen",
  ".kiro",
  ".kimi",
  ".github/hooks",
  ".opencode",
  "opencode.json",
  ".ctx-mode.json",
];

/**
 * The absolute control paths of a project.
 *
 * @param project The project directory.
 * @returns One absolute path per entry of {@link PROJECT_CONTROL_PATHS}.
 */
export function controlFilePaths(project: string): string[] {
  return PROJECT_CONTROL_PATHS.map((path) => join(project, path));
}
