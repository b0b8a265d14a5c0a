/**
 * The install target contract: what one agent needs written so that it runs
 * ctx-mode (its MCP server registration, its hook registration, its routing
 * instructions), per scope, as data. The engine (`plan.ts`) turns the data
 * into format-preserving edits; a target never writes a file itself.
 *
 * Types only.
 *
 * @module
 */

import type { HookShell } from "./fail_open.ts";
import type { LaunchCommand } from "./launch_command.ts";

/** Where a registration lives: the project's config files or the user's. */
export type Scope = "project" | "user";

/** The facts a target reads to find its files. */
export interface TargetWhere {
  /** The user's home directory. */
  home: string;
  /** The environment, for the agent's own folder variables (`CODEX_HOME`). */
  env: Readonly<Record<string, string>>;
  /** The project directory. */
  projectDir: string;
}

/** One hook ctx-mode registers with an agent. */
export interface HookSpec {
  /** The agent's event name, as its config spells it (`PreToolUse`, `BeforeTool`). */
  event: string;
  /** The matcher, when the event takes one. */
  matcher?: string | undefined;
  /** More fields of the agent's hook entry (`timeout`, `name`). @default {{}} */
  extra?: Record<string, unknown> | undefined;
}

/** An MCP server entry in a JSON or JSONC file. */
export interface JsonMemberRegistration {
  kind: "json-member";
  /** The file. */
  path: string;
  /** `json` (comments refused), `jsonc` or `json5` (OpenClaw's: unquoted keys, single quotes). */
  format: "json" | "jsonc" | "json5";
  /** The property path of ctx-mode's entry (`["mcpServers", "ctx-mode"]`). */
  key: string[];
  /** The value to write; undefined: a stale place, only ever removed. */
  value: unknown;
  /**
   * A member the user may own (Claude Code's `statusLine`): written only when
   * absent, replaced or removed only when its value runs ctx-mode.
   * @default {false}
   */
  sharedKey?: boolean | undefined;
}

/** Hook handlers in a JSON or JSONC settings file. */
export interface JsonHooksRegistration {
  kind: "json-hooks";
  /** The file. */
  path: string;
  /** `json`, `jsonc` or `json5`. */
  format: "json" | "jsonc" | "json5";
  /**
   * `nested`: `hooks.<Event>[{matcher, hooks: [{type, command}]}]` (Claude
   * Code, Gemini CLI, Qwen Code, Codex); `flat`: `hooks.<event>[{command,
   * matcher}]` (Cursor, Copilot).
   */
  style: "nested" | "flat";
  /** The property path of the events object. @default {["hooks"]} */
  root: string[];
  /** The agent's name in ctx-mode's hook command (`hook <agent> <event>`). */
  agent: string;
  /** The hooks to register; empty: remove ctx-mode's only. */
  hooks: HookSpec[];
  /** Top-level members the file needs besides the hooks (`{"version": 1}`). @default {{}} */
  preamble?: Record<string, unknown> | undefined;
  /** The command line a hook runs, without `hook <agent> <event>`. */
  launchLine: string;
  /**
   * The members of a `flat` entry that hold the command line (Copilot:
   * `["bash", "powershell"]`). @default {["command"]}
   */
  commandKeys?: readonly string[] | undefined;
  /**
   * The members whose command line gets the fail-open ending of the shell
   * that runs it (`{bash: "posix", powershell: "powershell"}`), for agents
   * that block the call when a hook exits non-zero. @default {none}
   */
  failOpen?: Readonly<Record<string, HookShell>> | undefined;
}

/** A TOML table owned by ctx-mode (`[mcp_servers.ctx-mode]`). */
export interface TomlTableRegistration {
  kind: "toml-table";
  /** The file. */
  path: string;
  /** The table's key path. */
  table: string[];
  /** The table's keys and values (strings, numbers, booleans, string arrays). */
  value: Record<string, unknown>;
}

/**
 * One key in a TOML table the user owns (Codex's `[features] hooks = true`):
 * only that key's line is added or changed, and uninstall gives the line
 * back as it was.
 */
export interface TomlKeyRegistration {
  kind: "toml-key";
  /** The file. */
  path: string;
  /** The table's key path. */
  table: string[];
  /** The key. */
  key: string;
  /** Its value (string, number, boolean). */
  value: string | number | boolean;
}

/** A block of text between ctx-mode's markers in a Markdown file. */
export interface MarkdownBlockRegistration {
  kind: "markdown-block";
  /** The file. */
  path: string;
  /** The block's text (without the markers). */
  text: string;
}

/** An MCP server entry in a YAML file. */
export interface YamlMemberRegistration {
  kind: "yaml-member";
  /** The file. */
  path: string;
  /** The key path of ctx-mode's entry. */
  key: string[];
  /** The value to write. */
  value: Record<string, unknown>;
  /** Written by another target too: does not by itself mean this one is installed. @default {false} */
  shared?: boolean | undefined;
}

