/**
 * What a tool call leaves behind in the session: files read, edited, written
 * or searched; task lists and task updates; git operations and environment
 * changes; MCP tools, subagents, skills; failures and the later calls that
 * resolve them. A call of an unknown shape becomes a generic tool event.
 *
 * Pure and cheap (the post-tool hook runs it on the agent's hot path): no
 * I/O, bounded string work. Tools are recognised by their neutral kind and
 * the shape of their input, never by a platform's name for them.
 *
 * @module
 */

import { commandKey, shellEvents } from "./_shell_events.ts";
import { clip, compactJson, redactText } from "./redact.ts";
import type { CapturedCall, EventDraft, ToolCapture } from "./types.ts";

/** Keys under which tools carry the file they work on. */
const PATH_KEYS = [
  "path",
  "file_path",
  "filePath",
  "absolute_path",
  "notebook_path",
  "file",
  "filename",
] as const;

/** Task statuses, normalised. */
const STATUS: Readonly<Record<string, string>> = {
  pending: "pending",
  todo: "pending",
  open: "pending",
  "not_started": "pending",
  "in_progress": "in_progress",
  "in-progress": "in_progress",
  active: "in_progress",
  completed: "completed",
  complete: "completed",
  done: "completed",
  deleted: "deleted",
  cancelled: "deleted",
  canceled: "deleted",
};

/**
 * The events of one tool call.
 *
 * @param call The neutral call, with its output or failure.
 * @returns The events to record, and the subjects whose errors it resolves.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { captureToolCall } from "./capture_tool.ts";
 * const { events } = captureToolCall({
 *   toolName: "Edit", toolKind: "edit", projectDir: "/p",
 *   input: { file_path: "/p/src/a.ts", old_string: "a", new_string: "b" },
 * });
 * assert.deepEqual(events.map((e) => [e.category, e.type, e.subject]), [["file", "edit", "/p/src/a.ts"]]);
 * ```
 */
export function captureToolCall(call: CapturedCall): ToolCapture {
  const key = resolveKey(call);
  const failure = call.error ?? failureOf(call.output);
  if (failure !== undefined) {
    return { events: [errorEvent(call, key, failure)], resolves: [] };
  }
  return { events: successEvents(call), resolves: [key] };
}

function successEvents(call: CapturedCall): EventDraft[] {
  const input = call.input;
  const tasks = taskEvents(call);
  if (tasks) return tasks;
  switch (call.toolKind) {
    case "shell": {
      const command = text(input.command);
      if (!command) break;
      const events = shellEvents(command, outputText(call.output));
      return events.length > 0 ? events : [{
        category: "tool",
        type: "shell",
        subject: commandKey(redactText(command, 4000)),
        data: { command: redactText(command, 300) },
      }];
    }
    case "read":
    case "edit": {
      const paths = filePaths(input);
      if (paths.length === 0) break;
      const type = call.toolKind === "read"
        ? "read"
        : typeof input.content === "string" && input.old_string === undefined
        ? "write"
        : "edit";
      return paths.map((path) => ({
        category: "file",
        type,
        subject: path,
        data: { path },
      }));
    }
    case "grep": {
      const raw = text(input.pattern) ?? text(input.query);
      if (!raw) break;
      const pattern = redactText(raw, 200);
      const where = filePaths(input)[0];
      const type = /glob|find|file_search|list/i.test(call.toolName)
        ? "glob"
        : "grep";
      return [{
        category: "file",
        type,
        subject: `${type}:${pattern}${where ? ` in ${where}` : ""}`,
        data: {
          pattern,
          ...(where ? { path: where } : {}),
        },
      }];
    }
    case "task": {
      const prompt = text(input.prompt) ?? text(input.description);
      if (!prompt) break;
      const agent = text(input.subagent_type) ?? text(input.agent) ?? "";
      const firstLine = clip(
        redactText(prompt.trim().split("\n")[0] ?? "", 400),
        160,
      );
      const description = text(input.description);
      return [{
        category: "subagent",
        type: agent || "task",
        subject: `${agent}:${firstLine}`,
        data: {
          agent,
          ...(description && description !== prompt
            ? { description: clip(redactText(description), 120) }
            : {}),
          prompt: firstLine,
        },
      }];
    }
    case "mcp":
      return [{
        category: "mcp",
        type: "call",
        subject: call.toolName,
        data: { tool: call.toolName },
      }];
    case "fetch": {
      const url = text(input.url);
      if (!url) break;
      return [{
        category: "tool",
        type: "fetch",
        subject: `fetch:${redactText(url, 300)}`,
        data: { tool: call.toolName, url: redactText(url, 300) },
      }];
    }
  }
  const skill = skillEvent(call);
  if (skill) return [skill];
  return [{
    category: "tool",
    type: "call",
    subject: call.toolName,
    data: { tool: call.toolName, input: compactJson(input, 300) },
  }];
}

