/**
 * Hermes Agent's Python plugin (`configs/hermes-plugin/plugins/ctx-mode/`,
 * copied to `~/.hermes/plugins/ctx-mode/` and enabled with `hermes plugins
 * enable ctx-mode`): `pre_tool_call` blocks (`{"action": "block"}`),
 * `post_tool_call` records and asks whether to shrink, `transform_tool_result`
 * (which Hermes runs right after it and whose string replaces the result the
 * model gets; NousResearch/hermes-agent `model_tools.py` at 005113316de9)
 * puts the view in the result's own JSON field and appends notes,
 * `pre_llm_call` records the prompt and adds the routing block or session
 * guide, `on_session_start` starts the session. Hermes's shell hooks are the
 * `hermes` platform; this is the plugin one, on the hook channel.
 *
 * Hook names and return shapes high confidence (Hermes's hooks guide); the
 * keyword that carries the user's message in `pre_llm_call` is not
 * documented, so several are tried. No pre-compaction hook exists; a plugin
 * cannot rewrite arguments, so a redirect blocks with its reason.
 *
 * @module
 */

import { pluginAdapter } from "../_kit/plugin_hooks.ts";
import type { Adapter } from "../types.ts";

/** The Hermes plugin adapter. */
export const hermesPlugin: Adapter = pluginAdapter({
  name: "hermes-plugin",
  title: "Hermes",
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: false,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: false,
    modifyOutput: true,
    injectContext: true,
    block: true,
    ask: false,
  },
  toolKinds: {
    terminal: "shell",
    "read_file": "read",
    "search_files": "grep",
    "web_extract": "fetch",
    "delegate_task": "task",
    "write_file": "edit",
    patch: "edit",
  },
  serverToolName: (tool) => `mcp_ctx-mode_${tool}`,
  mcpPrefix: "mcp_ctx_mode_",
  pathKeys: ["path", "file_path"],
});
