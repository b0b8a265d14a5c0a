/**
 * The status line: `ctx-mode statusline` reads the agent's status line JSON
 * and prints one short line of this session's savings (`install` offers it
 * where the user has no status line of their own).
 *
 * Nothing here loads the MCP SDK or the store's modules.
 *
 * @module
 */

export { formatStatusLine, statusLine, WARNING } from "./status_line.ts";
export type { StatusLineOptions } from "./status_line.ts";
export { readStatusFigures, RECENT_DENY_MS, recentDeny } from "./figures.ts";
export type { StatusFigures } from "./figures.ts";
export { parseStatusInput } from "./payload.ts";
export type { StatusInput } from "./payload.ts";
