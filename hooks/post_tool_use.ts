/**
 * After a tool ran (or failed): what the session should remember about the
 * call — its events (files, tasks, git, environment, errors…), the earlier
 * errors it resolves, and the per-session tool counts — handed to the
 * engine's `record`; and, where the agent can replace a tool's result and
 * the result is bulky, the result's compact view in its place (the full
 * result handed to the engine's `keep`, which indexes it).
 *
 * Platform-neutral; it does no I/O itself. It runs on the agent's hot path:
 * extraction and shrinking are bounded string work, no network, no model
 * calls.
 *
 * @module
 */

import { captureToolCall } from "../src/session/capture_tool.ts";
import { shrinkEvent } from "../src/session/capture_shrink.ts";
import type { SessionRecord } from "../src/session/types.ts";
import { shrinkToolResult } from "../src/shrink/shrink_tool_result.ts";
import type { ShrinkSettings } from "../src/shrink/settings.ts";
import type { Shrunk, ToolResult } from "../src/shrink/types.ts";
import type { SecretScrubber } from "../src/store/scrub_secrets.ts";
import { utf8ByteLength } from "../src/store/split_oversize.ts";
import type { PostToolDecision, ToolCallEvent } from "../src/routing/types.ts";

/** What shrinking needs, when the agent can replace a tool's result. */
export interface ShrinkDeps {
  /** The shrink settings in force. */
  settings: Readonly<ShrinkSettings>;
  /** Whether the model can call ctx-mode's tools to get the rest back. */
  toolsAvailable: boolean;
  /** The scrubber the knowledge base indexes with. */
  scrubber: SecretScrubber;
  /** The search tool's name as the agent's model sees it. @default {"ctx_search"} */
  searchTool?: string | undefined;
  /** The clock, for the label's id. */
  now: number;
  /**
   * Indexes the full result and accounts for it; it may finish after the
   * answer. False when it could not be done: the result is then left alone.
   */
  keep(shrunk: Shrunk): boolean | Promise<boolean>;
}

/** What the post-tool handler needs from the engine. */
export interface PostToolUseDeps {
  /** Stores what the call left behind; failures are the engine's to report. */
  record(record: SessionRecord): unknown;
  /** Shrinking; without it a result is never replaced. @default {undefined} */
  shrink?: ShrinkDeps | undefined;
}

/** Options for {@linkcode postToolUse}. */
export interface PostToolUseOptions {
  /** Why the tool failed, when the platform reported a failure. @default {undefined} */
  error?: string | undefined;
}

/**
 * Records a call that ran, and replaces its result by a compact view when
 * shrinking applies.
 *
 * @param call The neutral tool call with its output.
 * @param deps Where to record; shrinking.
 * @param options The failure, if the call failed.
 * @returns Allow, or `replace_output` with the view: a finished call is never blocked.
 */
export async function postToolUse(
  call: ToolCallEvent,
  deps: PostToolUseDeps,
  options: PostToolUseOptions = {},
): Promise<PostToolDecision> {
  const capture = captureToolCall({
    toolName: call.toolName,
    toolKind: call.toolKind,
    input: call.input,
    output: call.output,
    error: options.error,
    projectDir: call.projectDir,
  });
  const shrink = deps.shrink;
  const shrunk = shrink
    ? shrinkToolResult(toolResultOf(call, options.error), {
      settings: shrink.settings,
      platform: call.platform,
      toolsAvailable: shrink.toolsAvailable,
      scrubber: shrink.scrubber,
      now: shrink.now,
      searchTool: shrink.searchTool,
      projectDir: call.projectDir,
    })
    : undefined;
  // The view names where the rest is: it replaces nothing unless that holds.
  const kept = shrunk?.shrunk && await shrink?.keep(shrunk) !== false
    ? shrunk
    : undefined;
  await deps.record({
    ...capture,
    events: kept ? [...capture.events, shrinkEvent(kept)] : capture.events,
    toolCall: {
      tool: call.toolName,
      kind: call.toolKind,
      outputBytes: outputBytes(call.output),
    },
  });
  if (!kept) return { kind: "allow" };
  return {
    kind: "replace_output",
    output: kept.view,
    note: `ctx-mode shrank ${kept.originalBytes} bytes to ${kept.viewBytes}`,
  };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A tool call's result in the shrinker's terms, from the keys results
 * commonly carry: `stdout`, `stderr` and an exit status for commands, a
 * file's `content` for reads, the text of searches, listings and fetches,
 * content blocks for MCP tools; a failure's
 * message stands for a result the agent did not hand over.
 */
function toolResultOf(call: ToolCallEvent, error?: string): ToolResult {
  const { input, output } = call;
  const subject = text(input.command) ?? text(input.path) ??
    text(input.url) ?? text(input.pattern) ?? "";
  let content: unknown = output;
  let stderr: string | undefined;
  let exitCode: number | undefined;
  if (isRecord(output)) {
    const file = output.file;
    if (typeof output.stdout === "string") {
      content = output.stdout;
      stderr = text(output.stderr);
      const status = output.exitCode ?? output["exit_code"] ??
        output.returnCode;
      if (typeof status === "number") exitCode = status;
    } else if (isRecord(file) && typeof file.content === "string") {
      content = file.content;
    } else {
      content = textOf(output) ?? output;
    }
  } else if (
    Array.isArray(output) && output.every((block) => isRecord(block))
  ) {
    content = { content: output };
  }
  if (error !== undefined) {
    if (content === undefined || content === null || content === "") {
      content = error;
    }
    const status = /\bexit(?: code| status)?:? (\d+)/i.exec(error)?.[1];
    if (exitCode === undefined && status !== undefined) {
      exitCode = Number(status);
    }
  }
  return {
    toolKind: call.toolKind,
    toolName: call.toolName,
    subject,
    content,
    stderr,
    exitCode,
  };
}

/**
 * The text a structured result prints: a content search's `content`, a
 * listing's `filenames` (one a line), a fetch's `result`, a model-facing
 * `llmContent`; undefined for any other shape (it is shrunk as JSON).
 */
function textOf(output: Record<string, unknown>): string | undefined {
  const { filenames } = output;
  if (
    Array.isArray(filenames) && output.content === undefined &&
    filenames.every((name) => typeof name === "string")
  ) {
    return filenames.join("\n");
  }
  return text(output.content) ?? text(output.result) ??
    text(output.llmContent) ?? partsText(output.llmContent);
}

/** The text of model parts (`[{text}]`), when every part is text. */
function partsText(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const texts = value.map((part) =>
    isRecord(part) ? text(part.text) : undefined
  );
  return texts.every((piece) => piece !== undefined)
    ? texts.join("\n")
    : undefined;
}

/**
 * The size of a tool's output, in bytes: its strings' UTF-8 bytes, and the
 * JSON text of everything else (keys, numbers). A megabyte of command output
 * is measured where it lies, never copied into a JSON string first.
 */
function outputBytes(output: unknown): number {
  if (typeof output === "string") return utf8ByteLength(output);
  if (Array.isArray(output)) {
    let bytes = 2;
    for (const item of output) bytes += outputBytes(item) + 1;
    return bytes;
  }
  if (isRecord(output)) {
    let bytes = 2;
    for (const key in output) {
      bytes += utf8ByteLength(key) + 4 + outputBytes(output[key]);
    }
    return bytes;
  }
  return output === undefined
    ? 0
    : utf8ByteLength(JSON.stringify(output) ?? "");
}
