/**
 * Where Claude Code (2.1.197, its binary read) keeps a command's whole
 * output when the hook payload carries only part of it:
 *
 * - a command that succeeded with more than some 30,000 characters: the
 *   payload's `stdout` is the start, `persistedOutputPath` the file, in a
 *   `tool-results` folder of `CLAUDE_CONFIG_DIR` (else `~/.claude`);
 * - a command that exited non-zero (`PostToolUseFailure`): the payload's
 *   `error` is `Exit code N` and the output, cut past 10,000 characters to
 *   its first and last 5,000 around `... [N characters truncated] ...` (and
 *   of a long output only its first 30,000 or so are in it at all). The
 *   shell wrote the whole to `<id>.output` in
 *   `<CLAUDE_CODE_TMPDIR or the temp dir>/claude-<uid>/<cwd with every
 *   character but letters and digits made "-">/<session id>/tasks/`, a
 *   folder Claude Code keeps closed to other users; the id is not in the
 *   payload, so the file is the one there whose text begins as the error
 *   does and holds the error's end after that.
 *
 * Builds paths only; what is read, and the checks on it, are in
 * `hooks/engine/_full_output.ts`.
 *
 * @module
 */

import type { FailedOutputPlace, KeptOutputFile } from "../types.ts";

/** Claude Code's longest folder name made from a cwd before it adds a hash. */
const MAX_CWD_NAME = 200;
const CUT_MARK = /\n+\.\.\. \[(\d+) characters truncated\] \.\.\.\n+/;
const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * The file a successful command's whole output was kept in.
 *
 * @param response The payload's `tool_response`.
 * @param env The hook process's environment (`CLAUDE_CONFIG_DIR`, `HOME`).
 * @returns The file and the folders it must resolve into, or undefined.
 */
export function persistedOutput(
  response: unknown,
  env: Readonly<Record<string, string>>,
): KeptOutputFile | undefined {
  if (typeof response !== "object" || response === null) return undefined;
  const path = text((response as Record<string, unknown>).persistedOutputPath);
  const home = text(env.HOME);
  const within = text(env.CLAUDE_CONFIG_DIR) ??
    (home === undefined ? undefined : `${home}/.claude`);
  return path === undefined || within === undefined
    ? undefined
    : { path, within, folder: "tool-results" };
}

/** Node's `os.tmpdir()` on a POSIX system, which Claude Code's temp folder follows. */
function tempDir(env: Readonly<Record<string, string>>): string {
  const dir = text(env.TMPDIR) ?? text(env.TMP) ?? text(env.TEMP) ?? "/tmp";
  return dir.length > 1 ? dir.replace(/\/+$/, "") : dir;
}

/**
 * Where a failed command's whole output may be, when its error was cut.
 *
 * @param payload The `PostToolUseFailure` payload (`error`, `cwd`, `session_id`).
 * @param env The hook process's environment (`CLAUDE_CODE_TMPDIR`, `TMPDIR`, `CLAUDE_PROJECT_DIR`).
 * @param uid This user's id (Claude Code names its temp folder after it).
 * @returns The folders to look in and the parts of the output the error
 *   kept; undefined when nothing was cut, or the ids are not plain names.
 */
export function failedCommandOutput(
  payload: { error?: unknown; cwd?: unknown; "session_id"?: unknown },
  env: Readonly<Record<string, string>>,
  uid: number | null,
): FailedOutputPlace | undefined {
  const error = text(payload.error);
  const session = text(payload.session_id);
  if (!error || !session || !SESSION_ID.test(session) || uid === null) {
    return undefined;
  }
  const cut = CUT_MARK.exec(error);
  if (!cut) return undefined;
  // Before the output: `Exit code N`, and a line when the command was interrupted.
  const before = error.slice(0, cut.index);
  const head = before.replace(/^Exit code -?\d+\n(?:.*interrupted.*\n)?/i, "");
  if (head === before) return undefined;
  const tail = error.slice(cut.index + cut[0].length);
  const root = `${
    text(env.CLAUDE_CODE_TMPDIR)?.replace(/\/+$/, "") ?? tempDir(env)
  }/claude-${uid}`;
  const folders = [
    ...new Set([text(payload.cwd), text(env.CLAUDE_PROJECT_DIR)]),
  ]
    .filter((cwd): cwd is string => cwd !== undefined)
    .map((cwd) => cwd.replace(/[^a-zA-Z0-9]/g, "-"))
    .filter((name) => name.length <= MAX_CWD_NAME)
    .map((name) => `${name}/${session}/tasks`);
  return folders.length === 0 ? undefined : { root, folders, head, tail };
}
