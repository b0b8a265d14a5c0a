/**
 * Gemini CLI (`@google/gemini-cli`): Gemini generateContent through
 * `GOOGLE_GEMINI_BASE_URL`; the MCP server and hooks in
 * `~/.gemini/settings.json`.
 *
 * @module
 */

import { type Agent, writeJson } from "../_agent.ts";

/** Gemini CLI at the version last verified. */
export const geminiCliAgent: Agent = {
  name: "gemini-cli",
  npm: { name: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },

  async prepare(where) {
    await writeJson(`${where.home}/.gemini/settings.json`, {
      security: { auth: { selectedType: "gemini-api-key" } },
    });
  },
  hookTimeoutUnit: "ms",

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
  // `/compress` in -p mode starts the compression without awaiting it and
  // sends "/compress" on to the model; compressing by itself is
  // deterministic: a reported prompt of at least half the model's window.
  compact: { prompt: "Check the state once more.", autoTokens: 900_000 },
};
