/**
 * Copilot CLI (`@github/copilot`): no GitHub account; the scripted model as
 * its own provider ("bring your own key": `COPILOT_PROVIDER_BASE_URL`,
 * streamed Chat Completions); `ctx-mode install copilot-cli` writes the
 * hooks into `~/.copilot/hooks/ctx-mode.json` and the MCP server into
 * `~/.copilot/mcp-config.json`.
 *
 * @module
 */

import type { Agent } from "../_agent.ts";

/** Copilot CLI at the version last verified. */
export const copilotCliAgent: Agent = {
  name: "copilot-cli",
  npm: { name: "@github/copilot", version: "1.0.102", bin: "copilot" },

  async prepare(where) {
    await Deno.mkdir(`${where.home}/.copilot`, { recursive: true });
  },
  hookTimeoutUnit: "s",

  env(where) {
    return {
      COPILOT_HOME: `${where.home}/.copilot`,
      COPILOT_PROVIDER_BASE_URL: `${where.modelUrl}/v1`,
      COPILOT_PROVIDER_TYPE: "openai",
      COPILOT_PROVIDER_API_KEY: "dummy",
      COPILOT_MODEL: "e2e-model",
      COPILOT_AUTO_UPDATE: "false",
      COPILOT_OFFLINE: "true",
    };
  },

  promptArgs(prompt, { resume }) {
    return [
      ...(resume ? ["--continue"] : []),
      "-p",
      prompt,
      "--allow-all-tools",
      "--allow-all-paths",
    ];
  },

  mcpListArgs: ["mcp", "list"],
  mcpListed: (output) => /ctx-mode/.test(output),
  compact: {
    missing:
      "Copilot CLI's hooks cannot add context (sessionStart is observe-only)",
  },
};
