/**
 * OpenCode (`opencode-ai`) and KiloCode (`@kilocode/cli`, its fork): the
 * scripted model as an OpenAI-compatible provider (streamed Chat
 * Completions) in the user config; `ctx-mode install` adds the MCP server
 * under `mcp` in the same file and the plugin (ctx-mode's hooks, in
 * process) in its `plugins/` folder beside it.
 *
 * @module
 */

import { type Agent, type Where, writeJson } from "../_agent.ts";

/** The context window the provider declares: a reply reporting more compacts. */
const CONTEXT_TOKENS = 100_000;

/** An OpenCode-like agent: the config folder name, its file, its command. */
function openCodeLike(options: {
  name: string;
  npm: Agent["npm"];
  folder: string;
  file: string;
  env: Record<string, string>;
}): Agent {
  return {
    name: options.name,
    npm: options.npm,
    hooksVia: "plugin",

    async prepare(where: Where) {
      await writeJson(
        `${where.home}/.config/${options.folder}/${options.file}`,
        {
          model: "e2e/e2e-model",
          autoupdate: false,
          share: "disabled",
          permission: { "*": "allow" },
          provider: {
            e2e: {
              npm: "@ai-sdk/openai-compatible",
              name: "e2e",
              options: { baseURL: `${where.modelUrl}/v1`, apiKey: "dummy" },
              models: {
                "e2e-model": {
                  name: "e2e-model",
                  "tool_call": true,
                  limit: { context: CONTEXT_TOKENS, output: 4096 },
                },
              },
            },
          },
        },
      );
    },
    hookTimeoutUnit: "ms",

    env: () => ({ ...options.env }),

    promptArgs(prompt, { resume }) {
      return ["run", ...(resume ? ["--continue"] : []), "--auto", prompt];
    },

    mcpListArgs: ["mcp", "list"],
    mcpListed: (output) =>
      /ctx-mode[\s\S]{0,80}connected/i.test(output) &&
      !/ctx-mode[\s\S]{0,80}(failed|disconnected)/i.test(output),
    // `opencode run` compacts by itself once a reply reports more than the
    // model's context window.
    compact: {
      prompt: "Check the state once more.",
      autoTokens: CONTEXT_TOKENS * 2,
    },
  };
}

/** OpenCode at the version last verified. */
export const openCodeAgent: Agent = openCodeLike({
  name: "opencode",
  npm: { name: "opencode-ai", version: "1.18.33", bin: "opencode" },
  folder: "opencode",
  file: "opencode.json",
  env: {
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    OPENCODE_DISABLE_SHARE: "1",
  },
});

/** KiloCode at the version last verified (7.8.1's Linux package is not published). */
export const kiloCodeAgent: Agent = openCodeLike({
  name: "kilocode",
  npm: { name: "@kilocode/cli", version: "7.7.7", bin: "kilo" },
  folder: "kilo",
  file: "kilo.json",
  env: {
    KILO_DISABLE_AUTOUPDATE: "1",
    KILO_DISABLE_MODELS_FETCH: "1",
    KILO_DISABLE_LSP_DOWNLOAD: "1",
    KILO_DISABLE_SHARE: "1",
    KILO_DISABLE_SESSION_INGEST: "1",
    KILO_DISABLE_PRESENCE: "1",
    KILO_DISABLE_CODEBASE_INDEXING: "1",
  },
});
