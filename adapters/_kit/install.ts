/**
 * What the install targets share: the MCP command of an installation, the
 * hook command line, the routing-instructions block, an entry at a key
 * path, the plugin files as owned files.
 *
 * @module
 */

import { join } from "node:path";
import {
  commandLine,
  type LaunchCommand,
} from "../../src/install/launch_command.ts";
import { routingInstructions } from "../../src/routing/routing_block.ts";
import type {
  MarkdownBlockRegistration,
  OwnedFileRegistration,
  TargetWhere,
} from "../../src/install/types.ts";

/** The MCP server command: the executable and its arguments, ending in `serve`. */
export function serverCommand(
  launch: LaunchCommand,
): { command: string; args: string[] } {
  return { command: launch.command, args: [...launch.args, "serve"] };
}

/**
 * The MCP server command of a ctx-mode command given as argv (as
 * `deno task configs` and the plugins get it): the same shape as
 * {@linkcode serverCommand}.
 */
export function serverArgv(
  command: readonly string[],
): { command: string; args: string[] } {
  return { command: command[0] ?? "", args: [...command.slice(1), "serve"] };
}

/**
 * A value at a key path, as the nested objects a config file holds
 * (`["mcp", "servers", "ctx-mode"]` → `{mcp: {servers: {"ctx-mode": …}}}`):
 * the config file's view of the entry `install` writes at that path.
 */
export function atKey(key: readonly string[], value: unknown): unknown {
  return key.reduceRight((inner, part) => ({ [part]: inner }), value);
}

/** The hook command line without `hook <agent> <event>`. */
export function hookLine(launch: LaunchCommand): string {
  return commandLine(launch);
}

/** The routing instructions as a Markdown block in `path`. */
export function instructionsBlock(path: string): MarkdownBlockRegistration {
  return { kind: "markdown-block", path, text: routingInstructions() };
}

/** A folder in the user's home that a variable may move (`CODEX_HOME` for `~/.codex`). */
export interface HomeFolder {
  /** The folder, relative to the home directory (`.codex`). */
  folder: string;
  /** The variable that moves it. */
  variable: string;
}

/**
 * Where a home folder is: its variable when set, else `~/<folder>`.
 *
 * @param where The home directory and the environment.
 * @param home The folder and its variable.
 * @returns The folder's path.
 */
export function homeFolder(where: TargetWhere, home: HomeFolder): string {
  return where.env[home.variable] || join(where.home, home.folder);
}

/**
 * How the docs name a file in a home folder (`~/.codex/hooks.json`), and
 * the variable that moves it: the `user` and `relocatedBy` of a config file.
 *
 * @param home The folder and its variable.
 * @param name The file, relative to the folder.
 * @returns The two members.
 */
export function inHomeFolder(
  home: HomeFolder,
  name: string,
): { user: string; relocatedBy: { variable: string; folder: string } } {
  return {
    user: join("~", home.folder, name),
    relocatedBy: { variable: home.variable, folder: join("~", home.folder) },
  };
}

/** `$XDG_CONFIG_HOME`, else `~/.config`. */
export function xdgConfig(where: TargetWhere): string {
  return where.env.XDG_CONFIG_HOME || join(where.home, ".config");
}

/**
 * The agent's plugin files as owned files under `dir`, by their paths
 * relative to the agent's `configs/` folder (`plugins/ctx-mode.js`).
 *
 * @param files The files, made for this installation (undefined: none).
 * @param dir The folder the relative paths start from.
 * @param rename Maps a relative path to the one under `dir`. @default {unchanged}
 */
export function pluginRegistrations(
  files: Readonly<Record<string, string>> | undefined,
  dir: string,
  rename: (name: string) => string = (name) => name,
): OwnedFileRegistration[] {
  return Object.entries(files ?? {}).map(([name, text]) => ({
    kind: "owned-file",
    path: join(dir, rename(name)),
    text,
    // Files that cannot hold the command: known by their ctx-mode name.
    ...(/\.(js|py)$/.test(name) ? {} : { signature: "ctx-mode" }),
  }));
}

/** The first path that exists, else `fallback`. */
export function existingOr(preferred: string, fallback: string): string {
  try {
    Deno.statSync(preferred);
    return preferred;
  } catch {
    return fallback;
  }
}
