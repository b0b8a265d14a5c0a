/**
 * Where Claude Code keeps the files that both `install` and `doctor` read, so
 * that the two name one place; the set-up and the doctor checks import it, and
 * it imports neither.
 *
 * @module
 */

import { join } from "node:path";
import type { TargetWhere } from "../../src/install/types.ts";

/**
 * Where Claude Code keeps user-scope MCP servers: `.claude.json` in
 * `$CLAUDE_CONFIG_DIR`, else in the home folder.
 *
 * @param where The home directory and the environment.
 * @returns The path of the file.
 */
export function claudeUserMcpFile(where: TargetWhere): string {
  return where.env.CLAUDE_CONFIG_DIR
    ? join(where.env.CLAUDE_CONFIG_DIR, ".claude.json")
    : join(where.home, ".claude.json");
}
