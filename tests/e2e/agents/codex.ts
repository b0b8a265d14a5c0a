/**
 * Codex (`@openai/codex`): OpenAI Responses through a `model_providers`
 * entry in `$CODEX_HOME/config.toml`; `ctx-mode install` adds the MCP server
 * under `[mcp_servers]`, `[features] hooks = true` and the hooks in
 * `$CODEX_HOME/hooks.json` (run only with `--dangerously-bypass-hook-trust`).
 *
 * @module
 */

import type { Agent } from "../_agent.ts";

/** Codex at the version last verified. */
export const codexAgent: Agent = {
  name: "codex",
  npm: { name: "@openai/codex", version: "0.171.0", bin: "codex" },

  async prepare(where) {
    const dir = `${where.home}/.codex`;
    await Deno.mkdir(dir, { recursive: true });
    await Deno.writeTextFile(
      `${dir}/config.toml`,
      [
        `model = "e2e-model"`,
        `model_provider = "e2e"`,
        `approval_policy = "never"`,
        `sandbox_mode = "danger-full-access"`,
        `model_auto_compact_token_limit = 100000`,
        ``,
        `[model_providers.e2e]`,
        `name = "e2e"`,
        `base_url = ${JSON.stringify(`${where.modelUrl}/v1`)}`,
        `wire_api = "responses"`,
        `env_key = "E2E_API_KEY"`,
        ``,
      ].join("\n"),
    );
  },
  hookTimeoutUnit: "s",

  env(where) {
    return { CODEX_HOME: `${where.home}/.codex`, E2E_API_KEY: "dummy" };
  },

  promptArgs(prompt, { resume }) {
    const flags = ["--skip-git-repo-check", "--dangerously-bypass-hook-trust"];
    return resume
      ? ["exec", ...flags, "resume", "--last", prompt]
      : ["exec", ...flags, prompt];
  },

  mcpListArgs: ["mcp", "list"],
  mcpListed: (output) => /ctx-mode/.test(output) && !/disabled/i.test(output),
  // `codex exec` has no compaction command; it compacts by itself once a
  // reply reports more than model_auto_compact_token_limit (prepare sets it).
  compact: { prompt: "Check the state once more.", autoTokens: 200_000 },
};
