/**
 * The shared body of the command-hook adapters: one {@linkcode AgentSpec}
 * (event names, tool names by role, payload keys, reply dialect) becomes
 * an {@linkcode Adapter}. Parsing accepts the camelCase and
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
 * Tool inputs go between the platform's spelling and the neutral keys
 * routing and the guard read (`command`, `path`, `url`, `pattern`,
 * `limit`, `prompt`, `agentType`), and back: a rewritten input is handed
 * to the platform in its own keys, neutral additions dropped. Reasons and
 * notes name ctx-mode's tools as the platform's model sees them.
 *
 * Translates only: no policy, no I/O except reading `/proc` for the
 * agent's process id when a platform sends no session id. The hook path
 * only (each agent's set-up is built by `command_setup.ts`), and all of it in
 * one module with the Claude Code reply dialect several agents share: every
 * module the hook loads costs a few tenths of a millisecond.
 *
 * @module
 */

import type { Decision, ToolInput, ToolKind } from "../../src/routing/types.ts";
import type {
  AgentSpec,
  PayloadKeys,
  WireDecision,
} from "./command_hooks_spec.ts";
import type {
  Adapter,
  AdapterEnv,
  HookEvent,
  HookInput,
  HookOutput,
} from "../types.ts";

export type { AgentSpec, WireDecision };

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

/**
 * ctx-mode's MCP tool names, as routing and guard texts spell them.
 * `plugin_hooks.ts` holds the same list, so a plugin's hook loads no second
 * kit (a test keeps the two equal).
 */
export const SERVER_TOOLS: RegExp =
  /\bctx_(?:batch_execute|execute_file|execute|fetch_and_index|index|search|stats|purge|doctor|upgrade|insight)\b/g;

/**
 * A text with ctx-mode's tool names as one platform's model sees them.
 *
 * @param text A reason, note or instruction naming `ctx_execute` and the like.
 * @param serverToolName The platform's name of one of ctx-mode's tools.
 * @returns The text, renamed.
 */
export function renameServerTools(
  text: string,
  serverToolName: (tool: string) => string,
): string {
  return text.replace(SERVER_TOOLS, (tool) => serverToolName(tool));
}

/** Per neutral input: which platform key each added neutral key came from. */
const ORIGINS = new WeakMap<
  ToolInput,
  { keys: readonly string[]; aliases: Record<string, string> }
>();

/** Where each neutral key may be found, by tool kind; first found wins. */
const INPUT_KEYS: Partial<Record<ToolKind, Record<string, readonly string[]>>> =
  {
    shell: { command: ["command", "cmd", "CommandLine"] },
    read: {
      path: [
        "file_path",
        "filePath",
        "absolute_path",
        "path",
        "AbsolutePath",
        "operations.0.path",
      ],
      limit: ["limit", "end_line", "endLine", "n_lines", "EndLine"],
    },
    grep: {
      path: ["path", "dir_path", "SearchPath", "SearchDirectory"],
      pattern: ["pattern", "query", "Query", "regex"],
      limit: ["head_limit", "max_results", "maxResults"],
    },
    fetch: { url: ["url", "Url", "urls.0"] },
    edit: {
      path: [
        "file_path",
        "filePath",
        "path",
        "TargetFile",
        "AbsolutePath",
        "replacements.0.filePath",
      ],
    },
    task: {
      prompt: ["prompt", "Prompt", "goal", "objective"],
      agentType: ["subagent_type", "agentName", "agent_type"],
    },
  };

const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/m;
const URL_IN_TEXT = /https?:\/\/[^\s"'<>)]+/;

/**
 * The neutral input of a tool call: the platform's keys kept, the neutral
 * keys added where the platform spells them otherwise.
 *
 * @param kind The tool's neutral kind.
 * @param original The platform's input.
 * @param options Whether the shell tool runs PowerShell.
 * @returns The input routing and the guard read.
 */
export function neutralInput(
  kind: ToolKind,
  original: Record<string, unknown>,
  options: { powershell: boolean },
): ToolInput {
  const result: Record<string, unknown> = { ...original };
  const aliases: Record<string, string> = {};
  for (const [key, paths] of Object.entries(INPUT_KEYS[kind] ?? {})) {
    if (original[key] !== undefined) continue;
    const path = paths.find((p) => at(original, p) !== undefined);
    if (path === undefined) continue;
    const value = at(original, path);
    result[key] = Array.isArray(value) && key === "command"
      ? value.join(" ")
      : value;
    if (!path.includes(".")) aliases[key] = path;
  }
  if (kind === "edit" && result.path === undefined) {
    const patch = [original.command, original.input, original.patch]
      .find((value) => typeof value === "string") as string | undefined;
    const file = patch?.match(PATCH_FILE)?.[1]?.trim();
    if (file) result.path = file;
  }
  if (kind === "fetch" && result.url === undefined) {
    const url = typeof original.prompt === "string"
      ? original.prompt.match(URL_IN_TEXT)?.[0]
      : undefined;
    if (url) result.url = url;
  }
  if (kind === "shell" && options.powershell) result.dialect = "powershell";
  ORIGINS.set(result, { keys: Object.keys(original), aliases });
  return result;
}

/**
 * A rewritten input in the platform's own keys: changed neutral keys go back
 * under the key they came from, neutral additions are dropped.
 *
 * @param neutral The input {@linkcode neutralInput} made.
 * @param changed The rewritten neutral input.
 * @returns The full replacement input for the platform.
 */
export function platformInput(
  neutral: ToolInput,
  changed: ToolInput,
): Record<string, unknown> {
  const origin = ORIGINS.get(neutral);
  if (!origin) return { ...changed };
  const result: Record<string, unknown> = {};
  for (const key of origin.keys) {
    result[key] = key in changed ? changed[key] : neutral[key];
  }
  for (const [key, from] of Object.entries(origin.aliases)) {
    if (changed[key] !== neutral[key]) result[from] = changed[key];
  }
  return result;
}

/** Reads a payload in the platform's keys. */
function parse(
  spec: AgentSpec,
  keys: PayloadKeys,
  event: HookEvent,
  raw: unknown,
  where: AdapterEnv,
): HookInput {
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
      ...(event === "post_tool_use" && output !== undefined ? { output } : {}),
    },
  };
}

