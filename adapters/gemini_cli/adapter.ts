/**
 * Gemini CLI: command hooks in `settings.json` (`BeforeTool`, `AfterTool`,
 * `PreCompress`, `SessionStart`, `BeforeAgent`), Claude-like payloads,
 * top-level `decision`/`reason` replies; arguments are rewritten by merging
 * `hookSpecificOutput.tool_input`. `PreCompress` is advisory only, so
 * ctx-mode snapshots there and never answers. Context reaches the model on
 * `AfterTool`, `BeforeAgent` and `SessionStart`, not before a tool runs. A
 * bulky result is replaced by its shrunk view through an `AfterTool` deny;
 * the result is read out of Gemini's `<untrusted_context>` envelope first
 * (`tool_response.ts`).
 *
 * Only exit code 0 is used: Gemini treats every other code but 1 as a deny.
 * Unverified: `decision: "ask"` (typed, behaviour not confirmed); how a
 * server named `ctx-mode` is spelled in tool names (`mcp_ctx-mode_<tool>`).
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
import {
  ENVELOPE_KEY,
  readToolResponse,
  UNTRUSTED,
  wrapUntrusted,
} from "./tool_response.ts";

/** Its event names per neutral event, the registered one first. */
export const EVENTS = {
  "pre_tool_use": ["BeforeTool"],
  "post_tool_use": ["AfterTool"],
  "pre_compact": ["PreCompress"],
  "session_start": ["SessionStart"],
  "user_prompt_submit": ["BeforeAgent"],
} as const;

function json(value: unknown): HookOutput {
  return { stdout: `${JSON.stringify(value)}\n`, exitCode: 0 };
}

function reply(
  _event: HookEvent,
  decision: WireDecision,
  eventName: string,
): HookOutput {
  switch (decision.kind) {
    case "allow":
      return { stdout: "", exitCode: 0 };
    case "deny":
    case "ask":
      return json({ decision: decision.kind, reason: decision.reason });
    case "modify":
      return json({
        decision: "allow",
        reason: decision.note,
        hookSpecificOutput: { tool_input: decision.input },
      });
    case "context":
      return json({
        hookSpecificOutput: {
          hookEventName: eventName,
          additionalContext: decision.text,
        },
      });
  }
}

/** Where the view ends and ctx-mode's receipt begins. */
const RECEIPT = "\n\n[ctx-mode shrank this ";

/**
 * The view in place of the result: an `AfterTool` deny, whose reason Gemini
 * CLI (0.61, its bundle read) hands the model as the tool's response
 * (`{error: reason}`, shown as "Tool result blocked"). The first line says
 * the tool did run, so that the model does not take the view for a failure.
 * A result Gemini had wrapped in `<untrusted_context>` keeps its view
 * wrapped (the model is told to take no directions from inside it); the
 * receipt, ctx-mode's own words, stays outside.
 */
function formatReplacement(
  input: ToolHookInput,
  decision: ReplaceOutputDecision,
): HookOutput {
  const output = input.call.output as Record<string, unknown> | undefined;
  let view = decision.output;
  if (output?.[ENVELOPE_KEY] === UNTRUSTED) {
    const cut = view.lastIndexOf(RECEIPT);
    view = cut < 0
      ? wrapUntrusted(view)
      : `${wrapUntrusted(view.slice(0, cut))}${view.slice(cut)}`;
  }
  return json({
    decision: "deny",
    reason:
      `The tool ran; ctx-mode replaced its bulky result with this view (not a tool error).\n\n${view}`,
  });
}

/** Reads a payload, the tool's response out of Gemini's envelope (`tool_response.ts`). */
function parse(base: Adapter["parse"]): Adapter["parse"] {
  return (event, payload, where) => {
    const input = base(event, payload, where);
    if (input.event !== "post_tool_use" || input.call.output === undefined) {
      return input;
    }
    const output = readToolResponse(
      input.call.output,
      input.call.toolKind === "shell",
    );
    return { ...input, call: { ...input.call, output } };
  };
}

const base = defineAgent({
  name: "gemini-cli",
  label: "Gemini CLI",
  events: EVENTS,
  observeOnly: ["pre_compact"],
  contextOn: ["post_tool_use", "session_start", "user_prompt_submit"],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: true,
    // Verified in 0.61's bundle: an AfterTool deny's reason replaces any
    // tool's response to the model.
    modifyOutput: true,
    injectContext: true,
    block: true,
    ask: true,
  },
  tools: {
    shell: ["run_shell_command"],
    read: ["read_file", "read_many_files"],
    search: ["grep_search", "search_file_content", "glob"],
    fetch: ["web_fetch"],
    subagent: ["codebase_investigator", "generalist"],
    edit: ["write_file", "replace"],
    mcp: "mcp_<server>_<tool>",
    isMcp: (name) => name.startsWith("mcp_"),
  },
  serverToolName: (tool) => `mcp_ctx-mode_${tool}`,
  projectEnv: ["GEMINI_PROJECT_DIR"],
  sessionEnv: ["GEMINI_SESSION_ID"],
  reply,
  formatReplacement,
});

/** The Gemini CLI adapter. */
export const geminiCli: Adapter = { ...base, parse: parse(base.parse) };
