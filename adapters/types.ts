/**
 * The adapter contract: what every agent platform provides so that one
 * neutral hook engine can serve it ({@linkcode Adapter}, all the hook path
 * loads), and what its set-up needs ({@linkcode AgentSetup}: files,
 * instructions, doctor), loaded only by `install`, `deno task configs` and
 * the doctor. Adding a platform is adding its folder
 * (`adapters/<agent>/adapter.ts`, `adapters/<agent>/setup.ts`) and one line
 * in `registry.ts`.
 *
 * Types only; no platform is named here.
 *
 * @module
 */

import type {
  Decision,
  ReplaceOutputDecision,
  ToolCallEvent,
} from "../src/routing/types.ts";
import type { InstallTarget } from "../src/install/types.ts";

/** The neutral hook events. */
export type HookEvent =
  | "pre_tool_use"
  | "post_tool_use"
  | "pre_compact"
  | "session_start"
  | "user_prompt_submit";

/** How a platform runs ctx-mode's hooks. */
export type Paradigm = "json-stdio" | "ts-plugin" | "mcp-only";

/** What a platform's hooks can express. */
export interface Capabilities {
  preTool: boolean;
  postTool: boolean;
  preCompact: boolean;
  sessionStart: boolean;
  userPrompt: boolean;
  /** Rewrite a tool call's input. */
  modifyArgs: boolean;
  /** Replace a tool's output. */
  modifyOutput: boolean;
  /** Add text to the model's context. */
  injectContext: boolean;
  /** Block a tool call. */
  block: boolean;
  /** Ask the user to confirm a tool call. */
  ask: boolean;
}

/** A tool event (before or after the call runs), parsed into neutral terms. */
export interface ToolHookInput {
  event: "pre_tool_use" | "post_tool_use";
  call: ToolCallEvent;
  /** Whether a subagent made the call. */
  subagent: boolean;
  /** The subagent's type, when the platform names it. */
  agentType?: string;
  /** Why the tool failed (post_tool_use), when the platform reports a failure. */
  error?: string;
  /**
   * Where the platform kept a shell's whole output when the payload's
   * `stdout` is only its start (post_tool_use). Shrinking reads it, or
   * leaves the result alone.
   */
  fullOutput?: KeptOutputFile;
  /**
   * Where the platform may have kept the whole output of a command that
   * failed, when the payload's `error` holds only its start and its end.
   * Shrinking reads it where it is found, else shrinks the error as it came.
   */
  failedOutput?: FailedOutputPlace;
}

/** A file a platform kept a tool's whole result in, as its payload names it. */
export interface KeptOutputFile {
  /** The file. */
  path: string;
  /** The platform's own folder the file must resolve inside. */
  within: string;
  /** The name of the folder the file must sit in directly (`tool-results`). */
  folder: string;
}

/** The folders where a platform may have kept a failed command's whole output, and what its error kept of it. */
export interface FailedOutputPlace {
  /** The platform's private folder: this user's, not a link, closed to others. */
  root: string;
  /** Folders below `root` (plain names, no link on the way) whose newest files are tried. */
  folders: string[];
  /** The start of the output, as the error kept it. */
  head: string;
  /** The end of the output, as the error kept it. */
  tail: string;
}

/** A session event (start, prompt, compaction), parsed into neutral terms. */
export interface SessionHookInput {
  event: "pre_compact" | "session_start" | "user_prompt_submit";
  platform: string;
  sessionId: string;
  projectDir: string;
  /** The user's prompt (user_prompt_submit). */
  prompt?: string;
  /** Why the session started (session_start): startup, resume, clear, compact… */
  source?: string;
  /** What started a compaction (pre_compact): `manual` or `auto`. */
  trigger?: string;
  /**
   * The first prompt after a compaction carries the restored guide
   * (user_prompt_submit, for a platform that drops session-start context).
   */
  restoreOnPrompt?: boolean;
}

/** A platform payload, parsed into neutral terms. */
export type HookInput = ToolHookInput | SessionHookInput;

