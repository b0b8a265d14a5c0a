/**
 * The neutral contract between adapters, hook handlers and routing: a tool
 * call in, a decision out.
 *
 * Types only. This file must never name a platform or hold a platform's wire
 * spelling: adapters translate their payloads into these shapes and back.
 *
 * @module
 */

/**
 * What a tool does, as far as routing cares. An adapter maps each of its
 * platform's tool names onto one of these.
 */
export type ToolKind =
  | "shell"
  | "read"
  | "grep"
  | "fetch"
  | "task"
  | "mcp"
  | "edit"
  | "other";

/**
 * The neutral tool input. Adapters fill the keys that apply to the tool kind
 * and keep any other fields as they came, so a `modify` decision can hand the
 * whole object back:
 *
 * - `command` (shell): the command line.
 * - `dialect` (shell): `"powershell"` when the tool runs PowerShell, else absent (POSIX).
 * - `path` (read, grep, edit): the file or directory, absolute or project-relative.
 * - `limit` (read, grep): a line or match limit the caller already set.
 * - `pattern` (grep): the search pattern.
 * - `url` (fetch): the address.
 * - `prompt` (task): the subagent's instructions.
 * - `agentType` (task): the kind of subagent to start, when the platform names it.
 */
export type ToolInput = Readonly<Record<string, unknown>>;

/** One tool call, before it runs (or after, with `output`). */
export interface ToolCallEvent {
  /** The adapter's name; routing never looks at it. */
  platform: string;
  /** The agent session the call belongs to. */
  sessionId: string;
  /** The project directory; relative paths in the input resolve against it. */
  projectDir: string;
  /** The tool's name as the platform spells it (MCP tools keep their server in it). */
  toolName: string;
  /** The neutral kind the adapter mapped the tool onto. */
  toolKind: ToolKind;
  /** The tool's input, with the neutral keys described on {@linkcode ToolInput}. */
  input: ToolInput;
  /** The tool's result, present after the call ran. */
  output?: unknown;
}

/**
 * The kinds of guidance note routing gives. Each is shown at most once per
 * session; the caller records which ones it has shown.
 */
export type NoteKind =
  | "http"
  | "web-fetch"
  | "large-read"
  | "broad-grep"
  | "chatty-shell"
  | "test-runner"
  | "build-output"
  | "mcp-bulk";

/** Let the call run unchanged. */
export interface AllowDecision {
  /** Marks an allow decision. */
  kind: "allow";
}

/** Block the call; `reason` is written for the model and names what to do instead. */
export interface DenyDecision {
  /** Marks a deny decision. */
  kind: "deny";
  /** Why, and which tool to use instead. */
  reason: string;
}

/**
 * Run the call with a rewritten input. Platforms that cannot rewrite turn
 * this into a deny that carries the rewritten call.
 */
export interface ModifyDecision {
  /** Marks a decision that rewrites the call's input. */
  kind: "modify";
  /** The full replacement input (unchanged fields copied). */
  input: ToolInput;
  /** A short line saying what changed and why. */
  note: string;
}

/** Let the call run and add a note to the model's context. */
export interface ContextDecision {
  /** Marks a decision that adds a note to the model's context. */
  kind: "context";
  /** The note for the model. */
  text: string;
  /** Which guidance note this is, so the caller can record that it was shown. */
  noteKind?: NoteKind;
}

/** Ask the user to confirm the call; `reason` is shown to them. */
export interface AskDecision {
  /** Marks a decision that asks the user to confirm. */
  kind: "ask";
  /** Why confirmation is needed. */
  reason: string;
}

/**
 * Replace the result the model sees with `output`, after the call ran (a
 * post-tool decision only). The adapter puts it into the shape of the tool's
 * own result; an adapter that cannot replace results lets the call's result
 * through unchanged.
 */
export interface ReplaceOutputDecision {
  /** Marks a decision that replaces the tool's result. */
  kind: "replace_output";
  /** What the model sees instead of the result: plain text. */
  output: string;
  /** A short line saying what was replaced and why. */
  note: string;
}

/** What to do with a tool call. */
export type Decision =
  | AllowDecision
  | DenyDecision
  | ModifyDecision
  | ContextDecision
  | AskDecision;

/** What the post-tool handler decides: a {@linkcode Decision}, or a replacement of the result. */
export type PostToolDecision = Decision | ReplaceOutputDecision;
