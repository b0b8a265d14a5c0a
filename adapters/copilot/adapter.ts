/**
 * GitHub Copilot's command hooks: the CLI (`copilot-cli`) and JetBrains IDEs
 * (`jetbrains-copilot`), in one module so each hook reads one module fewer.
 * They share the camelCase payload (`sessionId`, `toolName`, `toolArgs` as
 * an object or as JSON text) and the top-level `permissionDecision` reply
 * (always exit 0: exit 2 is only a warning there). Their set-up is in
 * `setup.ts`.
 *
 * @module
 */

import { defineAgent, type WireDecision } from "../_kit/command_hooks.ts";
import type { Adapter, HookOutput } from "../types.ts";

/** Where Copilot payloads keep each fact (camelCase, or snake_case from PascalCase registrations). */
const COPILOT_KEYS = {
  session: ["sessionId", "session_id"],
  tool: ["toolName", "tool_name"],
  input: ["toolArgs", "tool_input"],
  output: ["toolResult", "tool_result"],
  event: ["hookEventName", "hook_event_name"],
};

/** Copilot's tools by role (CLI names; JetBrains reportedly mirrors them). */
const COPILOT_TOOLS = {
  shell: ["bash", "powershell"],
  read: ["view"],
  search: ["grep", "glob"],
  fetch: ["web_fetch"],
  subagent: ["task"],
  edit: ["create", "edit"],
  powershell: ["powershell"],
  mcp: "<server>-<tool>",
  // Built-in tools have no hyphen; MCP tools are `<server>-<tool>`.
  isMcp: (name: string) => name.includes("-"),
};

/**
 * A decision in Copilot's dialect.
 *
 * @param decision The degraded decision.
 * @returns Top-level `permissionDecision` JSON, or nothing.
 */
function copilotReply(decision: WireDecision): HookOutput {
  const json = (value: unknown) => ({
    stdout: `${JSON.stringify(value)}\n`,
    exitCode: 0,
  });
  switch (decision.kind) {
    case "deny":
    case "ask":
      return json({
        permissionDecision: decision.kind,
        permissionDecisionReason: decision.reason,
      });
    case "modify":
      return json({
        permissionDecision: "allow",
        modifiedArgs: decision.input,
      });
    default:
      return { stdout: "", exitCode: 0 };
  }
}

/** Copilot CLI's event names per neutral event, the registered one first. */
export const CLI_EVENTS = {
  "pre_tool_use": ["preToolUse"],
  "post_tool_use": ["postToolUse", "postToolUseFailure"],
  "pre_compact": ["preCompact"],
  "session_start": ["sessionStart"],
  "user_prompt_submit": ["userPromptSubmitted"],
} as const;

/**
 * The Copilot CLI adapter. GitHub Copilot CLI: `version: 1` hook files (`.github/hooks/*.json`,
 * `$COPILOT_HOME/hooks/`), camelCase events and payloads (`toolArgs` as an
 * object or as JSON text; a PascalCase registration sends VS Code's
 * snake_case payload instead, read too), and top-level `permissionDecision`
 * replies with `modifiedArgs` rewrites, always on exit 0. Only `preToolUse`
 * answers are processed: session start, prompt and compaction are
 * observe-only, and no event adds context.
 *
 * Unverified: MCP tool names `<server>-<tool>` (so ctx-mode's tools are
 * `ctx-mode-ctx_execute` to the model); hooks in `.claude/settings*.json`.
 */
export const copilotCli: Adapter = defineAgent({
  name: "copilot-cli",
  label: "Copilot CLI",
  events: CLI_EVENTS,
  observeOnly: ["pre_compact", "session_start", "user_prompt_submit"],
  contextOn: [],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: true,
    modifyOutput: false,
    injectContext: false,
    block: true,
    ask: true,
  },
  tools: COPILOT_TOOLS,
  serverToolName: (tool) => `ctx-mode-${tool}`,
  keys: COPILOT_KEYS,
  reply: (_event, decision) => copilotReply(decision),
});

/** JetBrains Copilot's event names per neutral event, the registered one first. */
export const JETBRAINS_EVENTS = {
  "pre_tool_use": ["preToolUse"],
  "post_tool_use": ["postToolUse"],
  "session_start": ["sessionStart"],
  "user_prompt_submit": ["userPromptSubmitted"],
} as const;

/**
 * The JetBrains Copilot adapter. GitHub Copilot for JetBrains IDEs: hook files read only from
 * `<git root>/.github/hooks/**\/*.json` in Copilot CLI's format (camelCase
 * events only), Copilot CLI's camelCase payloads, and only a top-level
 * `permissionDecision: "deny"` honoured. So every ask becomes a deny saying
 * how to run the command by hand, a rewrite becomes a deny carrying the
 * rewritten call, and nothing adds context; post-tool, session start and
 * prompt events are only recorded.
 *
 * Low confidence overall (a preview, known from a changelog and issue
 * reports): the payload shape, a session id (none documented: the IDE's
 * process id stands in), tool names (taken as Copilot CLI's), the MCP file
 * location, no `preCompact` event.
 */
export const jetbrainsCopilot: Adapter = defineAgent({
  name: "jetbrains-copilot",
  label: "JetBrains Copilot",
  events: JETBRAINS_EVENTS,
  observeOnly: ["post_tool_use", "session_start", "user_prompt_submit"],
  contextOn: [],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: false,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: false,
    modifyOutput: false,
    injectContext: false,
    block: true,
    ask: false,
  },
  tools: COPILOT_TOOLS,
  serverToolName: (tool) => tool,
  keys: COPILOT_KEYS,
  reply: (_event, decision) => copilotReply(decision),
});