/** What the hook process writes and how it exits. */
export interface HookOutput {
  /** Standard output (the platform's JSON, or nothing). */
  stdout: string;
  /** The exit code. */
  exitCode: number;
  /** Standard error, for platforms that read a block's reason there (exit code 2). @default {""} */
  stderr?: string;
}

/** The roles of a platform's tools, by the names its payloads carry. */
export interface ToolRoles {
  /** Shell tools. */
  shell: readonly string[];
  /** File-read tools. */
  read: readonly string[];
  /** Search tools (content and names). */
  search: readonly string[];
  /** Web-fetch tools. */
  fetch: readonly string[];
  /** Subagent tools. */
  subagent: readonly string[];
  /** File-edit tools. */
  edit: readonly string[];
  /** How MCP tools are named on the wire, e.g. `mcp__<server>__<tool>`. */
  mcp: string;
}

/** One file of a platform's set-up: what `deno task configs` writes and `install` merges. */
export interface ConfigFile {
  /** The file's name in `configs/<platform>/`. */
  name: string;
  /** Its format. */
  format: "json" | "toml" | "yaml" | "markdown";
  /** What ctx-mode adds there. */
  holds: readonly ("hooks" | "mcp" | "settings" | "instructions")[];
  /** Where the agent reads it in a project, relative to the project root (none: user scope only). */
  project?: string;
  /** Where the agent reads it for the user (`~/…`). */
  user?: string;
  /** The variable that relocates the user folder, and that folder (`CODEX_HOME` for `~/.codex`). */
  relocatedBy?: { variable: string; folder: string };
  /** The content: data for json, toml and yaml (merged into an existing file), text for markdown. */
  data: unknown;
}

/** The facts an adapter may read besides the payload. */
export interface AdapterEnv {
  /** The environment of the hook process. */
  env: Readonly<Record<string, string>>;
  /** The hook process's parent id, the session id of last resort. */
  parentPid: number;
}

/** One agent platform, as its hooks see it: what the hook path loads. */
export interface Adapter {
  /** The platform's name on the command line: `ctx-mode hook <name> <event>`. */
  name: string;
  /** How it runs hooks. */
  paradigm: Paradigm;
  /** What its hooks can express. */
  capabilities: Capabilities;
  /** Its name for people (`Gemini CLI`). @default {name} */
  label?: string;
  /** Events that fire but whose answer the platform ignores: ctx-mode records and never blocks there. @default {[]} */
  observeOnly?: readonly HookEvent[];
  /** The platform's own name of each event ctx-mode registers. */
  eventNames?: Readonly<Partial<Record<HookEvent, string>>>;
  /** Its tools by role. */
  tools?: ToolRoles;
  /** How the model sees one of ctx-mode's MCP tools (`ctx_execute` → `mcp__ctx-mode__ctx_execute`). */
  serverToolName?(tool: string): string;
  /**
   * Whether the platform's plugin registers ctx-mode's tools itself, so they
   * are there whenever its hooks run, with or without an MCP server's
   * heartbeat. @default {false}
   */
  serverToolsBuiltIn?: boolean;
  /**
   * The neutral event for one of the platform's event names, lower-cased with
   * `_` and `-` removed (`pretooluse`), or undefined when ctx-mode does not
   * handle it.
   */
  event(name: string): HookEvent | undefined;
  /**
   * Parses a payload.
   *
   * @throws {TypeError} When the payload does not have the platform's shape.
   */
  parse(event: HookEvent, payload: unknown, where: AdapterEnv): HookInput;
  /** Formats a decision in the platform's dialect, within its capabilities. */
  format(input: HookInput, decision: Decision): HookOutput;
  /**
   * Formats a replacement of a tool's result (`post_tool_use`): the view in
   * the shape of that tool's own result, in the platform's dialect. Only
   * asked of a platform whose `capabilities.modifyOutput` is true; without
   * this method the engine drops the replacement and formats an allow.
   */
  formatReplacement?(
    input: ToolHookInput,
    decision: ReplaceOutputDecision,
  ): HookOutput;
  /**
   * Whether {@linkcode Adapter.formatReplacement} can carry a view for this
   * call (its event, its tool, its result's shape): the engine shrinks only
   * what the reply can deliver. Without this method, every call of a
   * platform that formats replacements.
   */
  canReplaceOutput?(input: ToolHookInput): boolean;
  /**
   * Whether the reply puts the view beside this call's result (a failure's
   * context note) rather than in its place: the model then gets both, and
   * the shrink is counted so. Without this method, never.
   */
  viewBeside?(input: ToolHookInput): boolean;
  /** The platform's answer that lets everything proceed (used when ctx-mode fails). */
  passThrough(): HookOutput;
  /**
   * Whether a subagent of this type can call ctx-mode's MCP tools. Without
   * this method (or without a type) subagents are taken to share the main
   * agent's tools.
   */
  subagentCanCallServer?(
    agentType: string | undefined,
    where: SubagentWhere,
  ): boolean;
}

