/**
 * OpenCode: an in-process TypeScript plugin (generated into
 * `configs/opencode/`) forwards the agent's plugin hooks to the long-lived
 * `ctx-mode hook --serve opencode` channel and applies the reply with
 * OpenCode's own means: it throws to block, mutates `output.args` to rewrite,
 * appends a note to the tool's output, and pushes text into the compaction
 * context and the system prompt.
 *
 * Requests carry the hook's arguments as the plugin got them, `{input,
 * output, directory}`. Replies are one JSON object: `{"action": "block",
 * "reason"}`, `{"action": "args", "args", "note"}` or `{"action": "context",
 * "text"}`; an empty reply lets the call proceed.
 *
 * Facts from OpenCode's plugin API (`packages/plugin/src/index.ts`): hook
 * names and shapes are high confidence; bash's argument keys are medium.
 * OpenCode's tools cannot ask the user from a plugin, so an ask is a block
 * whose reason says how to run the command by hand.
 *
 * @module
 */

import { joinPath } from "../src/config/path_lite.ts";
import { routingInstructions } from "../src/routing/routing_block.ts";
import type { Decision, ToolInput, ToolKind } from "../src/routing/types.ts";
import type {
  Adapter,
  AdapterEnv,
  DoctorWhere,
  HookEvent,
  HookInput,
  HookOutput,
  PlatformCheck,
} from "./types.ts";

const EVENTS: Record<string, HookEvent> = {
  "tool.execute.before": "pre_tool_use",
  "tool.execute.after": "post_tool_use",
  "experimental.session.compacting": "pre_compact",
  "chat.message": "user_prompt_submit",
  "session.created": "session_start",
  "session.compacted": "session_start",
};

const TOOL_KINDS: Record<string, ToolKind> = {
  bash: "shell",
  read: "read",
  grep: "grep",
  glob: "grep",
  list: "grep",
  webfetch: "fetch",
  task: "task",
  write: "edit",
  edit: "edit",
  "apply_patch": "edit",
};

const NAME = "opencode";

function record(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError(
      `Cannot read the ${NAME} payload: ${what} is not an object`,
    );
  }
  return value as Record<string, unknown>;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** OpenCode's arguments with the neutral keys routing reads (`path`). */
function neutralInput(
  kind: ToolKind,
  args: Record<string, unknown>,
): ToolInput {
  const path = args.filePath ?? args.path;
  if ((kind === "read" || kind === "edit") && path !== undefined) {
    return { ...args, path };
  }
  if (kind === "task" && typeof args.subagent_type === "string") {
    return { ...args, agentType: args.subagent_type };
  }
  return args;
}

/** The arguments handed back: OpenCode's own keys only. */
function platformArgs(
  original: Record<string, unknown>,
  changed: ToolInput,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...original };
  for (const [key, value] of Object.entries(changed)) {
    if (key !== "path" && key !== "agentType" && key !== "dialect") {
      result[key] = value;
    }
  }
  return result;
}

/** The text of a user message's parts (`{type: "text", text}`). */
function promptOf(output: Record<string, unknown>): string | undefined {
  const parts = Array.isArray(output.parts) ? output.parts : [];
  const texts = parts.flatMap((part) =>
    typeof part === "object" && part !== null &&
      (part as Record<string, unknown>).type === "text" &&
      typeof (part as Record<string, unknown>).text === "string"
      ? [(part as Record<string, unknown>).text as string]
      : []
  );
  return texts.length > 0 ? texts.join("\n") : undefined;
}

function reply(value: Record<string, unknown>): HookOutput {
  return { stdout: `${JSON.stringify(value)}\n`, exitCode: 0 };
}

const PASS: HookOutput = { stdout: "", exitCode: 0 };

