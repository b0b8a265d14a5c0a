/**
 * A scripted model endpoint on loopback: speaks just enough of Anthropic
 * Messages, OpenAI Responses and Chat Completions, and Gemini
 * generateContent for real agent CLIs, and plays a scenario's script — the
 * tool call the "model" asks for at each turn — while checking what the
 * agent sends back. Every request body is recorded: it is the ground truth
 * of what reached the model's context.
 *
 * @module
 */

import {
  type ModelRequest,
  NAMESPACE_SEPARATOR,
  readRequest,
  type Reply,
  type ToolResult,
  type Wire,
} from "./_wire.ts";
import { writeReply } from "./_wire_write.ts";

export type { ModelRequest, ToolResult };

/** A tool call by role; the server picks the agent's spelling of it from the tools offered. */
export type CallSpec =
  | { role: "shell"; command: string }
  | { role: "mcp"; tool: string; args: Record<string, unknown> }
  | { role: "read"; path: string }
  | { role: "edit"; path: string; old: string; new: string }
  | {
    /** Any other tool: `pick` spells the call from the tools offered, or finds none. */
    role: "named";
    /** What the call is, for the error when no tool fits. */
    what: string;
    pick(
      tools: string[],
    ): { name: string; args: Record<string, unknown> } | undefined;
    /** Finds the tool's name where the request lists it as deferred (its group 1). */
    deferred?: RegExp;
  };

/** One turn of the scripted model. */
export interface Step {
  /** The tool call to ask for; a step without one answers with `text` and ends the turn. */
  call?: CallSpec;
  /** The text answer (steps without a call). @default {"done"} */
  text?: string;
  /** Checks the tool result the agent sends back; returns why it is wrong, or undefined. */
  expect?: (result: ToolResult, request: ModelRequest) => string | undefined;
  /** The prompt size this reply reports (a large one makes agents compact). @default {10} */
  promptTokens?: number;
}

/** A script: its turns, and an optional answer for requests outside the tool loop. */
export interface Script {
  steps: Step[];
  /** Answers a request itself (e.g. a compaction summary); undefined plays the script. */
  aside?: (request: ModelRequest) => string | undefined;
  /** The prompt size the aside answers report. @default {10} */
  asidePromptTokens?: number;
}

/** One recorded request. */
export interface Recorded {
  path: string;
  /** The request body as sent. */
  body: string;
  bytes: number;
  request: ModelRequest;
  /** Which step it played (-1: an aside or a request without tools). */
  step: number;
}

/** The shell tool's name per agent, with its argument shape. */
const SHELL_TOOLS: Record<
  string,
  (command: string) => Record<string, unknown>
> = {
  Bash: (command) => ({ command, description: "scripted call" }),
  "exec_command": (command) => ({ cmd: command }),
  "run_shell_command": (command) => ({
    command,
    description: "scripted call",
    "is_background": false,
  }),
  shell: (command) => ({ command: ["bash", "-lc", command] }),
  // OpenCode, KiloCode, Pi, Copilot CLI (Pi ignores the description).
  bash: (command) => ({ command, description: "scripted call" }),
};

const READ_TOOLS: Record<string, (path: string) => Record<string, unknown>> = {
  Read: (path) => ({ "file_path": path }),
  "read_file": (path) => ({ "file_path": path, "absolute_path": path }),
  // OpenCode and KiloCode spell it filePath, Pi path.
  read: (path) => ({ filePath: path, path }),
  view: (path) => ({ path }),
};

/**
 * The `edit` of the agents whose shell tool is `bash` (OpenCode, KiloCode,
 * Pi, Copilot CLI): one object with each one's spelling; each reads its own.
 */
function bashFamilyEdit(
  path: string,
  old: string,
  next: string,
): Record<string, unknown> {
  return {
    filePath: path,
    oldString: old,
    newString: next,
    path,
    edits: [{ oldText: old, newText: next }],
    "old_str": old,
    "new_str": next,
  };
}

const EDIT_TOOLS: Record<
  string,
  (path: string, old: string, next: string) => Record<string, unknown>
> = {
  Edit: (path, old, next) => ({
    "file_path": path,
    "old_string": old,
    "new_string": next,
  }),
  edit: (path, old, next) => ({
    "file_path": path,
    "old_string": old,
    "new_string": next,
  }),
  replace: (path, old, next) => ({
    "file_path": path,
    "old_string": old,
    "new_string": next,
    instruction: "scripted edit",
  }),
};

/**
 * Whether a tool is one of the edit tools the script knows.
 *
 * @param tool A tool name a request offers.
 * @returns True for Claude's `Edit`, Qwen's `edit`, Gemini's `replace`.
 */
export function isEditTool(tool: string): boolean {
  return tool in EDIT_TOOLS;
}