/**
 * One agent platform's set-up: its files, install target, instructions and
 * doctor checks. Lives in `adapters/<agent>/setup.ts`, off the hook path.
 */
export interface AgentSetup {
  /** The platform's name, as its {@linkcode Adapter} has it. */
  name: string;
  /**
   * What `install` writes for the platform, per scope (and `uninstall`
   * removes, `--repair` rewrites), derived from the same facts as its
   * config files and doctor checks.
   */
  install: InstallTarget;
  /** Facts about this platform not verified on a live install, for the docs. @default {[]} */
  unverified?: readonly string[];
  /**
   * How the platform's tool results are shrunk, or why they cannot be: one
   * sentence for the docs, with the version it was read from.
   * @default {undefined: the hook answer cannot replace a result}
   */
  shrinkNote?: string;
  /** Which results can be shrunk, when not every tool's (`MCP only`), for the matrix. @default {undefined: every tool's} */
  shrinkScope?: string;
  /** Every file of its set-up (hooks, MCP server, instructions) with where the platform reads it. */
  configFiles?(command: string): ConfigFile[];
  /**
   * The hook and MCP configuration ctx-mode needs: Claude Code's settings
   * JSON; for the other platforms, each set-up file's data by file name (see
   * {@linkcode AgentSetup.configFiles} for where each goes).
   */
  config(command: string): unknown;
  /** The routing instructions file for the platform (its name and text). */
  instructions(): { file: string; text: string };
  /**
   * The plugin files an in-process platform loads, by path relative to its
   * config folder, for a ctx-mode command given as argv.
   */
  pluginFiles?(command: readonly string[]): Promise<Record<string, string>>;
  /**
   * Checks that ctx-mode's hooks and MCP server are registered with the
   * platform. Asynchronous so the doctor's modules load only when it runs,
   * never on the hook path.
   */
  doctor(where: DoctorWhere): Promise<PlatformCheck[]>;
}

/** One agent platform, hooks and set-up: what `agentFor` in `registry.ts` loads. */
export type Agent = Adapter & AgentSetup;

/** Where an adapter looks up a subagent's definition. */
export interface SubagentWhere extends DoctorWhere {
  /** Lists the file names in a directory, or an empty list. */
  listNames(path: string): string[];
}

/** Where the platform's doctor checks look. */
export interface DoctorWhere {
  /** The user's home directory. */
  home: string;
  /** The environment, for the platform's own folder variables (`CLAUDE_CONFIG_DIR`). */
  env: Readonly<Record<string, string>>;
  /** The project directory. */
  projectDir: string;
  /** Reads a text file, or undefined when it is missing or unreadable. */
  readText(path: string): string | undefined;
  /** Lists the file names in a directory, or an empty list. @default {() => []} */
  listNames?(path: string): string[];
  /** Whether a registered command's program exists and can run. @default {undefined: not checked} */
  commandRuns?(program: string): boolean;
}

/** One doctor check of a platform's set-up. */
export interface PlatformCheck {
  /** What was checked. */
  name: string;
  /** `ok`, `warn` or `fail`. */
  status: "ok" | "warn" | "fail";
  /** What was found, and how to fix it. */
  detail: string;
}
