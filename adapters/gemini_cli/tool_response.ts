/**
 * Gemini CLI's `tool_response` as the shrinker reads it. Gemini CLI 0.61
 * (`packages/core`, read in its npm bundle) wraps what external tools
 * return — the shell's output, MCP servers' text blocks, web fetches — in
 * `<untrusted_context>\n…\n</untrusted_context>` (`wrapUntrusted`, which
 * escapes a closing tag inside as `&lt;/untrusted_context&gt;`), and
 * `run_shell_command` hands the model
 *
 * ```text
 * Output: <stdout and stderr, or "(empty)">
 * Error: <message>            (when spawning failed)
 * Exit Code: <n>              (only when not 0)
 * Signal: <signal>
 * Background PIDs: <pids>
 * Process Group PGID: <pid>
 * ```
 *
 * A view chooser that saw the envelope and `Output:` would take a `git log`
 * or a JSON document for plain text, and the exit status would be lost.
 * This module takes the envelope off, reads the shell's trailer into an exit
 * status and a few lines kept beside the output, and says that the result
 * was wrapped, so that the view goes back to the model wrapped as well.
 *
 * Pure string work; never throws on any shape (an unknown one is returned as
 * it came).
 *
 * @module
 */

const OPEN = "<untrusted_context>\n";
const CLOSE = "\n</untrusted_context>";
const OUTPUT = "Output: ";
/** The shell trailer's keys, in the order Gemini writes them. */
const TRAILER = [
  "Error",
  "Exit Code",
  "Signal",
  "Background PIDs",
  "Process Group PGID",
] as const;
/** Trailer lines that say nothing the model needs to act on the output. */
const DROPPED = new Set(["Process Group PGID"]);

/** The key under which a read result says it was wrapped in the envelope. */
export const ENVELOPE_KEY = "envelope";
/** The envelope's name, as {@linkcode ENVELOPE_KEY}'s value. */
export const UNTRUSTED = "untrusted_context";

/** A text without its envelope, and what came after the envelope (Gemini appends notes there). */
function unwrapText(
  text: string,
): { inner: string; after: string } | undefined {
  if (!text.startsWith(OPEN)) return undefined;
  const end = text.lastIndexOf(CLOSE);
  if (end < OPEN.length - 1) return undefined;
  return {
    inner: text.slice(OPEN.length, end),
    after: text.slice(end + CLOSE.length),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The shell's `Output:` text split into the output, its exit status and the trailer lines kept. */
function shellParts(
  text: string,
): { stdout: string; exitCode?: number; notes: string[] } | undefined {
  if (!text.startsWith(OUTPUT)) return undefined;
  const lines = text.slice(OUTPUT.length).split("\n");
  const trailer = new Map<string, string>();
  // Read from the end, each key at most once and in Gemini's order, so that
  // a line of the output that looks like a trailer line is left in it.
  let next: number = TRAILER.length;
  while (lines.length > 1) {
    const last = lines[lines.length - 1]!;
    const at = TRAILER.findLastIndex((key, i) =>
      i < next && last.startsWith(`${key}: `)
    );
    if (at < 0) break;
    trailer.set(TRAILER[at]!, last.slice(TRAILER[at]!.length + 2));
    next = at;
    lines.pop();
  }
  const stdout = lines.join("\n");
  const code = trailer.get("Exit Code");
  // Gemini writes the exit status only when it is not 0; a signal means none.
  const exitCode = code !== undefined && /^-?\d+$/.test(code)
    ? Number(code)
    : trailer.has("Signal") || trailer.has("Error")
    ? undefined
    : 0;
  const notes = TRAILER.filter((key) =>
    key !== "Exit Code" && !DROPPED.has(key) && trailer.has(key)
  ).map((key) => `${key}: ${trailer.get(key)}`);
  return {
    stdout: stdout === "(empty)" ? "" : stdout,
    ...(exitCode === undefined ? {} : { exitCode }),
    notes,
  };
}

/** Model parts (`[{text}]`) with each text's envelope taken off; undefined when none had one. */
function unwrapParts(parts: readonly unknown[]): unknown[] | undefined {
  let wrapped = false;
  const out = parts.map((part) => {
    if (!isRecord(part) || typeof part.text !== "string") return part;
    const open = unwrapText(part.text);
    if (!open) return part;
    wrapped = true;
    return { ...part, text: `${open.inner}${open.after}` };
  });
  return wrapped ? out : undefined;
}

/**
 * A Gemini CLI `tool_response` with the envelope taken off: a shell's as
 * `{stdout, stderr?, exitCode?}`, any other's `llmContent` unwrapped; both
 * marked `envelope: "untrusted_context"`. Any other value comes back as it
 * was.
 *
 * @param response The payload's `tool_response` (`{llmContent, returnDisplay, error}`).
 * @param shell Whether the tool was the shell.
 * @returns The response in the shrinker's terms, or the response itself.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readToolResponse } from "./tool_response.ts";
 * const read = readToolResponse({
 *   llmContent: "<untrusted_context>\nOutput: boom\nExit Code: 2\nProcess Group PGID: 7\n</untrusted_context>",
 * }, true);
 * assert.deepEqual(read, { stdout: "boom", exitCode: 2, envelope: "untrusted_context" });
 * ```
 */
export function readToolResponse(response: unknown, shell: boolean): unknown {
  if (!isRecord(response)) return response;
  const content = response.llmContent;
  if (Array.isArray(content)) {
    const parts = unwrapParts(content);
    return parts
      ? { ...response, llmContent: parts, [ENVELOPE_KEY]: UNTRUSTED }
      : response;
  }
  if (typeof content !== "string") return response;
  const open = unwrapText(content);
  const inner = open ? open.inner : content;
  const shellOutput = shell ? shellParts(inner) : undefined;
  if (shellOutput) {
    const notes = [...shellOutput.notes];
    if (open?.after.trim()) notes.push(open.after.trim());
    return {
      stdout: shellOutput.stdout,
      ...(notes.length > 0 ? { stderr: notes.join("\n") } : {}),
      ...(shellOutput.exitCode === undefined
        ? {}
        : { exitCode: shellOutput.exitCode }),
      ...(open ? { [ENVELOPE_KEY]: UNTRUSTED } : {}),
    };
  }
  if (!open) return response;
  return {
    ...response,
    llmContent: `${open.inner}${open.after}`,
    [ENVELOPE_KEY]: UNTRUSTED,
  };
}

/**
 * Wraps text the way Gemini CLI wraps external tools' output.
 *
 * @param text The text, as it goes to the model.
 * @returns It in `<untrusted_context>`, a closing tag inside escaped.
 */
export function wrapUntrusted(text: string): string {
  const escaped = text.replaceAll(
    "</untrusted_context>",
    "&lt;/untrusted_context&gt;",
  );
  return `${OPEN}${escaped}${CLOSE}`;
}
