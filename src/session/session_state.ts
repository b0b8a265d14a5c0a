/**
 * The working state of a session, folded from its events in the order they
 * happened: the last request, the task list as it stands, decisions, files
 * modified, errors still open, git, rules, environment, MCP tools,
 * subagents, skills, pasted data, intent and role.
 *
 * Pure. Lists run newest first, so trimming from the end drops the oldest.
 *
 * @module
 */

import type { SessionEvent } from "./types.ts";

/** One task and where it stands. */
export interface TaskItem {
  /** What it is. */
  title: string;
  /** `pending`, `in_progress` or `completed`. */
  status: string;
}

/** The working state of a session. */
export interface SessionState {
  /** The newest prompt, word for word (secrets masked, pasted data referenced). */
  lastRequest?: string;
  /** The task list: open tasks first (in progress, then pending), done ones last. */
  tasks: TaskItem[];
  /** Decisions and corrections, newest first. */
  decisions: string[];
  /** Files edited or written, newest first, with how often. */
  filesModified: Array<{ path: string; times: number }>;
  /** Failures no later call resolved, newest first. */
  errors: Array<{ what: string; message: string; times: number }>;
  /** The branch last seen, if any. */
  branch?: string;
  /** Git operations other than status and diff, newest first. */
  git: string[];
  /** The project's rule files. */
  rules: string[];
  /** Environment changes, newest first. */
  environment: string[];
  /** MCP tools with their call counts, most used first. */
  mcpTools: Array<{ tool: string; calls: number }>;
  /** Subagent tasks, newest first. */
  subagents: string[];
  /** Skills and slash commands, newest first. */
  skills: string[];
  /** Pasted data kept by reference, newest first. */
  dataRefs: Array<{ ref: string; bytes: number; preview: string }>;
  /** The latest intent. */
  intent?: string;
  /** The latest role directive. */
  role?: string;
}

/**
 * Folds a session's events into its working state.
 *
 * @param events The session's events, in any order.
 * @param options The project directory, to show paths inside it relative to it.
 * @returns The state.
 */
export function sessionState(
  events: readonly SessionEvent[],
  options: {
    /** Paths under it are shown relative to it. @default {""} */
    projectDir?: string;
  } = {},
): SessionState {
  const ordered = [...events].sort((a, b) => a.at - b.at || a.id - b.id);
  const newest = [...ordered].reverse();
  const show = relativeTo(options.projectDir ?? "");
  const state: SessionState = {
    tasks: foldTasks(ordered),
    decisions: unique(
      newest.filter((e) => e.category === "decision").map((e) =>
        String(e.data.text)
      ),
    ),
    filesModified: filesModified(newest, show),
    errors: newest.filter((e) => e.category === "error" && !e.resolved).map((
      e,
    ) => ({
      what: String(
        e.data.command ??
          (e.data.path
            ? `${e.data.tool} ${show(String(e.data.path))}`
            : e.data.tool),
      ),
      message: String(e.data.message ?? ""),
      times: e.count,
    })),
    git: unique(
      newest.filter((e) =>
        e.category === "git" && e.type !== "status" && e.type !== "diff"
      ).map(gitLine),
    ),
    rules: unique(
      ordered.filter((e) => e.category === "rule").map((e) => show(e.subject)),
    ),
    environment: unique(
      newest.filter((e) => e.category === "env").map((e) =>
        String(e.data.command ?? e.subject)
      ),
    ),
    mcpTools: newest.filter((e) => e.category === "mcp").map((e) => ({
      tool: String(e.data.tool ?? e.subject),
      calls: e.count,
    })).sort((a, b) => b.calls - a.calls),
    subagents: unique(
      newest.filter((e) => e.category === "subagent").map((e) =>
        e.data.agent
          ? `${e.data.agent}: ${e.data.prompt}`
          : String(e.data.prompt)
      ),
    ),
    skills: unique(
      newest.filter((e) => e.category === "skill").map((e) =>
        String(e.data.name ?? e.subject)
      ),
    ),
    dataRefs: newest.filter((e) => e.category === "data").map((e) => ({
      ref: String(e.data.ref ?? e.subject),
      bytes: Number(e.data.bytes ?? 0),
      preview: String(e.data.preview ?? ""),
    })),
  };
  const prompt = newest.find((e) => e.category === "prompt");
  if (prompt) state.lastRequest = String(prompt.data.text ?? "");
  const branch = newest.find((e) => e.category === "git" && e.data.branch);
  if (branch) state.branch = String(branch.data.branch);
  const intent = newest.find((e) => e.category === "intent");
  if (intent) state.intent = String(intent.data.intent ?? intent.type);
  const role = newest.find((e) => e.category === "role");
  if (role) state.role = String(role.data.text ?? role.subject);
  return state;
}

/** Files edited or written, newest first, an edit and a write of one file counted together. */
function filesModified(
  newest: readonly SessionEvent[],
  show: (path: string) => string,
): Array<{ path: string; times: number }> {
  const files = new Map<string, { path: string; times: number }>();
  for (const event of newest) {
    if (
      event.category !== "file" ||
      (event.type !== "edit" && event.type !== "write")
    ) continue;
    const path = show(String(event.data.path ?? event.subject));
    const known = files.get(path);
    if (known) known.times += event.count;
    else files.set(path, { path, times: event.count });
  }
  return [...files.values()];
}

/** Task lists replace what was known; creations add; updates change one task. */
function foldTasks(ordered: readonly SessionEvent[]): TaskItem[] {
  let tasks = new Map<string, TaskItem>();
  for (const event of ordered) {
    if (event.category !== "task") continue;
    if (event.type === "list") {
      const items = Array.isArray(event.data.items) ? event.data.items : [];
      tasks = new Map(
        items.map((item: { title: string; status: string }) => [
          `title:${item.title}`,
          { title: item.title, status: item.status },
        ]),
      );
      continue;
    }
    const known = tasks.get(event.subject);
    const title = typeof event.data.title === "string"
      ? event.data.title
      : known?.title;
    const status = typeof event.data.status === "string"
      ? event.data.status
      : known?.status ?? "pending";
    if (status === "deleted") tasks.delete(event.subject);
    else if (title) tasks.set(event.subject, { title, status });
  }
  const rank = (status: string) =>
    status === "in_progress" ? 0 : status === "completed" ? 2 : 1;
  return [...tasks.values()].sort((a, b) => rank(a.status) - rank(b.status));
}

function gitLine(event: SessionEvent): string {
  const data = event.data;
  switch (event.type) {
    case "commit":
      return `commit${data.message ? ` "${data.message}"` : ""}${
        data.sha ? ` ${data.sha}` : ""
      }${data.branch ? ` on ${data.branch}` : ""}`;
    case "checkout":
    case "switch":
      return data.branch
        ? `${data.created ? "created branch" : "switched to"} ${data.branch}`
        : event.type;
    case "stash":
      return `stash ${data.action ?? "push"}`;
    default:
      return `${event.type}${data.args ? ` ${data.args}` : ""}`;
  }
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items.filter((item) => item !== ""))];
}

function relativeTo(dir: string): (path: string) => string {
  const prefix = dir.endsWith("/") ? dir : `${dir}/`;
  return (path) =>
    dir !== "" && path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
