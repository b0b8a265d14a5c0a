/**
 * Claude Code's replacement of a tool's result: `PostToolUse` answers
 * `hookSpecificOutput.updatedToolOutput`, which Claude Code (2.1.197, its
 * binary read) checks against the tool's own output schema and then renders
 * with the tool's own mapper; a value of the wrong shape is dropped with an
 * error and the original result goes to the model. MCP tools skip the
 * schema check and take text or content blocks.
 *
 * So the view is put where each tool's mapper prints text: a shell's
 * `stdout`, a read's `file.content`, a content search's `content`, a glob's
 * `filenames` (printed one a line), a fetch's `result`, an MCP tool's text
 * block. `PostToolUseFailure` (a command that exited non-zero, a tool that
 * threw) cannot replace anything, nor can the tools whose shape is not one
 * of these. Two failures get a view beside their error, as
 * `additionalContext`: a Read that failed without a result (a file too large
 * for it) gets the view of the file; a shell command that exited non-zero
 * (its output comes only as the failure's `error`) gets the view of that
 * output, whose errors, failing tests and summary the model may otherwise
 * miss in the bulk.
 *
 * @module
 */

import type { ReplaceOutputDecision } from "../../src/routing/types.ts";
import type { HookOutput, ToolHookInput } from "../types.ts";

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A line count as Claude Code's Read counts it. */
function lineCount(text: string): number {
  return text === "" ? 0 : text.split("\n").length;
}

/**
 * The tool's own result with the view in it, or undefined when the tool's
 * shape is not one Claude Code renders as text.
 */
function replacedOutput(toolName: string, output: unknown, view: string) {
  if (toolName.startsWith("mcp__")) {
    return typeof output === "string" ? view : [{ type: "text", text: view }];
  }
  if (!isRecord(output)) return undefined;
  switch (toolName) {
    case "Bash":
    case "PowerShell":
      // Only the schema's own fields: a persisted-output path or structured
      // content would be printed instead of stdout.
      if (typeof output.stdout !== "string") return undefined;
      return {
        stdout: view,
        stderr: "",
        interrupted: output.interrupted === true,
        isImage: false,
        ...(typeof output.returnCodeInterpretation === "string"
          ? { returnCodeInterpretation: output.returnCodeInterpretation }
          : {}),
      };
    case "Read": {
      const file = output.file;
      if (output.type !== "text" || !isRecord(file)) return undefined;
      if (typeof file.filePath !== "string") return undefined;
      return {
        type: "text",
        file: {
          filePath: file.filePath,
          content: view,
          numLines: lineCount(view),
          startLine: 1,
          totalLines: typeof file.totalLines === "number"
            ? file.totalLines
            : lineCount(view),
        },
      };
    }
    case "Grep":
      return {
        mode: "content",
        numFiles: typeof output.numFiles === "number" ? output.numFiles : 0,
        filenames: [],
        content: view,
      };
    case "Glob":
      return {
        filenames: view.split("\n"),
        durationMs: typeof output.durationMs === "number"
          ? output.durationMs
          : 0,
        numFiles: typeof output.numFiles === "number" ? output.numFiles : 0,
        truncated: false,
      };
    case "WebFetch":
      if (typeof output.result !== "string") return undefined;
      return { ...output, result: view };
    default:
      return undefined;
  }
}

/**
 * Whether Claude Code can take a view in place of this call's result: a
 * `PostToolUse` (not a failure) of a tool whose result shape is known.
 *
 * @param input The parsed post-tool event.
 * @returns True when {@linkcode formatClaudeReplacement} carries the view.
 */
export function claudeCanReplace(input: ToolHookInput): boolean {
  const { call } = input;
  if (input.event !== "post_tool_use") return false;
  if (input.error !== undefined) {
    return failedRead(input) || failedShell(input);
  }
  return call.output !== undefined &&
    replacedOutput(call.toolName, call.output, "") !== undefined;
}

/**
 * A Read that failed and handed nothing over (a file past Read's 256 KB, for
 * one): its view goes to the model as the failure's `additionalContext`
 * (2.1.197's binary: `PostToolUseFailure` takes that alone, delivered as a
 * `hook_additional_context` message), made from the file read back from
 * disk under the whole-read rules (not meant to be edited, inside the
 * project, at most 64 MB).
 */
function failedRead(input: ToolHookInput): boolean {
  return input.call.toolName === "Read" && input.call.output === undefined;
}

/**
 * A shell command that failed: Claude Code hands its output over only as
 * the failure's `error` ("Exit code N" and what the command printed), so
 * its view goes beside it as the failure's `additionalContext`.
 */
function failedShell(input: ToolHookInput): boolean {
  const { call } = input;
  return (call.toolName === "Bash" || call.toolName === "PowerShell") &&
    call.output === undefined;
}

/**
 * Claude Code's answer that puts the view in place of the tool's result.
 *
 * @param input The parsed post-tool event.
 * @param decision The view.
 * @returns `hookSpecificOutput.updatedToolOutput` in the tool's shape, or an
 *   empty answer (the result as it was) where the tool's shape is not known.
 */
export function formatClaudeReplacement(
  input: ToolHookInput,
  decision: ReplaceOutputDecision,
): HookOutput {
  if (input.error !== undefined) {
    return claudeCanReplace(input)
      ? {
        stdout: `${
          JSON.stringify({
            hookSpecificOutput: {
              hookEventName: "PostToolUseFailure",
              additionalContext: decision.output,
            },
          })
        }\n`,
        exitCode: 0,
      }
      : { stdout: "", exitCode: 0 };
  }
  const updatedToolOutput = claudeCanReplace(input)
    ? replacedOutput(input.call.toolName, input.call.output, decision.output)
    : undefined;
  if (updatedToolOutput === undefined) return { stdout: "", exitCode: 0 };
  return {
    stdout: `${
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: "PostToolUse",
          updatedToolOutput,
        },
      })
    }\n`,
    exitCode: 0,
  };
}
