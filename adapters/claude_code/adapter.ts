/**
 * Claude Code: JSON on stdin, `hookSpecificOutput` on stdout, every
 * capability (block, ask, rewrite input, add context, replace a result).
 *
 * Translates only; the policy lives in `hooks/`. Fails open through the
 * engine: a payload of the wrong shape throws a one-line TypeError. The
 * settings, instructions and doctor are in `setup.ts`.
 *
 * @module
 */

import { basenameOf } from "../../src/config/path_lite.ts";
import { subagentCanCallServer } from "./subagents.ts";
import { claudeCanReplace, formatClaudeReplacement } from "./replacement.ts";
import { failedCommandOutput, persistedOutput } from "./kept_output.ts";
import type { Decision, ToolInput, ToolKind } from "../../src/routing/types.ts";
import type {
  Adapter,
  AdapterEnv,
  HookEvent,
  HookInput,
  HookOutput,
  ToolRoles,
} from "../types.ts";

const EVENTS: Record<string, HookEvent> = {
  pretooluse: "pre_tool_use",
  posttooluse: "post_tool_use",
  // A failed call (non-zero exit, tool error) comes as its own event, with `error`.
  posttoolusefailure: "post_tool_use",
  precompact: "pre_compact",
  sessionstart: "session_start",
  userpromptsubmit: "user_prompt_submit",
};

const TOOL_KINDS: Record<string, ToolKind> = {
  Bash: "shell",
  PowerShell: "shell",
  Read: "read",
  Grep: "grep",
  Glob: "grep",
  WebFetch: "fetch",
  WebSearch: "other",
  Agent: "task",
  Task: "task",
  Write: "edit",
  Edit: "edit",
  MultiEdit: "edit",
  NotebookEdit: "edit",
};

/** The PascalCase event names Claude Code uses in its settings and payloads. */
const EVENT_NAMES: Record<HookEvent, string> = {
  "pre_tool_use": "PreToolUse",
  "post_tool_use": "PostToolUse",
  "pre_compact": "PreCompact",
  "session_start": "SessionStart",
  "user_prompt_submit": "UserPromptSubmit",
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

interface Payload {
  "session_id"?: unknown;
  "transcript_path"?: unknown;
  "cwd"?: unknown;
  "tool_name"?: unknown;
  "tool_input"?: unknown;
  "tool_response"?: unknown;
  "agent_id"?: unknown;
  "agent_type"?: unknown;
  "prompt"?: unknown;
  "source"?: unknown;
  "error"?: unknown;
  "is_interrupt"?: unknown;
  "trigger"?: unknown;
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError(
      `Cannot read the claude-code payload: ${what} is not an object`,
    );
  }
  return value as Record<string, unknown>;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** Session id: the UUID in `transcript_path`, else `session_id`, else `CLAUDE_SESSION_ID`, else the parent pid. */
function sessionIdOf(payload: Payload, where: AdapterEnv): string {
  const transcript = text(payload.transcript_path);
  const fromTranscript = transcript
    ? basenameOf(transcript).match(UUID)?.[0]
    : undefined;
  return fromTranscript ?? text(payload.session_id) ??
    text(where.env.CLAUDE_SESSION_ID) ??
    `pid-${where.parentPid}`;
}

function projectDirOf(payload: Payload, where: AdapterEnv): string {
  const dir = text(where.env.CLAUDE_PROJECT_DIR) ?? text(payload.cwd);
  if (!dir) {
    throw new TypeError(
      "Cannot read the claude-code payload: no cwd and no CLAUDE_PROJECT_DIR",
    );
  }
  return dir;
}

/** Claude Code's inputs, with the neutral keys routing reads added. */
function neutralInput(
  kind: ToolKind,
  input: Record<string, unknown>,
  toolName: string,
): ToolInput {
  switch (kind) {
    case "shell":
      return toolName === "PowerShell"
        ? { ...input, dialect: "powershell" }
        : input;
    case "read":
      return {
        ...input,
        path: input.file_path,
        ...(input.limit === undefined ? {} : { limit: input.limit }),
      };
    case "grep":
      return {
        ...input,
        ...(input.head_limit === undefined ? {} : { limit: input.head_limit }),
      };
    case "edit":
      return { ...input, path: input.file_path ?? input.notebook_path };
    case "task":
      return typeof input.subagent_type === "string"
        ? { ...input, agentType: input.subagent_type }
        : input;
    default:
      return input;
  }
}

/** The input handed back to Claude Code: its own fields only, neutral keys dropped. */
function platformInput(
  kind: ToolKind,
  original: Record<string, unknown>,
  changed: ToolInput,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...original };
  for (const [key, value] of Object.entries(changed)) {
    if (key in original || kind === "task" || kind === "shell") {
      result[key] = value;
    }
  }
  if (kind === "read" || kind === "edit") delete result.path;
  if (kind === "shell") delete result.dialect;
  if (kind === "task") delete result.agentType;
  return result;
}

/**
 * A shell's result with its exit status: Claude Code reports a command that
 * exits non-zero as `PostToolUseFailure`, unless it explains the status
 * (`returnCodeInterpretation`, as for a grep that found nothing), so a plain
 * `PostToolUse` of a command means exit 0.
 */
