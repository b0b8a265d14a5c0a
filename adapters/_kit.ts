/**
 * The shared body of the command-hook adapters: one {@linkcode AgentSpec}
 * (event names, tool names by role, payload keys, reply dialect, set-up
 * files) becomes an {@linkcode Adapter}. Parsing accepts the camelCase and
 * snake_case spelling of each key the spec lists; a payload without the
 * spec's tool or project keys is a one-line TypeError (the engine then
 * passes the call through).
 *
 * Degradation lives here, once: an ask where the platform cannot ask is a
 * deny that says how to run the command by hand; a rewrite where it cannot
 * rewrite is a deny carrying the rewritten call (a subagent prompt that
 * cannot get the routing block runs as it is); context where it cannot be
 * injected is dropped; an observe-only event never answers with a block.
 *
 * Translates only: no policy, no I/O except reading `/proc` for the
 * agent's process id when a platform sends no session id.
 *
 * @module
 */

import { routingInstructions } from "../src/routing/routing_block.ts";
import type { Decision, ToolInput, ToolKind } from "../src/routing/types.ts";
import type { DoctorPlaces } from "./_doctor_kit.ts";
import { doctorKit } from "./registry.ts";
import { agentProcessId } from "./_agent_process.ts";
import { neutralInput, platformInput } from "./_tool_input.ts";
import type {
  Adapter,
  AdapterEnv,
  Capabilities,
  ConfigFile,
  DoctorWhere,
  HookEvent,
  HookInput,
  HookOutput,
  PlatformCheck,
  ToolRoles,
} from "./types.ts";

/** A decision the platform can express, after degradation. */
export type WireDecision =
  | { kind: "allow" }
  | { kind: "deny"; reason: string }
  | { kind: "ask"; reason: string }
  | { kind: "modify"; input: Record<string, unknown>; note: string }
  | { kind: "context"; text: string };

/** One platform, as data plus its reply dialect. */
export interface AgentSpec {
  /** The name on the command line. */
  name: string;
  /** The name for people. */
  label: string;
  /** The platform's event names per neutral event; the first is the one registered. */
  events: Readonly<Partial<Record<HookEvent, readonly string[]>>>;
  /** Events whose answer the platform ignores. */
  observeOnly: readonly HookEvent[];
  /** Events where the platform adds a `context` answer to the model's context. */
  contextOn: readonly HookEvent[];
  /**
   * The platform drops a session-start hook's context after compaction, so
   * the first prompt after one carries the restored guide. @default {false}
   */
  restoreOnPrompt?: boolean;
  /** What the platform can express. */
  capabilities: Capabilities;
  /** Tool names by role. */
  tools: ToolRoles & {
    /** Whether a tool name is an MCP tool. */
    isMcp(name: string): boolean;
    /** PowerShell tools among the shell tools. @default {[]} */
    powershell?: readonly string[];
  };
  /** How the model sees one of ctx-mode's MCP tools. */
  serverToolName(tool: string): string;
  /** Payload keys (dotted paths allowed), first found wins. */
  keys?: Partial<PayloadKeys>;
  /** Environment variables naming the project directory, first set wins. @default {[]} */
  projectEnv?: readonly string[];
  /** Environment variables naming the session, first set wins. @default {[]} */
  sessionEnv?: readonly string[];
  /** For payloads without a tool name: the tool an event implies (`beforeShellExecution` → `Shell`). @default {{}} */
  impliedTools?: Readonly<Record<string, string>>;
  /** Writes a decision in the platform's dialect. */
  reply(
    event: HookEvent,
    decision: WireDecision,
    eventName: string,
  ): HookOutput;
  /** The answer that lets everything proceed. @default {empty stdout, exit 0} */
  passThrough?: HookOutput;
  /** The platform's set-up files. */
  configFiles(command: string): ConfigFile[];
  /** The routing instructions file, relative to the project. */
  instructionsFile: string;
  /** Wraps the routing instructions (front matter a rules file needs). @default {the text as is} */
  instructionsText?: (text: string) => string;
  /** Where the doctor looks, given the hint `run: <command> install <name>`. */
  doctorPlaces(where: DoctorWhere, installHint: string): DoctorPlaces;
  /** Unverified facts, for the docs. */
  unverified: readonly string[];
}

/** Where a payload keeps each fact. */
export interface PayloadKeys {
  /** The session id. */
  session: readonly string[];
  /** The working directory (the project when no variable names it). */
  cwd: readonly string[];
  /** The tool's name. */
  tool: readonly string[];
  /** The tool's input (an object or JSON text). */
  input: readonly string[];
  /** The tool's result (post-tool). */
  output: readonly string[];
  /** The event's name. */
  event: readonly string[];
}

