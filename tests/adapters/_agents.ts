/**
 * Each command-hook agent as its tests see it: how its payloads look, what
 * its tools are called, and how its answers read — written from the agents'
 * protocol reference, apart from the adapters, so a test compares the two.
 *
 * @module
 */

import type { CliRun } from "../_helpers/run_cli.ts";

/** What an answer said, in neutral terms. */
export interface Answer {
  /** The block's reason, when the call was blocked. */
  deny?: string;
  /** The reason, when the user is asked. */
  ask?: string;
  /** Text added to the model's context. */
  note?: string;
  /** A rewritten input. */
  rewritten?: Record<string, unknown>;
}

/** One tool call: the agent's tool name and input. */
export type ToolCall = [string, Record<string, unknown>];

/** One agent under test. */
export interface AgentUnderTest {
  name: string;
  /** Its pre-tool and post-tool event names (no post-tool: undefined). */
  pre: string;
  post?: string;
  /** A tool payload. `session` undefined: the agent sends no session id. */
  payload(
    project: string,
    session: string | undefined,
    call: ToolCall,
    output?: unknown,
  ): Record<string, unknown>;
  shell(command: string): ToolCall;
  /** A read through its read tool (none: through the shell). */
  read(path: string): ToolCall;
  edit(path: string): ToolCall;
  /** A subagent call, when it has a subagent tool with a prompt. */
  subagent?(prompt: string): ToolCall;
  /** Whether it can rewrite a call's input. */
  rewrite: boolean;
  /** Whether its payloads carry a session id. */
  sessionless?: boolean;
  /** Whether a pre-tool answer can add context. */
  preContext: boolean;
  /** Whether it can ask the user. */
  ask: boolean;
  /** ctx_fetch_and_index as its model sees it. */
  fetchTool: string;
  /** Reads an answer. */
  answer(run: CliRun): Answer;
  /** Its pass-through stdout. */
  passThrough: string;
}

function json(run: CliRun): Record<string, unknown> {
  return run.stdout.trim() === "" ? {} : JSON.parse(run.stdout);
}

function claudeStyle(run: CliRun): Answer {
  const out = (json(run).hookSpecificOutput ?? {}) as Record<string, unknown>;
  const reason = out.permissionDecisionReason as string;
  return {
    ...(out.permissionDecision === "deny" ? { deny: reason } : {}),
    ...(out.permissionDecision === "ask" ? { ask: reason } : {}),
    ...(out.additionalContext ? { note: out.additionalContext as string } : {}),
    ...(out.updatedInput
      ? { rewritten: out.updatedInput as Record<string, unknown> }
      : {}),
  };
}

function snake(
  extra: Record<string, unknown>,
): AgentUnderTest["payload"] {
  return (project, session, [tool, input], output) => ({
    ...extra,
    ...(session === undefined ? {} : { "session_id": session }),
    cwd: project,
    "tool_name": tool,
    "tool_input": input,
    ...(output === undefined ? {} : { "tool_response": output }),
  });
}

function copilotCamel(
  project: string,
  session: string | undefined,
  [tool, input]: ToolCall,
  output?: unknown,
) {
  return {
    ...(session === undefined ? {} : { sessionId: session }),
    timestamp: 1785417730512,
    cwd: project,
    toolName: tool,
    toolArgs: JSON.stringify(input),
    ...(output === undefined
      ? {}
      : { toolResult: { resultType: "success", textResultForLlm: output } }),
  };
}

function copilotAnswer(run: CliRun): Answer {
  const out = json(run);
  const reason = out.permissionDecisionReason as string;
  return {
    ...(out.permissionDecision === "deny" ? { deny: reason } : {}),
    ...(out.permissionDecision === "ask" ? { ask: reason } : {}),
    ...(out.modifiedArgs
      ? { rewritten: out.modifiedArgs as Record<string, unknown> }
      : {}),
  };
}

