/**
 * Kiro CLI: hooks inside a custom agent's JSON (`.kiro/agents/<name>.json`),
 * camelCase triggers (`agentSpawn`, `userPromptSubmit`, `preToolUse`,
 * `postToolUse`), Claude-like payloads without a session id, and no JSON
 * replies: exit 2 blocks a tool call with the reason on stderr, and stdout of
 * `agentSpawn` and `userPromptSubmit` is added to the agent's context. No
 * ask, no rewrite; `postToolUse` is only recorded. The routing text also
 * goes into a steering file (`.kiro/steering/ctx-mode.md`).
 *
 * Sessions: Kiro sends no id, so the Kiro process (the hook's parent, or the
 * shell's parent) stands in. Unverified: the web-fetch and subagent tool
 * names (`web_fetch`, `use_subagent`); Kiro CLI v3's standalone hook files
 * and the IDE's UI hooks are not served.
 *
 * @module
 */

import { defineAgent, type WireDecision } from "../_kit/command_hooks.ts";
import type { Adapter, HookEvent, HookOutput } from "../types.ts";

/** Its event names per neutral event, the registered one first. */
export const EVENTS = {
  "pre_tool_use": ["preToolUse"],
  "post_tool_use": ["postToolUse"],
  "session_start": ["agentSpawn"],
  "user_prompt_submit": ["userPromptSubmit"],
} as const;

function reply(_event: HookEvent, decision: WireDecision): HookOutput {
  switch (decision.kind) {
    case "deny":
      return { stdout: "", stderr: `${decision.reason}\n`, exitCode: 2 };
    case "context":
      return { stdout: `${decision.text}\n`, exitCode: 0 };
    default:
      return { stdout: "", exitCode: 0 };
  }
}

/** The Kiro CLI adapter. */
export const kiro: Adapter = defineAgent({
  name: "kiro",
  label: "Kiro CLI",
  events: EVENTS,
  observeOnly: ["post_tool_use"],
  contextOn: ["session_start", "user_prompt_submit"],
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
    shell: ["execute_bash", "execute_cmd"],
    read: ["fs_read"],
    search: [],
    fetch: ["web_fetch"],
    subagent: ["use_subagent"],
    edit: ["fs_write"],
    mcp: "@<server>/<tool>",
    isMcp: (name) => name.startsWith("@"),
  },
  serverToolName: (tool) => `@ctx-mode/${tool}`,
  reply,
});