function pick<T>(table: Record<string, T>, tools: string[]): [string, T] {
  const name = tools.find((tool) => tool in table);
  if (name === undefined) {
    throw new Error(
      `Cannot find the tool among ${tools.join(", ") || "no tools"}`,
    );
  }
  return [name, table[name] as T];
}

/**
 * The agent's spelling of a tool call.
 *
 * @param spec The call by role.
 * @param tools The tool names the request offers.
 * @returns The tool name and its arguments.
 */
export function resolveCall(
  spec: CallSpec,
  tools: string[],
): { name: string; args: Record<string, unknown> } {
  switch (spec.role) {
    case "shell": {
      const [name, args] = pick(SHELL_TOOLS, tools);
      return { name, args: args(spec.command) };
    }
    // An agent without a read or an edit tool of that shape (Codex) reads and edits through its shell.
    case "read": {
      if (!tools.some((tool) => tool in READ_TOOLS)) {
        return resolveCall(
          { role: "shell", command: `cat ${spec.path}` },
          tools,
        );
      }
      const [name, args] = pick(READ_TOOLS, tools);
      return { name, args: args(spec.path) };
    }
    case "edit": {
      if (!tools.some((tool) => tool in EDIT_TOOLS)) {
        return resolveCall({
          role: "shell",
          command: `sed -i 's|${spec.old}|${spec.new}|' ${spec.path}`,
        }, tools);
      }
      const [name, args] = pick(EDIT_TOOLS, tools);
      if (name === "edit" && tools.includes("bash")) {
        return { name, args: bashFamilyEdit(spec.path, spec.old, spec.new) };
      }
      return { name, args: args(spec.path, spec.old, spec.new) };
    }
    case "named": {
      const call = spec.pick(tools);
      if (!call) {
        throw new Error(
          `Cannot find ${spec.what} among ${tools.join(", ") || "no tools"}`,
        );
      }
      return call;
    }
    case "mcp": {
      const name = mcpToolName(spec.tool, tools);
      if (name === undefined) {
        throw new Error(
          `Cannot find ctx-mode's ${spec.tool} among ${tools.join(", ")}`,
        );
      }
      return { name, args: spec.args };
    }
  }
}

/**
 * The name under which an agent offers one of ctx-mode's MCP tools.
 *
 * @param tool ctx-mode's tool name, e.g. `ctx_execute`.
 * @param tools The tool names a request offers.
 * @returns The agent's spelling, or undefined when it is not offered.
 */
export function mcpToolName(tool: string, tools: string[]): string | undefined {
  return tools.find((name) => {
    const last = name.slice(name.lastIndexOf(NAMESPACE_SEPARATOR) + 1);
    // Copilot CLI spells it `<server>-<tool>`.
    return last === tool && name.includes("ctx") ||
      (name.endsWith(`_${tool}`) || name.endsWith(`-${tool}`)) &&
        name.includes("ctx");
  });
}

/** Claude Code's tool that waits for MCP servers still connecting. */
const WAIT_TOOL = "WaitForMcpServers";
/** Qwen Code's tool that loads a deferred tool's schema. */
const SEARCH_TOOL = "tool_search";
const MAX_WAITS = 3;

/**
 * What a real model does when an MCP tool it needs is not offered yet: wait
 * for MCP servers still connecting (Claude Code's headless mode does not
 * wait), or load a deferred tool the request lists by name.
 */
function loadTool(
  listed: RegExp | undefined,
  request: ModelRequest,
): { name: string; args: Record<string, unknown> } | undefined {
  if (request.tools.includes(WAIT_TOOL)) return { name: WAIT_TOOL, args: {} };
  if (!listed || !request.tools.includes(SEARCH_TOOL)) return undefined;
  const deferred = listed.exec(request.text)?.[1];
  return deferred
    ? { name: SEARCH_TOOL, args: { query: `select:${deferred}` } }
    : undefined;
}

const WIRES: [RegExp, Wire][] = [
  [/^\/v1\/messages$/, "anthropic"],
  [/\/responses$/, "responses"],
  [/\/chat\/completions$/, "chat"],
  [/:(stream)?generateContent$/i, "gemini"],
];

/** The scripted endpoint: start it, give it a script per run, read what it recorded. */
export class ModelServer implements AsyncDisposable {
  #server: Deno.HttpServer<Deno.NetAddr>;
  #script: Script = { steps: [] };
  #scriptId = 0;
  #waits = 0;
  #mainTools: Set<string> | undefined;
  #unresolved = new Set<number>();
  /** Every model request, in order of arrival. */
  readonly requests: Recorded[] = [];
  /** Other paths the agents asked for (for diagnosis). */
  readonly otherPaths: string[] = [];
  /** Per step of the current script: undefined when met, else why not. */
  checks: (string | undefined)[] = [];

