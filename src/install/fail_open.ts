/**
 * The ending a hook command line gets where the agent blocks the tool call
 * when a hook exits non-zero (Copilot CLI denies it on any non-zero exit,
 * Gemini CLI on any but 1): when ctx-mode cannot start (its binary moved,
 * its clone deleted) the shell still exits 0 with nothing on stdout, which
 * the agent reads as "no objection". ctx-mode's own answers, a deny
 * included, are JSON on stdout with exit 0, so they pass through unchanged.
 *
 * Computes only.
 *
 * @module
 */

/** The shell an agent runs a hook command line with. */
export type HookShell = "posix" | "powershell";

/** What ends a line, per shell: a POSIX `|| true`, PowerShell's `; exit 0`. */
const ENDINGS: Readonly<Record<HookShell, string>> = {
  posix: " || true",
  powershell: "; exit 0",
};

/**
 * A hook command line that exits 0 whatever its command does.
 *
 * @param line The command line (`ctx-mode hook copilot-cli preToolUse`).
 * @param shell The shell that runs it.
 * @returns The line with its ending.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { failOpen } from "./fail_open.ts";
 * assert.equal(
 *   failOpen("ctx-mode hook gemini-cli BeforeTool", "posix"),
 *   "ctx-mode hook gemini-cli BeforeTool || true",
 * );
 * ```
 */
export function failOpen(line: string, shell: HookShell): string {
  return `${line}${ENDINGS[shell]}`;
}

/**
 * A hook command line without the ending {@linkcode failOpen} gives it
 * (a line without one is returned as it is).
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
 * ```
 */
export function withoutFailOpen(line: string): string {
  const trimmed = line.trimEnd();
  for (const ending of Object.values(ENDINGS)) {
    if (trimmed.endsWith(ending)) return trimmed.slice(0, -ending.length);
  }
  return line;
}
