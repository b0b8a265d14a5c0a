/**
 * Gemini CLI (`@google/gemini-cli`): Gemini generateContent through
 * `GOOGLE_GEMINI_BASE_URL`; the MCP server and hooks in
 * `~/.gemini/settings.json`.
 *
 * @module
 */

import { type Agent, hookCommand, writeJson } from "../_agent.ts";

const HOOK_EVENTS: Record<string, string | undefined> = {
  BeforeTool: ".*",
  AfterTool: ".*",
  PreCompress: undefined,
  SessionStart: undefined,
  BeforeAgent: undefined,
};

/** Gemini CLI at the version last verified. */
export const geminiCliAgent: Agent = {
  name: "gemini-cli",
  npm: { name: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },

  async register(where, registration) {
    const [command = "ctx-mode", ...leading] = registration.server;
    const timeoutMs = registration.hookTimeoutS
      ? { timeout: registration.hookTimeoutS * 1000 }
      : {};
    await writeJson(`${where.home}/.gemini/settings.json`, {
      security: { auth: { selectedType: "gemini-api-key" } },
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
                command: hookCommand(registration, "gemini-cli", event),
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
      GOOGLE_GEMINI_BASE_URL: where.modelUrl,
      GEMINI_API_KEY: "dummy",
      GEMINI_CLI_TRUST_WORKSPACE: "true",
    };
  },

  promptArgs(prompt, { resume }) {
    return [
      ...(resume ? ["--resume", "latest"] : []),
      "--approval-mode",
      "yolo",
      "-m",
      "gemini-2.5-flash",
      "-p",
      prompt,
    ];
  },

  mcpListArgs: ["mcp", "list"],
  mcpListed: (output) =>
    /ctx-mode.*connected/i.test(output) && !/disconnected/i.test(output),
  compact: { missing: "not scripted yet for gemini-cli" },
};
