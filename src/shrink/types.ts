/**
 * The shapes of shrinking: a tool's result as it ran, and what shrinking
 * made of it (left alone, or a compact view plus the text to index).
 *
 * Types only; nothing here names a platform.
 *
 * @module
 */

import type { ContentKind } from "../store/chunk.ts";

/**
 * A tool's result after it ran, in neutral terms. `toolKind` is the kind an
 * adapter maps the tool onto (`shell`, `read`, `grep`, `fetch`, `mcp`,
 * `task`, `edit`, `other`).
 */
export interface ToolResult {
  /** The neutral kind of the tool. */
  toolKind: string;
  /** The tool's name as the agent spells it (MCP tools keep their server in it). */
  toolName: string;
  /** What the tool worked on: the command line, the file path, the URL or the pattern. @default {""} */
  subject?: string | undefined;
  /** The result: text, or a JSON value (an MCP result, an API response). */
  content: unknown;
  /** The shell's standard error, when the agent reports it apart from `content`. @default {""} */
  stderr?: string | undefined;
  /** The exit status, where known. @default {undefined} */
  exitCode?: number | undefined;
}

/** The format a view was made for. */
export type ViewFormat =
  | "shell"
  | "log"
  | "json"
  | "yaml"
  | "html"
  | "markdown"
  | "listing"
  | "git-log"
  | "text";

/** A result left as it was, and why. */
export interface NotShrunk {
  /** Marks a result that is left alone. */
  shrunk: false;
  /** Why, in a few words (`under the threshold`, `ctx-mode's own tool`…). */
  reason: string;
}

/** A result replaced by a compact view. */
export interface Shrunk {
  /** Marks a result replaced by a view. */
  shrunk: true;
  /** What the model sees instead of the result: the view and its receipt. */
  view: string;
  /** The source label the full result is to be indexed under (the receipt names it). */
  source: string;
  /** The full result as it is to be indexed (stderr and the exit status included). */
  indexText: string;
  /** How the knowledge base should chunk `indexText`. */
  indexKind: ContentKind;
  /** Where the result came from, for the index: the command, path or URL. */
  origin: string;
  /** Which view was made. */
  format: ViewFormat;
  /** The result's size in UTF-8 bytes (stdout and stderr). */
  originalBytes: number;
  /** The view's size in UTF-8 bytes. */
  viewBytes: number;
  /** One line for session continuity: `npm test: exit 1, 3 failed: a, b, c`. */
  summary: string;
}

/** What shrinking made of a result. */
export type ShrinkResult = NotShrunk | Shrunk;