  constructor() {
    this.#server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      (request) => this.#handle(request),
    );
  }

  /** The base URL, without a trailing slash. */
  get url(): string {
    return `http://127.0.0.1:${this.#server.addr.port}`;
  }

  /**
   * Starts a new script; earlier records stay.
   *
   * @param script The turns to play.
   */
  play(script: Script): void {
    this.#script = script;
    this.#scriptId++;
    this.#waits = 0;
    this.#mainTools = undefined;
    this.#unresolved = new Set();
    this.checks = script.steps.map((step) =>
      step.expect ? "the agent never sent this call's result back" : undefined
    );
  }

  /** The first failed check of the current script, or undefined. */
  failure(): string | undefined {
    const index = this.checks.findIndex((check) => check !== undefined);
    return index < 0 ? undefined : `step ${index + 1}: ${this.checks[index]}`;
  }

  async #handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "HEAD" || request.method === "GET") {
      if (url.pathname !== "/") this.otherPaths.push(url.pathname);
      return new Response(url.pathname === "/" ? "ok" : "{}", {
        status: url.pathname === "/" ? 200 : 404,
      });
    }
    const text = await request.text();
    if (/count_?tokens/i.test(url.pathname)) {
      return Response.json({ "input_tokens": 10, totalTokens: 10 });
    }
    const wire = WIRES.find(([pattern]) => pattern.test(url.pathname))?.[1];
    if (!wire) {
      this.otherPaths.push(url.pathname);
      return new Response("not scripted", { status: 404 });
    }
    let parsed: ModelRequest;
    try {
      parsed = readRequest(wire, JSON.parse(text));
    } catch {
      return new Response("bad json", { status: 400 });
    }
    const record: Recorded = {
      path: url.pathname,
      body: text,
      bytes: new TextEncoder().encode(text).length,
      request: parsed,
      step: -1,
    };
    this.requests.push(record);
    const reply = this.#reply(parsed, record);
    const answer = writeReply(parsed, reply);
    return new Response(answer.body, {
      headers: { "content-type": answer.contentType },
    });
  }

  #reply(request: ModelRequest, record: Recorded): Reply {
    const aside = this.#script.aside?.(request);
    if (aside !== undefined) {
      return {
        kind: "text",
        text: aside,
        promptTokens: this.#script.asidePromptTokens ?? 10,
      };
    }
    if (request.tools.length === 0) return { kind: "text", text: "ok" };
    // Side requests (memory extraction, titles) offer fewer built-in tools
    // than the agent's main loop: they get a plain answer and never play the
    // script. MCP tools and the waiting tool come and go as servers connect.
    this.#mainTools ??= new Set(
      request.tools.filter((tool) => tool !== WAIT_TOOL && !/ctx/.test(tool)),
    );
    if ([...this.#mainTools].some((tool) => !request.tools.includes(tool))) {
      return { kind: "text", text: "ok" };
    }
    const marker = new RegExp(`^(?:toolu|call)_e2e${this.#scriptId}_(\\d+)_`);
    let next = 0;
    for (const result of request.results) {
      const index = Number(marker.exec(result.id)?.[1] ?? -1);
      if (index < 0) continue;
      next = Math.max(next, index + 1);
      const step = this.#script.steps[index];
      if (step?.expect) {
        this.checks[index] = step.expect(result, request);
      }
    }
    record.step = next;
    const step = this.#script.steps[next];
    const tokens = step?.promptTokens
      ? { promptTokens: step.promptTokens }
      : {};
    if (!step?.call) {
      return { kind: "text", text: step?.text ?? "done", ...tokens };
    }
    const prefix = request.wire === "anthropic" ? "toolu" : "call";
    const id = `${prefix}_e2e${this.#scriptId}_${next}_${
      crypto.randomUUID().slice(0, 8)
    }`;
    const loader = step.call.role === "mcp"
      ? !mcpToolName(step.call.tool, request.tools) &&
        loadTool(
          new RegExp(`"([\\w.-]*ctx[\\w.-]*_${step.call.tool})"`),
          request,
        )
      : step.call.role === "named" && !step.call.pick(request.tools) &&
        loadTool(step.call.deferred, request);
    if (loader && this.#waits++ < MAX_WAITS) {
      return {
        kind: "call",
        id: `${prefix}_load_${next}_${this.#waits}`,
        ...loader,
      };
    }
    try {
      return {
        kind: "call",
        id,
        ...resolveCall(step.call, request.tools),
        ...tokens,
      };
    } catch (error) {
      // The first reason stands: a later side request must not replace it.
      if (!this.#unresolved.has(next)) {
        this.checks[next] = (error as Error).message;
      }
      this.#unresolved.add(next);
      return { kind: "text", text: "done" };
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.#server.shutdown();
  }
}
