/**
 * ctx-mode's Claude Code plugin as Claude Code records it: installed in
 * `<user folder>/plugins/installed_plugins.json` (the `ctx-mode@<marketplace>`
 * entry and its `installPath`) and switched on under `enabledPlugins` in a
 * settings file. The plugin brings its hooks (`hooks/hooks.json`) and its
 * MCP server (`.mcp.json`) from the install path, so the doctor counts them
 * as registered.
 *
 * Reads through the injected reader; never writes.
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import { claudeUserDir } from "./subagents.ts";

/** The plugin's name in its manifest. */
const PLUGIN = "ctx-mode";

/** ctx-mode's Claude Code plugin, found installed and enabled. */
export interface ClaudePlugin {
  /** Its id, `ctx-mode@<marketplace>`. */
  id: string;
  /** Where Claude Code keeps its files. */
  installPath: string;
  /** The text of its `hooks/hooks.json` ("" when missing). */
  hooksText: string;
  /** Whether its `.mcp.json` registers the ctx-mode server. */
  hasServer: boolean;
}

function parse(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function installPaths(entry: unknown): string[] {
  const records = Array.isArray(entry) ? entry : [entry];
  return records.flatMap((record) =>
    record && typeof record === "object" &&
      typeof (record as { installPath?: unknown }).installPath === "string"
      ? [(record as { installPath: string }).installPath]
      : []
  );
}

/**
 * ctx-mode's plugin, when Claude Code has it installed and enabled (in the
 * user's settings or the project's).
 *
 * @param where The home, environment and project folder.
 * @param read Reads a text file (undefined: missing or unreadable).
 * @returns The plugin, or undefined.
 */
export function findClaudePlugin(
  where: {
    home: string;
    env: Readonly<Record<string, string>>;
    projectDir: string;
  },
  read: (path: string) => string | undefined,
): ClaudePlugin | undefined {
  const user = claudeUserDir(where);
  const registry = parse(
    read(joinPath(user, "plugins", "installed_plugins.json")),
  ) as { plugins?: Record<string, unknown> } | undefined;
  const settings = [
    joinPath(user, "settings.json"),
    joinPath(where.projectDir, ".claude", "settings.json"),
    joinPath(where.projectDir, ".claude", "settings.local.json"),
  ].map((path) => parse(read(path)) as { enabledPlugins?: unknown });
  const enabled = (id: string) =>
    settings.some((data) =>
      (data?.enabledPlugins as Record<string, unknown> | undefined)?.[id] ===
        true
    );
  for (const [id, entry] of Object.entries(registry?.plugins ?? {})) {
    if (id.split("@")[0] !== PLUGIN || !enabled(id)) continue;
    for (const installPath of installPaths(entry)) {
      const hooksText = read(joinPath(installPath, "hooks", "hooks.json"));
      if (hooksText === undefined) continue;
      const mcp = parse(read(joinPath(installPath, ".mcp.json"))) as {
        mcpServers?: Record<string, unknown>;
      } | undefined;
      return {
        id,
        installPath,
        hooksText,
        hasServer: mcp?.mcpServers?.[PLUGIN] !== undefined,
      };
    }
  }
  return undefined;
}
