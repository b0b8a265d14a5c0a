/**
 * Hermes Agent, shell hooks: `hooks` in `~/.hermes/config.yaml` (snake_case
 * events `pre_tool_call`, `post_tool_call`, `pre_llm_call`,
 * `on_session_start`), Claude-like payloads, and `{"decision": "block",
 * "reason"}` replies; `pre_llm_call` may add `{"context"}` to the user's
 * message. Post-tool and session start are observe-only; no ask, no
 * rewrite. The Python plugin is another integration, not this one.
 *
 * Unverified: the names of the post-tool and session-start shell events
 * (taken from the plugin hooks), the search tool (`search_files`), how MCP
 * tools of a server named `ctx-mode` are spelled (`mcp_ctx-mode_<tool>`).
 * New shell hooks need the user's consent on first run
 * (`HERMES_ACCEPT_HOOKS=1` accepts).
 *
 * No shrinking (`modifyOutput: false`, a fact): a shell hook's reply is read
 * only as a block, a rewrite of the arguments or `{"context"}`, and Hermes
 * refuses to register a shell hook for `transform_tool_result`, the one event
 * that replaces a result (it is in `SHELL_UNSUPPORTED_HOOKS`; read in
 * NousResearch/hermes-agent `agent/shell_hooks.py` at 00067189dfec, and
 * `model_tools.py`, which takes only a string from that hook). The Python
 * plugin (`hermes-plugin`) shrinks.
 *
 * @module
 */

import { defineAgent, type WireDecision } from "../_kit/command_hooks.ts";
import type { Adapter, HookEvent, HookOutput } from "../types.ts";

/** Its event names per neutral event, the registered one first. */
export const EVENTS = {
  "pre_tool_use": ["pre_tool_call"],
  "post_tool_use": ["post_tool_call"],
  "session_start": ["on_session_start"],
  "user_prompt_submit": ["pre_llm_call"],
} as const;

function json(value: unknown): HookOutput {
  return { stdout: `${JSON.stringify(value)}\n`, exitCode: 0 };
}

function reply(_event: HookEvent, decision: WireDecision): HookOutput {
  switch (decision.kind) {
    case "deny":
      return json({ decision: "block", reason: decision.reason });
    case "context":
      return json({ context: decision.text });
    default:
      return { stdout: "", exitCode: 0 };
  }
}

/** The Hermes Agent (shell hooks) adapter. */
export const hermes: Adapter = defineAgent({
  name: "hermes",
  label: "Hermes Agent",
  events: EVENTS,
  observeOnly: ["post_tool_use", "session_start"],
  contextOn: ["user_prompt_submit"],
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: false,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: false,
    modifyOutput: false,
    injectContext: true,
    block: true,
    ask: false,
  },
  tools: {
    shell: ["terminal"],
    read: ["read_file"],
    search: ["search_files"],
    fetch: ["web_extract"],
    subagent: ["delegate_task"],
    edit: ["write_file", "patch"],
    mcp: "mcp_<server>_<tool>",
    isMcp: (name) => name.startsWith("mcp_"),
  },
  serverToolName: (tool) => `mcp_ctx-mode_${tool}`,
  keys: { output: ["result", "tool_response", "tool_result", "tool_output"] },
  reply,
});
