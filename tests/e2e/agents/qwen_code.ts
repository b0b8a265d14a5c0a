/**
 * Qwen Code (`@qwen-code/qwen-code`): streamed Chat Completions through
 * `OPENAI_BASE_URL`; the MCP server and hooks in `~/.qwen/settings.json`.
 *
 * @module
 */

import { type Agent, writeJson } from "../_agent.ts";

/** Qwen Code at the version last verified. */
export const qwenCodeAgent: Agent = {
  name: "qwen-code",
  npm: { name: "@qwen-code/qwen-code", version: "0.15.10", bin: "qwen" },

  async prepare(where) {
    await writeJson(`${where.home}/.qwen/settings.json`, {
      security: { auth: { selectedType: "openai" } },
    });
  },
  hookTimeoutUnit: "ms",

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
  // `/compress` runs (awaited) in -p mode; Qwen then fires SessionStart "compact".
  compact: { prompt: "/compress" },
};