/**
 * A whole file ctx-mode owns (an agent's plugin): written whole, removed on
 * uninstall; a file of the same name that ctx-mode did not write is never
 * touched.
 */
export interface OwnedFileRegistration {
  kind: "owned-file";
  /** The file. */
  path: string;
  /** Its text. */
  text: string;
  /** A string only ctx-mode's version of the file holds. @default {'"--serve"'} */
  signature?: string | undefined;
}

/** Hook tables in a TOML array of tables (Kimi Code's `[[hooks]]`). */
export interface TomlHooksRegistration {
  kind: "toml-hooks";
  /** The file. */
  path: string;
  /** The array's name (`hooks`). */
  array: string;
  /** The agent's name in ctx-mode's hook command. */
  agent: string;
  /** The hooks to register (`event`, `matcher` and `extra` keys); empty: remove ctx-mode's only. */
  hooks: HookSpec[];
  /** The command line a hook runs, without `hook <agent> <event>`. */
  launchLine: string;
}

/** Hook lists in a YAML mapping of events (Hermes's `hooks.<event>: [{command}]`). */
export interface YamlHooksRegistration {
  kind: "yaml-hooks";
  /** The file. */
  path: string;
  /** The key path of the events mapping. */
  root: string[];
  /** The agent's name in ctx-mode's hook command. */
  agent: string;
  /** The hooks to register; empty: remove ctx-mode's only. */
  hooks: HookSpec[];
  /** The command line a hook runs, without `hook <agent> <event>`. */
  launchLine: string;
  /** Another target's entries this one replaces: removed on install, left on uninstall. @default {false} */
  supersede?: boolean | undefined;
}

/** One string in a YAML list (Hermes's `plugins.enabled`). */
export interface YamlItemRegistration {
  kind: "yaml-item";
  /** The file. */
  path: string;
  /** The key path of the list. */
  key: string[];
  /** The item. */
  item: string;
  /** Another target's entry this one replaces: removed on install, left on uninstall. @default {false} */
  supersede?: boolean | undefined;
}

/** One thing written into one file. */
export type Registration =
  | OwnedFileRegistration
  | JsonMemberRegistration
  | JsonHooksRegistration
  | TomlTableRegistration
  | TomlKeyRegistration
  | MarkdownBlockRegistration
  | YamlMemberRegistration
  | TomlHooksRegistration
  | YamlHooksRegistration
  | YamlItemRegistration;

/** What a target gets to compute its registrations. */
export interface RegistrationInput {
  /** Project or user. */
  scope: Scope;
  /** Where the files are. */
  where: TargetWhere;
  /** The command that runs this installation. */
  launch: LaunchCommand;
  /**
   * ctx-mode's arguments that print a status line (`["statusline"]`), offered
   * to agents that show one when the user has none; undefined: none offered.
   * @default {undefined}
   */
  statusLine?: readonly string[] | undefined;
  /**
   * The agent's plugin files (in-process agents), by path relative to its
   * config folder, made for this installation's command. @default {undefined}
   */
  pluginFiles?: Readonly<Record<string, string>> | undefined;
}

/** One agent ctx-mode can be installed into. */
export interface InstallTarget {
  /** The agent's name on the command line (`claude-code`), as in `ctx-mode hook <name>`. */
  name: string;
  /** The agent's name for people. */
  title: string;
  /** The scope the agent's docs recommend for a tool like ctx-mode. */
  defaultScope: Scope;
  /** The scopes it supports. */
  scopes: readonly Scope[];
  /** Its executables, looked for on PATH to detect it. */
  binaries: readonly string[];
  /** Its user config folders, looked for to detect it. */
  configDirs(where: TargetWhere): string[];
  /**
   * The hooks ctx-mode registers. Data even when no hook adapter exists yet;
   * {@linkcode InstallTarget.hooksReady} says whether they are written.
   */
  hooks: readonly HookSpec[];
  /** Whether ctx-mode's hook adapter for this agent exists, so that install writes the hooks. */
  hooksReady: boolean;
  /** What the user still has to do after install, in one line. @default {undefined} */
  notice?: string | undefined;
  /**
   * What the agent still holds back once the files are written (a folder or
   * hooks it does not trust yet), with the step that turns it on, in one
   * line; undefined: nothing. Reads the agent's own files, never writes.
   * @default {undefined}
   */
  afterInstall?: ((where: TargetWhere) => string | undefined) | undefined;
  /** Its command that lists MCP servers (for docs and the end-to-end test). */
  mcpList?: readonly string[] | undefined;
  /**
   * Everything ctx-mode writes for a scope. Uninstall removes ctx-mode's
   * entries from the same places (the hooks too, ready or not).
   */
  registrations(input: RegistrationInput): Registration[];
}
