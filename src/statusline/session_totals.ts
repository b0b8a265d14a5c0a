/**
 * A session's byte totals in a small file the MCP server rewrites after each
 * tool call, so that the status line, which runs often, reads one file
 * instead of loading SQLite: `<data home>/status/<project hash>-<session
 * hash>.json`, private to the user, replaced atomically.
 *
 * Loads nothing heavy: the status line imports it.
 *
 * @module
 */

import { joinPath } from "../config/path_lite.ts";
import { projectHash } from "../config/paths.ts";

/** Bytes handled, returned and kept out. */
export interface ByteFigures {
  handled: number;
  returned: number;
  keptOut: number;
}

/**
 * Bytes handled, returned and kept out by one session's tool calls, and
 * apart from them by the results its post-tool hooks shrank (the result's
 * size handled, the view's returned).
 */
export interface SessionTotals extends ByteFigures {
  /** The shrunk results. @default {undefined: none recorded} */
  shrunk?: ByteFigures | undefined;
}

/**
 * The totals file of a session.
 *
 * @param dataHome The data home.
 * @param project The project's real path.
 * @param sessionId The agent's session id.
 * @returns The file's path (names hashed: a session id is the agent's text).
 */
export function sessionTotalsPath(
  dataHome: string,
  project: string,
  sessionId: string,
): string {
  return joinPath(
    dataHome,
    "status",
    `${projectHash(project)}-${projectHash(sessionId)}.json`,
  );
}

/**
 * Writes a session's totals, atomically and readable by the user only.
 *
 * @param path From {@linkcode sessionTotalsPath}.
 * @param totals The totals.
 */
export function writeSessionTotals(path: string, totals: SessionTotals): void {
  const folder = path.slice(0, path.lastIndexOf("/"));
  Deno.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temp = `${path}.${Deno.pid}.tmp`;
  Deno.writeTextFileSync(temp, JSON.stringify(totals), { mode: 0o600 });
  Deno.renameSync(temp, path);
}

/**
 * Reads a session's totals.
 *
 * @param path From {@linkcode sessionTotalsPath}.
 * @returns The totals, or undefined when the file is missing or not totals.
 */
export function readSessionTotals(path: string): SessionTotals | undefined {
  try {
    const value = JSON.parse(Deno.readTextFileSync(path));
    const figures = byteFigures(value);
    if (!figures) return undefined;
    if (value.shrunk === undefined) return figures;
    const shrunk = byteFigures(value.shrunk);
    return shrunk ? { ...figures, shrunk } : undefined;
  } catch {
    return undefined;
  }
}

function byteFigures(value: unknown): ByteFigures | undefined {
  const { handled, returned, keptOut } = (value ?? {}) as Record<
    string,
    unknown
  >;
  const numbers = [handled, returned, keptOut];
  if (!numbers.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) {
    return undefined;
  }
  return {
    handled: handled as number,
    returned: returned as number,
    keptOut: keptOut as number,
  };
}
