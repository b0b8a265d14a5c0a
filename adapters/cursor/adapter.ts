/**
 * Cursor: `hooks.json` (version 1) with flat `{command, matcher}` entries,
 * camelCase events, snake_case payloads keyed by `conversation_id`, and
 * replies as `{permission, user_message, agent_message}`; `updated_input`
 * rewrites a call and `additional_context` adds context after a tool ran or
 * at session start; `updated_mcp_tool_output` replaces an MCP tool's result
 * (its own tools' results cannot be replaced). Cursor always wants a JSON
 * object on stdout.
 *
 * The older per-kind events (`beforeShellExecution`, `beforeReadFile`,
 * `beforeMCPExecution`, `afterShellExecution`, `afterFileEdit`) are
 * understood too: their payloads name no tool, so the event implies it.
 *
 * Unverified: `permission: "ask"` on `preToolUse` (reported ignored), so
 * ctx-mode denies with how to run the command by hand; `preCompact` and
 * `sessionStart` payloads (sources disagree; sessionStart output is reported
 * as sometimes ignored); MCP tool names (`MCP:<tool>` or
 * `MCP:<server>:<tool>`); how the model sees ctx-mode's tools (taken as the
 * bare tool names).
 *
 * @module
 */

import { defineAgent, type WireDecision } from "../_kit/command_hooks.ts";
import type { ReplaceOutputDecision } from "../../src/routing/types.ts";
import type {
  Adapter,
  HookEvent,
  HookOutput,
  ToolHookInput,
} from "../types.ts";

/** Its event names per neutral event, the registered one first. */
export const EVENTS = {
  "pre_tool_use": [
    "preToolUse",
    "beforeShellExecution",
    "beforeReadFile",
    "beforeMCPExecution",
  ],
  "post_tool_use": [
    "postToolUse",
    "postToolUseFailure",
    "afterShellExecution",
    "afterFileEdit",
    "afterMCPExecution",
  ],
  "pre_compact": ["preCompact"],
  "session_start": ["sessionStart"],
  "user_prompt_submit": ["beforeSubmitPrompt"],
} as const;

function json(value: unknown): HookOutput {
  return { stdout: `${JSON.stringify(value)}\n`, exitCode: 0 };
}

function reply(event: HookEvent, decision: WireDecision): HookOutput {
  switch (decision.kind) {
    case "allow":
      return json(event === "pre_tool_use" ? { permission: "allow" } : {});
    case "deny":
    case "ask":
      return json({
        permission: decision.kind,
        "user_message": decision.reason,
        "agent_message": decision.reason,
      });
    case "modify":
      return json({ permission: "allow", "updated_input": decision.input });
    case "context":
      return json({ "additional_context": decision.text });
  }
}

/**
 * Whether Cursor takes a view for this call: a `postToolUse` of an MCP tool.
 * `updated_mcp_tool_output` is honoured for MCP tools only; Cursor reduces
 * the answer for its own tools (Shell, Read, Grep…) to `additional_context`.
 */
function canReplaceOutput(input: ToolHookInput): boolean {
  return input.call.toolKind === "mcp" && input.error === undefined &&
    input.call.output !== undefined;
}

/** The view as the MCP result Cursor hands the model: one text block. */
function formatReplacement(
  input: ToolHookInput,
  decision: ReplaceOutputDecision,
): HookOutput {
  if (!canReplaceOutput(input)) return json({});
  return json({
    "updated_mcp_tool_output": {
      content: [{ type: "text", text: decision.output }],
    },
  });
}

/** The Cursor adapter. */
export const cursor: Adapter = defineAgent({
  name: "cursor",
  label: "Cursor",
  events: EVENTS,
  observeOnly: ["pre_compact", "user_prompt_submit"],
  contextOn: ["post_tool_use", "session_start"],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: true,
    // MCP tools only (`updated_mcp_tool_output`), from Cursor's hooks
    // reference; not verified on a live install (Cursor is not on npm).
    modifyOutput: true,
    injectContext: true,
    block: true,
    ask: false,
  },
  tools: {
    shell: ["Shell"],
    read: ["Read"],
    search: ["Grep", "Glob"],
    fetch: ["WebFetch"],
    subagent: ["Task"],
    edit: ["Write", "Edit", "StrReplace", "Delete"],
    mcp: "MCP:<tool> or MCP:<server>:<tool>",
    isMcp: (name) => name.startsWith("MCP:"),
  },
  serverToolName: (tool) => tool,
  keys: {
    session: ["conversation_id", "session_id"],
    cwd: ["cwd", "workspace_roots.0"],
    output: ["tool_output", "output", "result_json", "tool_response"],
  },
  projectEnv: ["CURSOR_PROJECT_DIR"],
  impliedTools: {
    beforeshellexecution: "Shell",
    aftershellexecution: "Shell",
    beforereadfile: "Read",
    afterfileedit: "Write",
  },
  reply,
  passThrough: { stdout: "{}\n", exitCode: 0 },
  formatReplacement,
  canReplaceOutput,
});
