/**
 * Claude Code (`@anthropic-ai/claude-code`): Anthropic Messages through
 * `ANTHROPIC_BASE_URL`; `ctx-mode install` writes the hooks into
 * `~/.claude/settings.json` and the MCP server into `~/.claude.json`.
 *
 * @module
 */

import { type Agent, writeJson } from "../_agent.ts";

/** The version last verified (.ci/run reads this line). */
export const CLAUDE_CODE_VERSION = "2.1.197";

/** Claude Code at the version last verified. */
export const claudeCodeAgent: Agent = {
  name: "claude-code",
  npm: {
    name: "@anthropic-ai/claude-code",
    version: CLAUDE_CODE_VERSION,
    bin: "claude",
  },

  async prepare(where) {
    // Onboarding done, so a headless run asks nothing.
    await writeJson(`${where.home}/.claude.json`, {
      hasCompletedOnboarding: true,
    });
  },
  hookTimeoutUnit: "s",

  env(where) {
    return {
      ANTHROPIC_BASE_URL: where.modelUrl,
      ANTHROPIC_API_KEY: "dummy",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      // Claude Code refuses bypassPermissions as root outside a sandbox.
      IS_SANDBOX: "1",
    };
  },

  promptArgs(prompt, { resume }) {
    return [
      ...(resume ? ["--continue"] : []),
      "-p",
      prompt,
      "--permission-mode",
      "bypassPermissions",
      "--model",
      "claude-sonnet-4-5",
    ];
  },

  mcpListArgs: ["mcp", "list"],
  mcpListed: (output) => /ctx-mode:.*Connected/i.test(output),
  compact: { prompt: "/compact" },
};