const DEFAULT_KEYS: PayloadKeys = {
  session: ["session_id", "sessionId"],
  cwd: ["cwd"],
  tool: ["tool_name", "toolName"],
  input: ["tool_input", "toolArgs"],
  output: ["tool_response", "toolResult", "tool_result", "tool_output"],
  event: ["hook_event_name", "hookEventName"],
};

/** `startup` under the names platforms give a new session. */
const SOURCES: Record<string, string> = { new: "startup" };

/** ctx-mode's MCP tool names, as routing and guard texts spell them. */
export const SERVER_TOOLS: RegExp =
  /\bctx_(?:batch_execute|execute_file|execute|fetch_and_index|index|search|stats|purge|doctor|upgrade|insight)\b/g;

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** The value at a dotted path (`toolCall.args`, `workspace_roots.0`). */
function at(payload: Record<string, unknown>, path: string): unknown {
  let value: unknown = payload;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function first(
  payload: Record<string, unknown>,
  paths: readonly string[],
): unknown {
  for (const path of paths) {
    const value = at(payload, path);
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** A prompt sent as text or as content parts (`[{type: "text", text}]`). */
function promptText(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    return text(
      value.map((part) =>
        typeof part === "string" ? part : text(part?.text) ?? ""
      ).join("\n"),
    );
  }
  return text(value);
}

/** Tool input sent as an object or as JSON text. */
function inputObject(value: unknown, agent: string): Record<string, unknown> {
  let parsed = value ?? {};
  if (typeof parsed === "string") {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      throw new TypeError(
        `Cannot read the ${agent} payload: the tool input is not JSON`,
      );
    }
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new TypeError(
      `Cannot read the ${agent} payload: the tool input is not an object`,
    );
  }
  return parsed as Record<string, unknown>;
}

function kindOf(spec: AgentSpec, name: string): ToolKind {
  const { tools } = spec;
  if (tools.shell.includes(name)) return "shell";
  if (tools.read.includes(name)) return "read";
  if (tools.search.includes(name)) return "grep";
  if (tools.fetch.includes(name)) return "fetch";
  if (tools.subagent.includes(name)) return "task";
  if (tools.edit.includes(name)) return "edit";
  return tools.isMcp(name) ? "mcp" : "other";
}

/** Builds the adapter of a platform from its spec. */
export function defineAgent(spec: AgentSpec): Adapter {
  const keys = { ...DEFAULT_KEYS, ...spec.keys };
  const lookup = new Map<string, HookEvent>();
  for (const [event, names] of Object.entries(spec.events)) {
    for (const name of names ?? []) {
      lookup.set(normal(name), event as HookEvent);
    }
  }
  // The neutral names work too: `ctx-mode hook <platform> pre_tool_use`.
  for (const event of Object.keys(spec.events)) {
    lookup.set(normal(event), event as HookEvent);
  }
  const eventNames = Object.fromEntries(
    Object.entries(spec.events).map(([event, names]) => [event, names?.[0]]),
  );
  const passThrough = spec.passThrough ?? { stdout: "", exitCode: 0 };
  const rename = (message: string) =>
    message.replace(SERVER_TOOLS, (tool) => spec.serverToolName(tool));

  function parse(event: HookEvent, raw: unknown, where: AdapterEnv): HookInput {
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
      throw new TypeError(
        `Cannot read the ${spec.name} payload: it is not an object`,
      );
    }
    const payload = raw as Record<string, unknown>;
    const projectDir =
      (spec.projectEnv ?? []).map((name) => text(where.env[name])).find(
        Boolean,
      ) ?? text(first(payload, keys.cwd));
    if (!projectDir) {
      throw new TypeError(
        `Cannot read the ${spec.name} payload: it names no working directory`,
      );
    }
    const sessionId = text(String(first(payload, keys.session) ?? "")) ??
      (spec.sessionEnv ?? []).map((name) => text(where.env[name])).find(
        Boolean,
      ) ??
      `pid-${agentProcessId(where.parentPid)}`;
    if (event !== "pre_tool_use" && event !== "post_tool_use") {
      const source = text(payload.source);
      const prompt = promptText(
        payload.submitted_prompt ?? payload.prompt ?? payload.initialPrompt,
      );
      return {
        event,
        platform: spec.name,
        sessionId,
        projectDir,
        ...(event === "user_prompt_submit" && prompt ? { prompt } : {}),
        ...(event === "user_prompt_submit" && spec.restoreOnPrompt
          ? { restoreOnPrompt: true }
          : {}),
        ...(source ? { source: SOURCES[source] ?? source } : {}),
        ...(text(payload.trigger) ? { trigger: String(payload.trigger) } : {}),
      };
    }
    const eventName = text(first(payload, keys.event)) ?? "";
    const toolName = text(first(payload, keys.tool)) ??
      spec.impliedTools?.[normal(eventName)];
    if (!toolName) {
      throw new TypeError(
        `Cannot read the ${spec.name} payload: it names no tool`,
      );
    }
    const original = inputObject(
      first(payload, keys.input) ??
        (spec.impliedTools?.[normal(eventName)] ? payload : undefined),
      spec.name,
    );
    const toolKind = kindOf(spec, toolName);
    const input = neutralInput(toolKind, original, {
      powershell: spec.tools.powershell?.includes(toolName) ?? false,
    });
    const output = first(payload, keys.output);
    const error = event === "post_tool_use" ? text(payload.error) : undefined;
    const agentType = text(payload.agent_type);
    return {
      event,
      subagent: text(payload.agent_id) !== undefined,
      ...(agentType ? { agentType } : {}),
      ...(error ? { error } : {}),
      call: {
        platform: spec.name,
        sessionId,
        projectDir,
        toolName,
        toolKind,
        input,
        ...(event === "post_tool_use" && output !== undefined
          ? { output }
          : {}),
      },
    };
  }

  function degrade(input: HookInput, decision: Decision): WireDecision {
    const caps = spec.capabilities;
    if (spec.observeOnly.includes(input.event)) return { kind: "allow" };
    const toolEvent = input.event === "pre_tool_use" ? input : undefined;
    switch (decision.kind) {
      case "allow":
        return decision;
      case "context":
        return spec.contextOn.includes(input.event)
          ? { kind: "context", text: rename(decision.text) }
          : { kind: "allow" };
      case "deny":
        return toolEvent && caps.block
          ? { kind: "deny", reason: rename(decision.reason) }
          : { kind: "allow" };
      case "ask":
        if (!toolEvent) return { kind: "allow" };
        if (caps.ask) return { kind: "ask", reason: rename(decision.reason) };
        return {
          kind: "deny",
          reason: `${
            rename(decision.reason)
          }. ${spec.label} cannot ask the user here, so ctx-mode blocked the call; if the user wants it, they can run it by hand in a terminal${
            byHand(toolEvent.call.input)
          }.`,
        };
      case "modify": {
        if (!toolEvent) return { kind: "allow" };
        const original = toolEvent.call.input;
        const input = platformInput(original, decision.input);
        // Text ctx-mode added (the routing block) names the tools as this agent's model sees them.
        for (const [key, value] of Object.entries(input)) {
          if (typeof value === "string" && value !== original[key]) {
            input[key] = rename(value);
          }
        }
        if (caps.modifyArgs) {
          return { kind: "modify", input, note: rename(decision.note) };
        }
        // A subagent prompt that cannot carry the routing block runs as it is.
        if (toolEvent.call.toolKind === "task") return { kind: "allow" };
        return {
          kind: "deny",
          reason: `${
            rename(decision.note)
          } ${spec.label} cannot rewrite a call, so run it again as: ${
            JSON.stringify(input)
          }`,
        };
      }
    }
  }

  return {
    name: spec.name,
    label: spec.label,
    paradigm: "json-stdio",
    capabilities: spec.capabilities,
    observeOnly: spec.observeOnly,
    eventNames,
    tools: spec.tools,
    unverified: spec.unverified,
    serverToolName: spec.serverToolName,
    event: (name) => lookup.get(normal(name)),
    parse,
    format(input: HookInput, decision: Decision): HookOutput {
      const wire = degrade(input, decision);
      const eventName = eventNames[input.event] ?? input.event;
      return spec.reply(input.event, wire, eventName);
    },
    passThrough: () => passThrough,
    config(command: string): unknown {
      return Object.fromEntries(
        spec.configFiles(command).map((file) => [file.name, file.data]),
      );
    },
    configFiles: spec.configFiles,
    instructions: () => ({
      file: spec.instructionsFile,
      text: (spec.instructionsText ?? ((text) => text))(
        rename(routingInstructions()),
      ),
    }),
    async doctor(where: DoctorWhere): Promise<PlatformCheck[]> {
      const { doctorChecks, installHint } = await doctorKit();
      const places = spec.doctorPlaces(where, installHint(spec.name));
      return doctorChecks(spec.name, places, {
        events: Object.values(eventNames).filter((name): name is string =>
          typeof name === "string"
        ),
        where,
      });
    },
  };
}

/** The hook command's way of reading an event name: case, `_` and `-` ignored. */
function normal(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, "");
}

function byHand(input: ToolInput): string {
  const command = input.command;
  return typeof command === "string" ? `: ${command}` : "";
}