/** The OpenCode adapter. */
export const openCode: Adapter = {
  name: NAME,
  paradigm: "ts-plugin",
  capabilities: {
    preTool: true,
    postTool: true,
    preCompact: true,
    sessionStart: true,
    userPrompt: true,
    modifyArgs: true,
    modifyOutput: true,
    injectContext: true,
    block: true,
    ask: false,
  },

  event(name: string): HookEvent | undefined {
    return EVENTS[name];
  },

  parse(event: HookEvent, raw: unknown, _where: AdapterEnv): HookInput {
    const payload = record(raw, "the payload");
    const input = record(payload.input ?? {}, "input");
    const output = record(payload.output ?? {}, "output");
    const projectDir = text(payload.directory);
    if (!projectDir) {
      throw new TypeError(`Cannot read the ${NAME} payload: no directory`);
    }
    const sessionId = text(input.sessionID) ?? text(payload.sessionID);
    if (!sessionId) {
      throw new TypeError(`Cannot read the ${NAME} payload: no sessionID`);
    }
    if (event === "pre_tool_use" || event === "post_tool_use") {
      const toolName = text(input.tool);
      if (!toolName) {
        throw new TypeError(`Cannot read the ${NAME} payload: no tool`);
      }
      const toolKind = TOOL_KINDS[toolName] ??
        (toolName.startsWith("ctx-mode_") ? "mcp" : "other");
      const args = record(
        event === "pre_tool_use" ? output.args ?? {} : input.args ?? {},
        "args",
      );
      return {
        event,
        subagent: false,
        call: {
          platform: NAME,
          sessionId,
          projectDir,
          toolName,
          toolKind,
          input: neutralInput(toolKind, args),
          ...(event === "post_tool_use" ? { output: output.output } : {}),
        },
      };
    }
    const prompt = event === "user_prompt_submit"
      ? promptOf(output)
      : undefined;
    return {
      event,
      platform: NAME,
      sessionId,
      projectDir,
      ...(prompt === undefined ? {} : { prompt }),
      ...(event === "session_start"
        ? {
          source: text(payload.type) === "session.compacted"
            ? "compact"
            : "startup",
        }
        : {}),
    };
  },

  format(input: HookInput, decision: Decision): HookOutput {
    switch (decision.kind) {
      case "allow":
        return PASS;
      case "deny":
        return input.event === "pre_tool_use"
          ? reply({ action: "block", reason: decision.reason })
          : PASS;
      case "ask":
        // A plugin cannot ask the user: block, and say how to go ahead by hand.
        return input.event === "pre_tool_use"
          ? reply({
            action: "block",
            reason:
              `${decision.reason}. OpenCode's plugins cannot ask you; if you want this, run it yourself in a terminal.`,
          })
          : PASS;
      case "modify":
        return input.event === "pre_tool_use"
          ? reply({
            action: "args",
            args: platformArgs(
              record(input.call.input, "args"),
              decision.input,
            ),
            note: decision.note,
          })
          : PASS;
      case "context":
        return reply({ action: "context", text: decision.text });
    }
  },

  passThrough(): HookOutput {
    return PASS;
  },

  config(command: string): unknown {
    const [program = "ctx-mode", ...rest] = command.split(" ");
    return {
      "$schema": "https://opencode.ai/config.json",
      mcp: {
        "ctx-mode": {
          type: "local",
          command: [program, ...rest, "serve"],
          enabled: true,
        },
      },
    };
  },

  instructions(): { file: string; text: string } {
    return { file: "AGENTS.md", text: routingInstructions() };
  },

  async pluginFiles(
    command: readonly string[],
  ): Promise<Record<string, string>> {
    const { openCodePlugin } = await import("./opencode_plugin.ts");
    return { "plugins/ctx-mode.js": await openCodePlugin(command) };
  },

  doctor(where: DoctorWhere): PlatformCheck[] {
    const configHome = where.env.XDG_CONFIG_HOME ??
      joinPath(where.home, ".config");
    const plugins = [
      joinPath(where.projectDir, ".opencode", "plugins", "ctx-mode.js"),
      joinPath(configHome, "opencode", "plugins", "ctx-mode.js"),
    ];
    const plugin = plugins.find((path) => where.readText(path) !== undefined);
    const configs = [
      joinPath(where.projectDir, "opencode.json"),
      joinPath(where.projectDir, "opencode.jsonc"),
      joinPath(configHome, "opencode", "opencode.json"),
      joinPath(configHome, "opencode", "opencode.jsonc"),
    ];
    const mcp = configs.find((path) =>
      /"ctx-mode"\s*:\s*\{/.test(where.readText(path) ?? "")
    );
    return [
      plugin
        ? {
          name: "opencode plugin",
          status: "ok",
          detail: `loaded from ${plugin}`,
        }
        : {
          name: "opencode plugin",
          status: "warn",
          detail: `not found; copy configs/opencode/plugins/ctx-mode.js to ${
            plugins[1]
          }`,
        },
      mcp
        ? {
          name: "opencode MCP server",
          status: "ok",
          detail: `registered in ${mcp}`,
        }
        : {
          name: "opencode MCP server",
          status: "warn",
          detail:
            `not registered; add the "mcp" entry of configs/opencode/opencode.json to ${
              configs[2]
            }`,
        },
    ];
  },
};
