/**
 * Reads the JSON a status line command gets on stdin: which session it is
 * for and which project. Tolerant of fields it does not know, strict about
 * the ones it uses; never throws.
 *
 * @module
 */

/** What a status line needs from its input. */
export interface StatusInput {
  /** The agent's session id. */
  sessionId: string;
  /** The project directory (as the agent reports it; not yet resolved). */
  projectDir: string;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" &&
      !/[\0\n\r]/.test(value)
    ? value
    : undefined;
}

/**
 * Parses a status line payload: `session_id`, and the project from
 * `workspace.project_dir`, else `workspace.current_dir`, else `cwd`.
 *
 * @param raw The text read from stdin.
 * @returns The session and project, or undefined when the text is not such a payload.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseStatusInput } from "./payload.ts";
 * assert.deepEqual(
 *   parseStatusInput('{"session_id":"s1","workspace":{"project_dir":"/src/app"}}'),
 *   { sessionId: "s1", projectDir: "/src/app" },
 * );
 * assert.equal(parseStatusInput("not json"), undefined);
 * ```
 */
export function parseStatusInput(raw: string): StatusInput | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (payload === null || typeof payload !== "object") return undefined;
  const fields = payload as {
    "session_id"?: unknown;
    "workspace"?: unknown;
    "cwd"?: unknown;
  };
  const workspace = fields.workspace !== null &&
      typeof fields.workspace === "object"
    ? fields.workspace as { "project_dir"?: unknown; "current_dir"?: unknown }
    : {};
  const sessionId = text(fields.session_id);
  const projectDir = text(workspace.project_dir) ??
    text(workspace.current_dir) ?? text(fields.cwd);
  if (
    !sessionId || !projectDir ||
    !projectDir.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(projectDir)
  ) {
    return undefined;
  }
  return { sessionId, projectDir };
}