function withExitStatus(kind: ToolKind, response: unknown): unknown {
  if (kind !== "shell" || typeof response !== "object" || response === null) {
    return response;
  }
  const fields = response as Record<string, unknown>;
  return "exitCode" in fields || "returnCodeInterpretation" in fields ||
      fields.interrupted === true
    ? response
    : { ...fields, exitCode: 0 };
}

function json(value: unknown): HookOutput {
  return { stdout: `${JSON.stringify(value)}\n`, exitCode: 0 };
}

const TOOLS: ToolRoles = {
  shell: ["Bash", "PowerShell"],
  read: ["Read"],
  search: ["Grep", "Glob"],
  fetch: ["WebFetch"],
  subagent: ["Agent", "Task"],
  edit: ["Write", "Edit", "MultiEdit", "NotebookEdit"],
  mcp: "mcp__<server>__<tool>",
};

/** The Claude Code adapter. */
export const claudeCode: Adapter = {
  name: "claude-code",
  label: "Claude Code",
  paradigm: "json-stdio",
  observeOnly: [],
  eventNames: EVENT_NAMES,
  tools: TOOLS,
  // Claude Code's routing texts name ctx-mode's tools as they are.
  serverToolName: (tool: string) => tool,
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: true,
    // Verified in 2.1.197's binary: PostToolUse `updatedToolOutput`, checked
    // against the tool's output schema (see replacement.ts).
    modifyOutput: true,
    injectContext: true,
    block: true,
    ask: true,
  },

  event(name: string): HookEvent | undefined {
    return EVENTS[name];
  },

  parse(event: HookEvent, raw: unknown, where: AdapterEnv): HookInput {
    const payload = record(raw, "the payload") as Payload;
    const sessionId = sessionIdOf(payload, where);
    const projectDir = projectDirOf(payload, where);
    if (event === "pre_tool_use" || event === "post_tool_use") {
      const toolName = text(payload.tool_name);
      if (!toolName) {
        throw new TypeError(
          "Cannot read the claude-code payload: tool_name is missing",
        );
      }
      const toolKind = TOOL_KINDS[toolName] ??
        (toolName.startsWith("mcp__") ? "mcp" : "other");
      const input = record(payload.tool_input ?? {}, "tool_input");
      const agentType = text(payload.agent_type);
      // An interrupted call did not fail: the user stopped it.
      const error = event === "post_tool_use" && payload.is_interrupt !== true
        ? text(payload.error)
        : undefined;
      const fullOutput = event === "post_tool_use"
        ? persistedOutput(payload.tool_response, where.env)
        : undefined;
      const failedOutput = error !== undefined && toolKind === "shell" &&
          payload.tool_response === undefined
        ? failedCommandOutput(payload, where.env, Deno.uid())
        : undefined;
      return {
        event,
        subagent: text(payload.agent_id) !== undefined,
        ...(agentType === undefined ? {} : { agentType }),
        ...(error === undefined ? {} : { error }),
        ...(fullOutput === undefined ? {} : { fullOutput }),
        ...(failedOutput === undefined ? {} : { failedOutput }),
        call: {
          platform: "claude-code",
          sessionId,
          projectDir,
          toolName,
          toolKind,
          input: neutralInput(toolKind, input, toolName),
          ...(event === "post_tool_use"
            ? { output: withExitStatus(toolKind, payload.tool_response) }
            : {}),
        },
      };
    }
    return {
      event,
      platform: "claude-code",
      sessionId,
      projectDir,
      ...(text(payload.prompt) ? { prompt: String(payload.prompt) } : {}),
      ...(text(payload.source) ? { source: String(payload.source) } : {}),
      ...(text(payload.trigger) ? { trigger: String(payload.trigger) } : {}),
    };
  },

  format(input: HookInput, decision: Decision): HookOutput {
    const hookEventName = EVENT_NAMES[input.event];
    switch (decision.kind) {
      case "allow":
        return { stdout: "", exitCode: 0 };
      case "deny":
        if (input.event !== "pre_tool_use") return { stdout: "", exitCode: 0 };
        return json({
          hookSpecificOutput: {
            hookEventName,
            permissionDecision: "deny",
            permissionDecisionReason: decision.reason,
          },
        });
      case "ask":
        if (input.event !== "pre_tool_use") return { stdout: "", exitCode: 0 };
        return json({
          hookSpecificOutput: {
            hookEventName,
            permissionDecision: "ask",
            permissionDecisionReason: decision.reason,
          },
        });
      case "modify": {
        if (input.event !== "pre_tool_use") return { stdout: "", exitCode: 0 };
        const original = record(input.call.input, "tool_input");
        return json({
          hookSpecificOutput: {
            hookEventName,
            permissionDecision: "allow",
            permissionDecisionReason: decision.note,
            updatedInput: platformInput(
              input.call.toolKind,
              original,
              decision.input,
            ),
          },
        });
      }
      case "context":
        if (input.event === "pre_compact") return { stdout: "", exitCode: 0 };
        return json({
          hookSpecificOutput: {
            hookEventName,
            additionalContext: decision.text,
          },
        });
    }
  },

  formatReplacement: formatClaudeReplacement,
  canReplaceOutput: claudeCanReplace,
  // A failure's answer adds `additionalContext`; its error still goes to the model.
  viewBeside: (input) => input.error !== undefined,

  passThrough(): HookOutput {
    return { stdout: "", exitCode: 0 };
  },

  subagentCanCallServer,
};
