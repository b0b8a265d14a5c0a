/**
 * The status line: one short line of what ctx-mode did for this session,
 * built from the agent's status line payload and the data home.
 *
 * Never throws and never prints: bad input gives no line at all, so the
 * agent's status bar shows nothing rather than an error.
 *
 * @module
 */

import { dataHome, type Env } from "../config/paths.ts";
import { resolvePath } from "../config/path_lite.ts";
import { formatBytes } from "../store/format_bytes.ts";
import { readStatusFigures, type StatusFigures } from "./figures.ts";
import { parseStatusInput } from "./payload.ts";

/** The warning glyph. */
export const WARNING = "⚠";

/**
 * Renders the figures as one line:
 * `ctx-mode 176.0 KB kept out · 98% · 1.2 MB shrunk away · index 2.3 MB`
 * (kept out by ctx-mode's tools, then by shrinking native tools' results), with `⚠ server stale`,
 * `⚠ server off` or `⚠ denied <rule>` appended when something needs a look.
 *
 * @param figures The figures.
 * @returns The line, without a line break.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatStatusLine } from "./status_line.ts";
 * assert.equal(
 *   formatStatusLine({ handled: 200_000, returned: 4_000, keptOut: 196_000, knowledgeBaseBytes: 2_400_000, server: "alive" }),
 *   "ctx-mode 191.4 KB kept out · 98% · index 2.3 MB",
 * );
 * assert.equal(
 *   formatStatusLine({ keptOut: 0, shrunkOut: 1_048_576, server: "alive" }),
 *   "ctx-mode 1.0 MB shrunk away",
 * );
 * ```
 */
export function formatStatusLine(figures: StatusFigures): string {
  const parts: string[] = [];
  const shrunk = figures.shrunkOut !== undefined && figures.shrunkOut > 0
    ? `${formatBytes(figures.shrunkOut)} shrunk away`
    : undefined;
  if (figures.keptOut !== undefined && figures.keptOut > 0) {
    parts.push(`ctx-mode ${formatBytes(figures.keptOut)} kept out`);
    if (figures.handled) {
      parts.push(
        `${Math.floor((figures.keptOut / figures.handled) * 100)}%`,
      );
    }
    if (shrunk) parts.push(shrunk);
  } else if (shrunk) {
    parts.push(`ctx-mode ${shrunk}`);
  } else {
    parts.push("ctx-mode nothing kept out yet");
  }
  if (figures.knowledgeBaseBytes !== undefined) {
    parts.push(`index ${formatBytes(figures.knowledgeBaseBytes)}`);
  }
  if (figures.server === "stale") parts.push(`${WARNING} server stale`);
  else if (figures.server === "none") parts.push(`${WARNING} server off`);
  if (figures.recentDeny !== undefined) {
    parts.push(`${WARNING} denied ${figures.recentDeny.slice(0, 40)}`);
  }
  return parts.join(" · ");
}

/** Where the status line looks. */
export interface StatusLineOptions {
  /** The environment (for the data home). */
  env: Env;
  /** The clock reading. @default {Date.now()} */
  now?: number;
}

/**
 * The status line for a payload.
 *
 * @param raw The payload text the agent wrote to stdin.
 * @param options The environment and clock.
 * @returns The line, or undefined when the payload is not a status line payload.
 */
export async function statusLine(
  raw: string,
  options: StatusLineOptions,
): Promise<string | undefined> {
  try {
    const input = parseStatusInput(raw);
    if (!input) return undefined;
    let project = resolvePath(input.projectDir);
    try {
      project = await Deno.realPath(project);
    } catch {
      // A project that is gone still has its figures under its old path.
    }
    return formatStatusLine(
      await readStatusFigures(dataHome(options.env), project, {
        sessionId: input.sessionId,
        now: options.now ?? Date.now(),
      }),
    );
  } catch {
    return undefined;
  }
}
