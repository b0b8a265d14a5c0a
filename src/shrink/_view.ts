/**
 * What every view gets and gives: the result's lines and facts in, the
 * view's lines, its one-line summary and the text to index out.
 *
 * Types only.
 *
 * @module
 */

import type { ContentKind } from "../store/chunk.ts";
import type { Clip } from "./_text.ts";
import type { ViewFormat } from "./types.ts";

/** What a view is made from. */
export interface ViewInput {
  /** The result as text (stdout, then stderr under a marker line). */
  text: string;
  /** Its lines. */
  lines: readonly string[];
  /** The command, path, URL or tool the result came from. */
  subject: string;
  /** The exit status, where known. */
  exitCode?: number | undefined;
  /** Cuts a line for the view, secrets scrubbed first. */
  clip: Clip;
}

/** A made view. */
export interface View {
  /** Which view it is. */
  format: ViewFormat;
  /** Its lines (the header and the receipt are added around them). */
  body: string[];
  /** One line for session continuity, after the subject. */
  summary: string;
  /** The text to index, when it is not the result's text as it came. */
  indexText?: string;
  /** How to chunk what is indexed. @default {"text"} */
  indexKind?: ContentKind;
}
