/**
 * What every in-process plugin agent shares (OpenCode, KiloCode, Pi, OMP,
 * OpenClaw, Amp, Hermes's Python plugin): the plugin, generated into
 * `configs/<agent>/`, maps the agent's own hooks onto the neutral events and
 * sends them to the long-lived `ctx-mode hook --serve <agent>` channel in one
 * neutral shape; the reply is one small JSON object the plugin applies with
 * the agent's own means.
 *
 * Request payload: `{sessionId, directory, tool?, args?, output?, prompt?,
 * source?, trigger?}`, event names the neutral ones (`pre_tool_use`, …).
 * Reply: `{"action": "block", "reason"}`, `{"action": "args", "args",
 * "note"}`, `{"action": "context", "text"}` or, after a tool ran,
 * `{"action": "replace", "output"}` (the result's compact view, which the
 * plugin puts where the agent keeps the result the model sees); nothing to
 * proceed.
 *
 * The hook path only: the plugin files, MCP entry, instructions and doctor
 * are in `plugin_setup.ts`.
 *
 * @module
 */

import type {
  Decision,
  ReplaceOutputDecision,
  ToolInput,
  ToolKind,
} from "../../src/routing/types.ts";
import type {
  Adapter,
  AdapterEnv,
  Capabilities,
  HookEvent,
  HookInput,
  HookOutput,
  ToolHookInput,
} from "../types.ts";

/** One plugin agent. */
export interface PluginSpec {
  /** The platform name (`opencode`). */
  name: string;
  /** Its display name in messages (`OpenCode`). */
  title: string;
  /** What its plugin can do, honestly. */
  capabilities: Capabilities;
  /** Tool names by kind. */
  toolKinds: Readonly<Record<string, ToolKind>>;
  /** The prefix of MCP tools' names as its model sees them (`ctx-mode_`), if it has MCP. */
  mcpPrefix?: string;
  /** The argument keys that hold a file path. */
  pathKeys: readonly string[];
  /** How its model sees one of ctx-mode's tools (`ctx_execute` → `ctx-mode_ctx_execute`). @default {unchanged} */
  serverToolName?: (tool: string) => string;
  /** Whether its plugin registers ctx-mode's tools itself (Pi, which has no MCP). @default {false} */
  serverToolsBuiltIn?: boolean;
}

/**
 * ctx-mode's MCP tool names, as routing and guard texts spell them: the
 * list `command_hooks.ts` holds, repeated so a plugin's hook loads one module fewer
 * (a test keeps the two equal).
 */
export const SERVER_TOOLS: RegExp =
  /\bctx_(?:batch_execute|execute_file|execute|fetch_and_index|index|search|stats|purge|doctor|upgrade|insight)\b/g;

const NEUTRAL: Record<string, HookEvent> = {
  pretooluse: "pre_tool_use",
  posttooluse: "post_tool_use",
  precompact: "pre_compact",
  sessionstart: "session_start",
  userpromptsubmit: "user_prompt_submit",
};

const PASS: HookOutput = { stdout: "", exitCode: 0 };

function reply(value: Record<string, unknown>): HookOutput {
  return { stdout: `${JSON.stringify(value)}\n`, exitCode: 0 };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * The adapter of a plugin agent.
 *
 * @param spec The agent's facts.
 * @returns The adapter.
 */
export function pluginAdapter(spec: PluginSpec): Adapter {
  const record = (value: unknown, what: string): Record<string, unknown> => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new TypeError(
        `Cannot read the ${spec.name} payload: ${what} is not an object`,
      );
    }
    return value as Record<string, unknown>;
  };
  const kindOf = (tool: string): ToolKind =>
    spec.toolKinds[tool] ??
      (spec.mcpPrefix && tool.startsWith(spec.mcpPrefix) ? "mcp" : "other");
  const neutralInput = (
    kind: ToolKind,
    args: Record<string, unknown>,
  ): ToolInput => {
    const key = spec.pathKeys.find((name) => typeof args[name] === "string");
    if ((kind === "read" || kind === "edit") && key) {
      return { ...args, path: args[key] };
    }
    return args;
  };
  const named = spec.serverToolName;
  // Reasons and notes name ctx-mode's tools as this agent's model sees them.
  const rename = (message: string) =>
    named ? message.replace(SERVER_TOOLS, (tool) => named(tool)) : message;
  return {
    name: spec.name,
    paradigm: "ts-plugin",
    ...(named ? { serverToolName: named } : {}),
    ...(spec.serverToolsBuiltIn ? { serverToolsBuiltIn: true } : {}),
    capabilities: spec.capabilities,

    event(name: string): HookEvent | undefined {
      return NEUTRAL[name];
    },

    parse(event: HookEvent, raw: unknown, _where: AdapterEnv): HookInput {
      const payload = record(raw, "the payload");
      const projectDir = text(payload.directory);
      const sessionId = text(payload.sessionId);
      if (!projectDir || !sessionId) {
        throw new TypeError(
          `Cannot read the ${spec.name} payload: no ${
            projectDir ? "sessionId" : "directory"
          }`,
        );
      }
      if (event === "pre_tool_use" || event === "post_tool_use") {
        const toolName = text(payload.tool);
        if (!toolName) {
          throw new TypeError(`Cannot read the ${spec.name} payload: no tool`);
        }
        const toolKind = kindOf(toolName);
        return {
          event,
          subagent: false,
          call: {
            platform: spec.name,
            sessionId,
            projectDir,
            toolName,
            toolKind,
            input: neutralInput(toolKind, record(payload.args ?? {}, "args")),
            ...(event === "post_tool_use" ? { output: payload.output } : {}),
          },
        };
      }
      const prompt = text(payload.prompt);
      const source = text(payload.source);
      const trigger = text(payload.trigger);
      return {
        event,
        platform: spec.name,
        sessionId,
        projectDir,
        ...(prompt === undefined ? {} : { prompt }),
        ...(source === undefined ? {} : { source }),
        ...(trigger === undefined ? {} : { trigger }),
      };
    },

    format(input: HookInput, decision: Decision): HookOutput {
      const beforeTool = input.event === "pre_tool_use";
      switch (decision.kind) {
        case "allow":
          return PASS;
        case "deny":
          return beforeTool
            ? reply({ action: "block", reason: rename(decision.reason) })
            : PASS;
        case "ask":
          // Without a way to ask: block, and say how to go ahead by hand.
          return beforeTool
            ? reply({
              action: "block",
              reason: rename(
                spec.capabilities.ask
                  ? decision.reason
                  : `${decision.reason}. ${spec.title}'s plugins cannot ask you; if you want this, run it yourself in a terminal.`,
              ),
            })
            : PASS;
        case "modify": {
          if (!beforeTool) return PASS;
          if (!spec.capabilities.modifyArgs) {
            return reply({ action: "block", reason: rename(decision.note) });
          }
          const args: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(decision.input)) {
            if (key !== "path" && key !== "agentType" && key !== "dialect") {
              args[key] = value;
            }
          }
          return reply({ action: "args", args, note: rename(decision.note) });
        }
        case "context":
          return spec.capabilities.injectContext
            ? reply({ action: "context", text: rename(decision.text) })
            : PASS;
      }
    },

    // The plugin applies the view in its agent's own shape; see each plugin.js.
    ...(spec.capabilities.modifyOutput
      ? {
        formatReplacement(
          _input: ToolHookInput,
          decision: ReplaceOutputDecision,
        ): HookOutput {
          return reply({ action: "replace", output: decision.output });
        },
      }
      : {}),

    passThrough(): HookOutput {
      return PASS;
    },
  };
}