/** Task lists (`todos: [{content, status}]`), task creation and task updates, by shape. */
function taskEvents(call: CapturedCall): EventDraft[] | undefined {
  if (["shell", "read", "edit", "grep", "fetch"].includes(call.toolKind)) {
    return undefined;
  }
  const input = call.input;
  if (Array.isArray(input.todos)) {
    const items = input.todos.flatMap((todo) => {
      if (todo === null || typeof todo !== "object") return [];
      const entry = todo as Record<string, unknown>;
      const title = text(entry.content) ?? text(entry.title) ??
        text(entry.subject) ?? text(entry.text);
      if (!title) return [];
      return [{
        title: clip(redactText(title), 160),
        status: STATUS[String(entry.status ?? "pending").toLowerCase()] ??
          "pending",
      }];
    });
    return [{
      category: "task",
      type: "list",
      subject: "tasks",
      data: { items: items.slice(0, 50) },
    }];
  }
  const id = text(input.taskId) ?? text(input.task_id) ??
    (typeof input.taskId === "number" ? String(input.taskId) : undefined);
  const subject = text(input.subject) ?? text(input.title);
  const status = text(input.status);
  if (id !== undefined && (status !== undefined || subject !== undefined)) {
    return [{
      category: "task",
      type: "update",
      subject: `task:${id}`,
      data: {
        id,
        ...(subject ? { title: clip(redactText(subject), 160) } : {}),
        ...(status
          ? { status: STATUS[status.toLowerCase()] ?? "pending" }
          : {}),
      },
    }];
  }
  if (
    subject !== undefined && id === undefined && input.prompt === undefined &&
    /task|todo/i.test(call.toolName)
  ) {
    const created = createdTaskId(call.output);
    const title = clip(redactText(subject), 160);
    return [{
      category: "task",
      type: "create",
      subject: `task:${created ?? title}`,
      data: {
        ...(created ? { id: created } : {}),
        title,
        status: "pending",
      },
    }];
  }
  return undefined;
}

function skillEvent(call: CapturedCall): EventDraft | undefined {
  const name = text(call.input.skill) ??
    (/skill/i.test(call.toolName)
      ? text(call.input.name) ?? text(call.input.command)
      : undefined);
  if (name) {
    return {
      category: "skill",
      type: "skill",
      subject: `skill:${name}`,
      data: { name: clip(name, 80) },
    };
  }
  const command = text(call.input.command);
  if (command?.startsWith("/")) {
    const slash = command.split(/\s/)[0]!;
    return {
      category: "skill",
      type: "command",
      subject: `command:${slash}`,
      data: { name: clip(slash, 80) },
    };
  }
  return undefined;
}

function errorEvent(
  call: CapturedCall,
  key: string,
  failure: string,
): EventDraft {
  const command = call.toolKind === "shell"
    ? text(call.input.command)
    : undefined;
  const path = filePaths(call.input)[0];
  const message = redactText(failure.trim(), 400);
  const exitCode = failure.match(/exit(?:ed with)? code:? (\d+)/i)?.[1] ??
    exitCodeOf(call.output);
  return {
    category: "error",
    type: call.toolKind,
    subject: key,
    data: {
      tool: call.toolName,
      ...(command ? { command: redactText(command, 200) } : {}),
      ...(path ? { path } : {}),
      ...(exitCode !== undefined ? { exitCode: Number(exitCode) } : {}),
      message: clip(
        message.split("\n").filter((l) => l.trim()).slice(0, 4).join("\n"),
        300,
      ),
    },
  };
}

/** The subject a call's failure is recorded under and its success resolves. */
function resolveKey(call: CapturedCall): string {
  const command = text(call.input.command);
  if (call.toolKind === "shell" && command) {
    return commandKey(redactText(command, 4000));
  }
  const path = filePaths(call.input)[0];
  return path ? `${call.toolName}:${path}` : call.toolName;
}

/** A failure the output itself reports: a non-zero exit code or an error flag. */
function failureOf(output: unknown): string | undefined {
  if (output === null || typeof output !== "object") return undefined;
  const result = output as Record<string, unknown>;
  const code = exitCodeOf(output);
  if (code !== undefined && code !== "0") {
    const stderr = text(result.stderr) ?? text(result.output) ?? "";
    return `Exit code ${code}${stderr ? `\n${stderr.slice(0, 1000)}` : ""}`;
  }
  if (result.is_error === true || result.isError === true) {
    return outputText(output).slice(0, 1000) || "the tool reported an error";
  }
  return undefined;
}

function exitCodeOf(output: unknown): string | undefined {
  if (output === null || typeof output !== "object") return undefined;
  const result = output as Record<string, unknown>;
  for (const key of ["exitCode", "exit_code", "returncode", "returnCode"]) {
    if (typeof result[key] === "number") return String(result[key]);
  }
  return undefined;
}

/** A bounded text view of an output: a string, or its stdout, or its text parts. */
function outputText(output: unknown): string {
  if (typeof output === "string") return output.slice(0, 4000);
  if (output === null || typeof output !== "object") return "";
  const result = output as Record<string, unknown>;
  const stdout = text(result.stdout) ?? text(result.output);
  if (stdout) return stdout.slice(0, 4000);
  if (Array.isArray(result.content)) {
    return result.content.map((part) =>
      part && typeof part === "object"
        ? text((part as Record<string, unknown>).text) ?? ""
        : ""
    ).join("\n").slice(0, 4000);
  }
  return "";
}

function createdTaskId(output: unknown): string | undefined {
  if (output === null || typeof output !== "object") return undefined;
  const result = output as Record<string, unknown>;
  const task = result.task && typeof result.task === "object"
    ? result.task as Record<string, unknown>
    : result;
  const id = task.id ?? task.taskId;
  return typeof id === "string" || typeof id === "number"
    ? String(id)
    : undefined;
}

/** The files a tool input names: its path keys, `paths`, or the files of a patch. */
function filePaths(input: Readonly<Record<string, unknown>>): string[] {
  for (const key of PATH_KEYS) {
    const value = text(input[key]);
    if (value) return [value];
  }
  if (Array.isArray(input.paths)) {
    return input.paths.filter((p): p is string => typeof p === "string").slice(
      0,
      20,
    );
  }
  const patch = text(input.patch) ?? text(input.input);
  if (patch) {
    const files = [
      ...patch.slice(0, 20_000).matchAll(
        /^(?:\*\*\* (?:Update|Add|Delete) File: |\+\+\+ b\/)(.+)$/gm,
      ),
    ].map((match) => match[1]!.trim());
    return [...new Set(files)].slice(0, 20);
  }
  return [];
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