/** A decision as the platform can express it (see the module comment). */
function degrade(
  spec: AgentSpec,
  input: HookInput,
  decision: Decision,
): WireDecision {
  const caps = spec.capabilities;
  const rename = (message: string) =>
    renameServerTools(message, spec.serverToolName);
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

/** Builds the adapter of a platform from its spec. */
export function defineAgent(spec: AgentSpec): Adapter {
  const keys = { ...DEFAULT_KEYS, ...spec.keys };
  const eventNames: Partial<Record<HookEvent, string>> = {};
  for (const key in spec.events) {
    const names = spec.events[key as HookEvent];
    if (names?.[0] !== undefined) eventNames[key as HookEvent] = names[0];
  }
  // Built on the first event() call, right after the hook command has
  // normalised the event name itself: loading the adapter does no string work.
  let lookup: Map<string, HookEvent> | undefined;
  const events = (): Map<string, HookEvent> => {
    if (lookup) return lookup;
    lookup = new Map();
    for (const key in spec.events) {
      for (const name of spec.events[key as HookEvent] ?? []) {
        lookup.set(normal(name), key as HookEvent);
      }
    }
    // The neutral names work too: `ctx-mode hook <platform> pre_tool_use`.
    for (const key in spec.events) lookup.set(normal(key), key as HookEvent);
    return lookup;
  };
  const passThrough = spec.passThrough ?? { stdout: "", exitCode: 0 };
  return {
    name: spec.name,
    label: spec.label,
    paradigm: "json-stdio",
    capabilities: spec.capabilities,
    observeOnly: spec.observeOnly,
    eventNames,
    tools: spec.tools,
    serverToolName: spec.serverToolName,
    event: (name) => events().get(normal(name)),
    parse: (event, raw, where) => parse(spec, keys, event, raw, where),
    format(input: HookInput, decision: Decision): HookOutput {
      const wire = degrade(spec, input, decision);
      const eventName = eventNames[input.event] ?? input.event;
      return spec.reply(input.event, wire, eventName);
    },
    passThrough: () => passThrough,
    ...(spec.formatReplacement
      ? { formatReplacement: spec.formatReplacement }
      : {}),
    ...(spec.canReplaceOutput
      ? { canReplaceOutput: spec.canReplaceOutput }
      : {}),
  };
}

/** The hook command's way of reading an event name: case, `_` and `-` ignored. */
function normal(name: string): string {
  return name.toLowerCase().replaceAll("_", "").replaceAll("-", "");
}

function byHand(input: ToolInput): string {
  const command = input.command;
  return typeof command === "string" ? `: ${command}` : "";
}

/** The Claude Code dialect (`hookSpecificOutput`), which Codex, Qwen Code, VS Code Copilot and Kimi Code share. */
export function claudeStyleReply(
  event: HookEvent,
  decision: WireDecision,
  eventName: string,
): HookOutput {
  const json = (value: unknown) => ({
    stdout: `${JSON.stringify({ hookSpecificOutput: value })}\n`,
    exitCode: 0,
  });
  switch (decision.kind) {
    case "allow":
      return { stdout: "", exitCode: 0 };
    case "deny":
    case "ask":
      return json({
        hookEventName: eventName,
        permissionDecision: decision.kind,
        permissionDecisionReason: decision.reason,
      });
    case "modify":
      return json({
        hookEventName: eventName,
        permissionDecision: "allow",
        permissionDecisionReason: decision.note,
        updatedInput: decision.input,
      });
    case "context":
      return event === "pre_compact"
        ? { stdout: "", exitCode: 0 }
        : json({ hookEventName: eventName, additionalContext: decision.text });
  }
}

/** Shells an agent may start its hooks through. */
const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "fish", "busybox"]);

/**
 * The agent's process id, the session id of last resort for platforms whose
 * payloads carry none: the hook's parent, or, when the parent is a shell the
 * agent started the hook through, the shell's parent (at most two steps up).
 * Reads `/proc/<pid>/stat` (Linux); elsewhere the parent id is the answer.
 * Never throws.
 */
function agentProcessId(parentPid: number): number {
  let pid = parentPid;
  for (let step = 0; step < 2; step++) {
    const stat = readStat(pid);
    if (!stat || !SHELLS.has(stat.name)) return pid;
    if (stat.parent <= 1) return pid;
    pid = stat.parent;
  }
  return pid;
}

function readStat(pid: number): { name: string; parent: number } | undefined {
  try {
    const text = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // The name is in parentheses and may itself hold spaces or parentheses.
    const close = text.lastIndexOf(")");
    const name = text.slice(text.indexOf("(") + 1, close);
    const parent = Number(text.slice(close + 2).split(" ")[1]);
    return Number.isInteger(parent) ? { name, parent } : undefined;
  } catch {
    return undefined;
  }
}
