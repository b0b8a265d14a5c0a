/**
 * The shapes of session continuity: the events a session leaves behind, the
 * neutral inputs they are extracted from, the session they belong to, and the
 * snapshot cut from them.
 *
 * Types only. Nothing here names a platform: adapters turn their payloads into
 * these shapes before anything is captured.
 *
 * @module
 */

/** One session of one platform. */
export interface SessionKey {
  /** The adapter's name. */
  platform: string;
  /** The platform's session id. */
  sessionId: string;
}

/** What an event is about; it decides the event's priority and its place in the guide. */
export type Category =
  | "prompt"
  | "decision"
  | "role"
  | "intent"
  | "data"
  | "task"
  | "file"
  | "git"
  | "error"
  | "env"
  | "mcp"
  | "subagent"
  | "skill"
  | "rule"
  | "tool";

/** An event about to be recorded. */
export interface EventDraft {
  /** What it is about. */
  category: Category;
  /** The kind within the category (`edit`, `commit`, `install`…). */
  type: string;
  /**
   * What it concerns, as a stable key: a file path, a command key, a task
   * title. Errors are resolved through it.
   */
  subject: string;
  /** The details, already redacted and truncated; JSON-serialisable. */
  data: Readonly<Record<string, unknown>>;
}

/** A recorded event. */
export interface SessionEvent extends EventDraft {
  /** Its row id; later rows were recorded later. */
  id: number;
  /** How much it matters when space runs out: 1 (least) to 5 (most). */
  priority: number;
  /** When it last happened, in milliseconds since the epoch. */
  at: number;
  /** When it first happened. */
  firstAt: number;
  /** How many times it happened. */
  count: number;
  /** For errors: whether a later successful call of the same subject resolved it. */
  resolved: boolean;
}

/** A tool call that ran (or failed), in neutral terms. */
export interface CapturedCall {
  /** The tool's name as the platform spells it. */
  toolName: string;
  /** The neutral kind the adapter mapped it onto (`shell`, `read`, `edit`…). */
  toolKind: string;
  /** The tool's input. */
  input: Readonly<Record<string, unknown>>;
  /** The tool's result, when the platform hands it over. */
  output?: unknown;
  /** The failure message, when the platform reported the call as failed. */
  error?: string | undefined;
  /** The project directory; paths inside it are shown relative to it. */
  projectDir: string;
}

/** What one tool call leaves behind. */
export interface ToolCapture {
  /** The events to record. */
  events: EventDraft[];
  /** Subjects whose open errors this call resolves (it succeeded). */
  resolves: string[];
}

/** Data pasted into a prompt, kept out of the session events. */
export interface PastedData {
  /** A short reference: `paste-<hash>`. */
  ref: string;
  /** Its size in UTF-8 bytes. */
  bytes: number;
  /** Its first line, shortened. */
  preview: string;
  /** The data itself (redacted), for indexing under the reference. */
  content: string;
}

/** What one prompt leaves behind. */
export interface PromptCapture {
  /** The events to record. */
  events: EventDraft[];
  /** Large pasted blocks, replaced by their reference in the prompt event. */
  pastes: PastedData[];
}

/** What one hook run records. */
export interface SessionRecord {
  /** The events. */
  events: readonly EventDraft[];
  /** Subjects whose open errors are resolved. @default {[]} */
  resolves?: readonly string[];
  /** The tool call, for the per-session tool counts. @default {undefined} */
  toolCall?: { tool: string; kind: string; outputBytes: number } | undefined;
}

/** One section of the guide. */
export interface SnapshotSection {
  /** Its heading. */
  title: string;
  /** 0 (always kept), 1 (first), 2 (next), 3 (last). */
  tier: number;
  /** Its lines, as shown. */
  lines: string[];
}

/** What a snapshot left out of a section for lack of room. */
export interface Omission {
  /** The section's heading. */
  title: string;
  /** How many of its lines were left out. */
  count: number;
  /** Whether some of its lines were kept. */
  partial: boolean;
}

/** A session snapshot. */
export interface Snapshot {
  /** The sections that fit, in guide order. */
  sections: SnapshotSection[];
  /** What was left out, highest tier first. */
  omitted: Omission[];
  /** The byte budget it was cut to. */
  budget: number;
}
