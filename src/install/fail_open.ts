/**
 * What a hook command line gets where the agent blocks the tool call when a
 * hook exits with some code other than 0: when ctx-mode cannot start (its
 * binary moved, its clone deleted), the shell exits with a code the agent
 * reads as "no objection". ctx-mode's own answers, a deny included, are JSON
 * on stdout with exit 0, so they pass through unchanged.
 *
 * - `posix`: `<line> || true`, for Copilot CLI, which denies on any
 *   non-zero exit and kills the hook's whole process group on a timeout.
 * - `posix-exec`: `command -v <program> >/dev/null 2>&1 && exec <line>`, for
 *   Gemini CLI, which denies on any exit but 0 and 1 (a shell's 127) and on
 *   a timeout kills only the shell it started: the shell becomes ctx-mode,
 *   and a missing program exits 1 with nothing printed.
 * - `powershell`: `<line>; exit 0`.
 *
 * Computes only.
 *
 * @module
 */

/** The shell an agent runs a hook command line with, and how it kills it. */
export type HookShell = "posix" | "posix-exec" | "powershell";

/** What ends a line, per shell: a POSIX `|| true`, PowerShell's `; exit 0`. */
const ENDINGS = { posix: " || true", powershell: "; exit 0" } as const;

/** The first word of a POSIX command line, as `shellQuote` writes it. */
const FIRST_WORD = /^(?:'(?:[^']|'\\'')*'|[^\s']+)/;

/** The guard `posix-exec` puts first. */
const GUARD =
  /^command -v ((?:'(?:[^']|'\\'')*'|[^\s']+)) >\/dev\/null 2>&1 && exec /;

/**
 * A hook command line the agent does not block on when ctx-mode cannot start.
 *
 * @param line The command line (`ctx-mode hook copilot-cli preToolUse`).
 * @param shell The shell that runs it.
 * @returns The line, guarded.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { failOpen } from "./fail_open.ts";
 * assert.equal(
 *   failOpen("ctx-mode hook copilot-cli preToolUse", "posix"),
 *   "ctx-mode hook copilot-cli preToolUse || true",
 * );
 * assert.equal(
 *   failOpen("'/opt/my tools/ctx-mode' hook gemini-cli BeforeTool", "posix-exec"),
 *   "command -v '/opt/my tools/ctx-mode' >/dev/null 2>&1 && exec '/opt/my tools/ctx-mode' hook gemini-cli BeforeTool",
 * );
 * ```
 */
export function failOpen(line: string, shell: HookShell): string {
  if (shell !== "posix-exec") return `${line}${ENDINGS[shell]}`;
  const program = line.match(FIRST_WORD)?.[0] ?? line;
  return `command -v ${program} >/dev/null 2>&1 && exec ${line}`;
}

/**
 * A hook command line without what {@linkcode failOpen} gave it (a line
 * without any is returned as it is).
 *
 * @param line A registered command line.
 * @returns The command it runs.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutFailOpen } from "./fail_open.ts";
 * assert.equal(
 *   withoutFailOpen("ctx-mode hook copilot-cli preToolUse; exit 0"),
 *   "ctx-mode hook copilot-cli preToolUse",
 * );
 * assert.equal(
 *   withoutFailOpen("command -v ctx-mode >/dev/null 2>&1 && exec ctx-mode hook gemini-cli BeforeTool"),
 *   "ctx-mode hook gemini-cli BeforeTool",
 * );
 * ```
 */
export function withoutFailOpen(line: string): string {
  const guarded = line.match(GUARD);
  if (guarded) return line.slice(guarded[0].length);
  const trimmed = line.trimEnd();
  for (const ending of Object.values(ENDINGS)) {
    if (trimmed.endsWith(ending)) return trimmed.slice(0, -ending.length);
  }
  return line;
}
