/**
 * After a tool ran (or failed): what the session should remember about the
 * call — its events (files, tasks, git, environment, errors…), the earlier
 * errors it resolves, and the per-session tool counts — handed to the
 * engine's `record`. The call itself is never affected.
 *
 * Platform-neutral; it does no I/O itself. It runs on the agent's hot path:
 * extraction is bounded string work, no network, no model calls.
 *
 * @module
 */

import { captureToolCall } from "../src/session/capture_tool.ts";
import type { SessionRecord } from "../src/session/types.ts";
import { utf8ByteLength } from "../src/store/split_oversize.ts";
import type { Decision, ToolCallEvent } from "../src/routing/types.ts";

/** What the post-tool handler needs from the engine. */
export interface PostToolUseDeps {
  /** Stores what the call left behind; failures are the engine's to report. */
  record(record: SessionRecord): unknown;
}

/** Options for {@linkcode postToolUse}. */
export interface PostToolUseOptions {
  /** Why the tool failed, when the platform reported a failure. @default {undefined} */
  error?: string | undefined;
}

/**
 * Records a call that ran, and lets it be.
 *
 * @param call The neutral tool call with its output.
 * @param deps Where to record.
 * @param options The failure, if the call failed.
 * @returns Allow: a finished call is never blocked.
 */
export async function postToolUse(
  call: ToolCallEvent,
  deps: PostToolUseDeps,
  options: PostToolUseOptions = {},
): Promise<Decision> {
  const capture = captureToolCall({
    toolName: call.toolName,
    toolKind: call.toolKind,
    input: call.input,
    output: call.output,
    error: options.error,
    projectDir: call.projectDir,
  });
  await deps.record({
    ...capture,
    toolCall: {
      tool: call.toolName,
      kind: call.toolKind,
      outputBytes: outputBytes(call.output),
    },
  });
  return { kind: "allow" };
}

/** The size of a tool's output as JSON text, in bytes. */
function outputBytes(output: unknown): number {
  if (output === undefined) return 0;
  const text = typeof output === "string"
    ? output
    : JSON.stringify(output) ?? "";
  return utf8ByteLength(text);
}
