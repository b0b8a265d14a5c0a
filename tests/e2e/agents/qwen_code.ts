/**
 * Qwen Code (`@qwen-code/qwen-code`): streamed Chat Completions through
 * `OPENAI_BASE_URL`; the MCP server and hooks in `~/.qwen/settings.json`.
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

/** Qwen Code at the version last verified. */
export const qwenCodeAgent: Agent = {
  name: "qwen-code",
  npm: { name: "@qwen-code/qwen-code", version: "0.15.10", bin: "qwen" },

  async register(where, registration) {
    const [command = "ctx-mode", ...leading] = registration.server;
    const timeoutMs = registration.hookTimeoutS
      ? { timeout: registration.hookTimeoutS * 1000 }
      : {};
    await writeJson(`${where.home}/.qwen/settings.json`, {
      security: { auth: { selectedType: "openai" } },
      mcpServers: {
        "ctx-mode": {
          command,
          args: [...leading, "serve"],
          env: registration.env,
          trust: true,
        },
      },
      ...(registration.hooks
        ? {
          hooks: Object.fromEntries(
            Object.entries(HOOK_EVENTS).map(([event, matcher]) => [event, [{
              ...(matcher ? { matcher } : {}),
              hooks: [{
                type: "command",
                command: hookCommand(registration, "qwen-code", event),
                ...timeoutMs,
              }],
            }]]),
          ),
        }
        : {}),
    });
  },

  env(where) {
    return {
      OPENAI_BASE_URL: `${where.modelUrl}/v1`,
      OPENAI_API_KEY: "dummy",
      OPENAI_MODEL: "e2e-model",
      // Qwen Code sends even loopback requests through a proxy variable.
      HTTPS_PROXY: "",
      HTTP_PROXY: "",
    };
  },

  promptArgs(prompt, { resume }) {
    return [
      ...(resume ? ["--continue"] : []),
      "--auth-type",
      "openai",
      "--approval-mode",
      "yolo",
      "-p",
      prompt,
    ];
  },

  mcpListArgs: ["mcp", "list"],
  mcpListed: (output) =>
    /ctx-mode.*connected/i.test(output) && !/disconnected/i.test(output),
  compact: { missing: "not scripted yet for qwen-code" },
};
