/**
 * Codex (`@openai/codex`): OpenAI Responses through a `model_providers`
 * entry in `$CODEX_HOME/config.toml`; the MCP server under `[mcp_servers]`;
 * hooks in `$CODEX_HOME/hooks.json` in Claude's format (run only with
 * `[features] hooks = true` and `--dangerously-bypass-hook-trust`).
 *
 * @module
 */

import { type Agent, hookCommand, writeJson } from "../_agent.ts";

const HOOK_EVENTS: Record<string, string | undefined> = {
  PreToolUse: ".*",
  PostToolUse: ".*",
  PreCompact: undefined,
  SessionStart: undefined,
  UserPromptSubmit: undefined,
};

function toml(value: string | string[] | Record<string, string>): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) {
    return `[${value.map((v) => JSON.stringify(v)).join(", ")}]`;
  }
  return `{ ${
    Object.entries(value).map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(
      ", ",
    )
  } }`;
}

/** Codex at the version last verified. */
export const codexAgent: Agent = {
  name: "codex",
  npm: { name: "@openai/codex", version: "0.171.0", bin: "codex" },

  async register(where, registration) {
    const dir = `${where.home}/.codex`;
    await Deno.mkdir(dir, { recursive: true });
    const [command = "ctx-mode", ...leading] = registration.server;
    await Deno.writeTextFile(
      `${dir}/config.toml`,
      [
        `model = "e2e-model"`,
        `model_provider = "e2e"`,
        `approval_policy = "never"`,
        `sandbox_mode = "danger-full-access"`,
        ``,
        `[model_providers.e2e]`,
        `name = "e2e"`,
        `base_url = ${toml(`${where.modelUrl}/v1`)}`,
        `wire_api = "responses"`,
        `env_key = "E2E_API_KEY"`,
        ``,
        `[features]`,
        `hooks = ${registration.hooks ? "true" : "false"}`,
        ``,
        `[mcp_servers.ctx-mode]`,
        `command = ${toml(command)}`,
        `args = ${toml([...leading, "serve"])}`,
        `env = ${toml(registration.env)}`,
        // Codex gives an optional server one second to start, then leaves
        // its tools out of the turn without a word; required makes it wait.
        `required = true`,
        `startup_timeout_sec = 30`,
        ``,
      ].join("\n"),
    );
    if (!registration.hooks) return;
    await writeJson(`${dir}/hooks.json`, {
      hooks: Object.fromEntries(
        Object.entries(HOOK_EVENTS).map(([event, matcher]) => [event, [{
          ...(matcher ? { matcher } : {}),
          hooks: [{
            type: "command",
            command: hookCommand(registration, "codex", event),
            ...(registration.hookTimeoutS
              ? { timeout: registration.hookTimeoutS }
              : {}),
          }],
        }]]),
      ),
    });
  },

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
  compact: { missing: "codex exec has no headless compaction command" },
};
