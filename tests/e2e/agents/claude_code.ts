/**
 * Claude Code (`@anthropic-ai/claude-code`): Anthropic Messages through
 * `ANTHROPIC_BASE_URL`; hooks in `~/.claude/settings.json`, the MCP server in
 * `~/.claude.json` (Claude Code ignores `mcpServers` in settings.json).
 *
 * @module
 */

import { claudeCode } from "../../../adapters/claude_code.ts";
import { type Agent, hookCommand, writeJson } from "../_agent.ts";

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

  async register(where, registration) {
    const [command = "ctx-mode", ...leading] = registration.server;
    await writeJson(`${where.home}/.claude.json`, {
      hasCompletedOnboarding: true,
      mcpServers: {
        "ctx-mode": {
          type: "stdio",
          command,
          args: [...leading, "serve"],
          env: registration.env,
        },
      },
    });
    if (!registration.hooks) {
      await writeJson(`${where.home}/.claude/settings.json`, {});
      return;
    }
    // The adapter's own generated hooks, with this run's command line.
    const generated = claudeCode.config("CTX_MODE") as {
      hooks: Record<
        string,
        { matcher?: string; hooks: { command: string }[] }[]
      >;
    };
    const hooks = Object.fromEntries(
      Object.entries(generated.hooks).map(([event, groups]) => [
        event,
        groups.map((group) => ({
          ...group,
          hooks: group.hooks.map((hook) => ({
            ...hook,
            command: hookCommand(registration, "claude-code", event),
            ...(registration.hookTimeoutS
              ? { timeout: registration.hookTimeoutS }
              : {}),
          })),
        })),
      ]),
    );
    await writeJson(`${where.home}/.claude/settings.json`, { hooks });
  },

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