/** The eleven command-hook agents, most users first. */
export const AGENTS: readonly AgentUnderTest[] = [
  {
    name: "gemini-cli",
    rewrite: true,
    pre: "BeforeTool",
    post: "AfterTool",
    payload: snake({ "hook_event_name": "BeforeTool" }),
    shell: (command) => ["run_shell_command", { command }],
    read: (path) => ["read_file", { "file_path": path }],
    edit: (path) => ["write_file", { "file_path": path, content: "x" }],
    preContext: false,
    ask: true,
    fetchTool: "mcp_ctx-mode_ctx_fetch_and_index",
    answer(run) {
      const out = json(run);
      const context = (out.hookSpecificOutput as Record<string, string>)
        ?.additionalContext;
      return {
        ...(out.decision === "deny" ? { deny: out.reason as string } : {}),
        ...(out.decision === "ask" ? { ask: out.reason as string } : {}),
        ...(context ? { note: context } : {}),
      };
    },
    passThrough: "",
  },
  {
    name: "codex",
    rewrite: true,
    pre: "PreToolUse",
    post: "PostToolUse",
    payload: snake({ "turn_id": "turn_1", "hook_event_name": "PreToolUse" }),
    shell: (command) => ["Bash", { command }],
    read: (path) => ["Bash", { command: `cat ${path}` }],
    edit: (path) => ["apply_patch", {
      command: `*** Begin Patch\n*** Add File: ${path}\n+x\n*** End Patch\n`,
    }],
    preContext: true,
    ask: false,
    fetchTool: "mcp__ctx-mode__ctx_fetch_and_index",
    answer: claudeStyle,
    passThrough: "",
  },
  {
    name: "cursor",
    rewrite: true,
    subagent: (prompt) => ["Task", { prompt, description: "look" }],
    pre: "preToolUse",
    post: "postToolUse",
    payload: (project, session, [tool, input], output) => ({
      "conversation_id": session,
      "generation_id": "g1",
      "hook_event_name": output === undefined ? "preToolUse" : "postToolUse",
      "workspace_roots": [project],
      "tool_name": tool,
      "tool_input": input,
      cwd: project,
      ...(output === undefined ? {} : { "tool_output": String(output) }),
    }),
    shell: (command) => ["Shell", { command }],
    read: (path) => ["Read", { "file_path": path }],
    edit: (path) => ["Write", { "file_path": path, contents: "x" }],
    preContext: false,
    ask: false,
    fetchTool: "ctx_fetch_and_index",
    answer(run) {
      const out = json(run);
      return {
        ...(out.permission === "deny"
          ? { deny: out.agent_message as string }
          : {}),
        ...(out.permission === "ask"
          ? { ask: out.agent_message as string }
          : {}),
        ...(out.additional_context
          ? { note: out.additional_context as string }
          : {}),
        ...(out.updated_input
          ? { rewritten: out.updated_input as Record<string, unknown> }
          : {}),
      };
    },
    passThrough: "{}\n",
  },
  {
    name: "vscode-copilot",
    rewrite: true,
    subagent: (prompt) => ["runSubagent", { prompt, description: "look" }],
    pre: "PreToolUse",
    post: "PostToolUse",
    payload: (project, session, [tool, input], output) => ({
      timestamp: "2026-07-30T14:22:10.512Z",
      cwd: project,
      sessionId: session,
      hookEventName: output === undefined ? "PreToolUse" : "PostToolUse",
      "tool_name": tool,
      "tool_input": input,
      ...(output === undefined ? {} : { "tool_response": String(output) }),
    }),
    shell: (command) => ["run_in_terminal", { command, isBackground: false }],
    read: (path) => ["read_file", { filePath: path }],
    edit: (path) => ["create_file", { filePath: path, content: "x" }],
    preContext: true,
    ask: true,
    fetchTool: "mcp_ctx-mode_ctx_fetch_and_index",
    answer: claudeStyle,
    passThrough: "",
  },
  {
    name: "copilot-cli",
    rewrite: true,
    subagent: (prompt) => ["task", { prompt, description: "look" }],
    pre: "preToolUse",
    post: "postToolUse",
    payload: copilotCamel,
    shell: (command) => ["bash", { command }],
    read: (path) => ["view", { path }],
    edit: (path) => ["create", { path, "file_text": "x" }],
    preContext: false,
    ask: true,
    fetchTool: "ctx-mode-ctx_fetch_and_index",
    answer: copilotAnswer,
    passThrough: "",
  },
  {
    name: "qwen-code",
    rewrite: true,
    subagent: (
      prompt,
    ) => ["agent", { prompt, "subagent_type": "general-purpose" }],
    pre: "PreToolUse",
    post: "PostToolUse",
    payload: snake({ "hook_event_name": "PreToolUse", "tool_call_id": "c1" }),
    shell: (command) => ["run_shell_command", { command }],
    read: (path) => ["read_file", { "absolute_path": path }],
    edit: (path) => ["write_file", { "file_path": path, content: "x" }],
    preContext: true,
    ask: true,
    fetchTool: "mcp__ctx-mode__ctx_fetch_and_index",
    answer: claudeStyle,
    passThrough: "",
  },
  {
    name: "kiro",
    rewrite: false,
    subagent: (prompt) => ["use_subagent", { prompt }],
    pre: "preToolUse",
    post: "postToolUse",
    payload: (project, _session, [tool, input], output) => ({
      "hook_event_name": output === undefined ? "preToolUse" : "postToolUse",
      cwd: project,
      "tool_name": tool,
      "tool_input": input,
      ...(output === undefined
        ? {}
        : { "tool_response": { success: true, result: [output] } }),
    }),
    shell: (command) => ["execute_bash", { command }],
    read: (path) => ["fs_read", { operations: [{ mode: "Line", path }] }],
    edit: (path) => ["fs_write", { command: "create", path, "file_text": "x" }],
    sessionless: true,
    preContext: false,
    ask: false,
    fetchTool: "@ctx-mode/ctx_fetch_and_index",
    answer: (run) => ({
      ...(run.code === 2 ? { deny: run.stderr } : {}),
      ...(run.code === 0 && run.stdout.trim() ? { note: run.stdout } : {}),
    }),
    passThrough: "",
  },
  {
    name: "jetbrains-copilot",
    rewrite: false,
    subagent: (prompt) => ["task", { prompt }],
    pre: "preToolUse",
    post: "postToolUse",
    payload: copilotCamel,
    shell: (command) => ["bash", { command }],
    read: (path) => ["view", { path }],
    edit: (path) => ["create", { path, "file_text": "x" }],
    sessionless: true,
    preContext: false,
    ask: false,
    fetchTool: "ctx_fetch_and_index",
    answer: copilotAnswer,
    passThrough: "",
  },
  {
    name: "kimi",
    rewrite: false,
    subagent: (
      prompt,
    ) => ["Agent", { prompt, description: "look", "subagent_type": "coder" }],
    pre: "PreToolUse",
    post: "PostToolUse",
    payload: snake({ "hook_event_name": "PreToolUse", "tool_call_id": "t1" }),
    shell: (command) => ["Bash", { command }],
    read: (path) => ["Read", { path }],
    edit: (path) => ["Write", { path, content: "x" }],
    preContext: false,
    ask: false,
    fetchTool: "mcp__ctx-mode__ctx_fetch_and_index",
    answer: claudeStyle,
    passThrough: "",
  },
  {
    name: "antigravity-cli",
    rewrite: false,
    pre: "PreToolUse",
    payload: (project, session, [tool, input]) => ({
      toolCall: { name: tool, args: { ...input, Cwd: project } },
      stepIdx: 3,
      conversationId: session,
      workspacePaths: [project],
    }),
    shell: (command) => ["run_command", { CommandLine: command }],
    read: (path) => ["view_file", { AbsolutePath: path }],
    edit: (path) => ["write_to_file", { TargetFile: path, CodeContent: "x" }],
    preContext: false,
    ask: false,
    fetchTool: "ctx_fetch_and_index",
    answer(run) {
      const out = json(run);
      return out.decision === "deny" ? { deny: out.reason as string } : {};
    },
    passThrough: "",
  },
  {
    name: "hermes",
    rewrite: false,
    subagent: (prompt) => ["delegate_task", { goal: prompt }],
    pre: "pre_tool_call",
    post: "post_tool_call",
    payload: (project, session, [tool, input], output) => ({
      "hook_event_name": output === undefined
        ? "pre_tool_call"
        : "post_tool_call",
      "tool_name": tool,
      "tool_input": input,
      "session_id": session,
      cwd: project,
      extra: { "task_id": "default", "tool_call_id": "call_1" },
      ...(output === undefined ? {} : { result: String(output) }),
    }),
    shell: (command) => ["terminal", { command }],
    read: (path) => ["read_file", { path }],
    edit: (path) => ["write_file", { path, content: "x" }],
    preContext: false,
    ask: false,
    fetchTool: "mcp_ctx-mode_ctx_fetch_and_index",
    answer(run) {
      const out = json(run);
      return {
        ...(out.decision === "block" ? { deny: out.reason as string } : {}),
        ...(out.context ? { note: out.context as string } : {}),
      };
    },
    passThrough: "",
  },
];
