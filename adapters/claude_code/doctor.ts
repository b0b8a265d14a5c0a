/**
 * The doctor's Claude Code checks: are ctx-mode's hooks registered in a
 * settings file Claude Code reads, or brought by ctx-mode's Claude Code
 * plugin (installed and enabled), and is the MCP server registered in
 * `.mcp.json`, `~/.claude.json` or by the plugin. Hooks or a server
 * registered both ways run twice: a warning.
 *
 * Reads through the injected reader; never writes.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { joinPath } from "../../src/config/path_lite.ts";
import {
  commandLine,
  currentLaunchCommand,
} from "../../src/install/launch_command.ts";
import { claudeUserDir } from "./subagents.ts";
import { findClaudePlugin } from "./plugin.ts";
import { claudeUserMcpFile } from "./places.ts";
import type { DoctorWhere, PlatformCheck } from "../types.ts";

/**
 * The hook and MCP checks of Claude Code.
 *
 * @param where The doctor's file access.
 * @param events The events ctx-mode registers (`PreToolUse`, …).
 * @returns The checks.
 */
export function claudeCodeDoctor(
  where: DoctorWhere,
  events: readonly string[],
): PlatformCheck[] {
  const settings = [
    joinPath(where.projectDir, ".claude", "settings.local.json"),
    joinPath(where.projectDir, ".claude", "settings.json"),
    joinPath(claudeUserDir(where), "settings.json"),
  ].map((path) => where.readText(path) ?? "");
  const launch = currentLaunchCommand(denoJson.version);
  const installHint = commandLine(launch, ["install", "claude-code"]);
  const uninstallHint = commandLine(launch, ["uninstall", "claude-code"]);
  const plugin = findClaudePlugin(where, (path) => where.readText(path));
  const calls = (text: string, event: string) =>
    new RegExp(`hook claude-code ${event}\\b`, "i").test(text);
  const inSettings = events.filter((e) => settings.some((t) => calls(t, e)));
  const inPlugin = events.filter((e) => plugin && calls(plugin.hooksText, e));
  const missing = events.filter((e) =>
    !inSettings.includes(e) && !inPlugin.includes(e)
  );
  const twice = inSettings.filter((e) => inPlugin.includes(e));
  // Claude Code reads servers only here, never from settings.json.
  const mcp = [
    joinPath(where.projectDir, ".mcp.json"),
    claudeUserMcpFile(where),
  ].find((path) =>
    /"ctx-mode"\s*:\s*\{[^}]*"command"/s.test(where.readText(path) ?? "")
  );
  const byPlugin = plugin ? ` the plugin ${plugin.id}` : "";
  const hooks: PlatformCheck = missing.length > 0
    ? {
      name: "claude-code hooks",
      status: "warn",
      detail: `not registered: ${missing.join(", ")}; run: ${installHint}`,
    }
    : twice.length > 0
    ? {
      name: "claude-code hooks",
      status: "warn",
      detail: `registered twice, by${byPlugin} and in a settings file: ${
        twice.join(", ")
      } run twice; keep the plugin and run: ${uninstallHint}`,
    }
    : {
      name: "claude-code hooks",
      status: "ok",
      detail: `all ${events.length} hooks call ctx-mode${
        inPlugin.length > 0 ? `, through${byPlugin}` : ""
      }`,
    };
  const server: PlatformCheck = mcp && plugin?.hasServer
    ? {
      name: "claude-code MCP server",
      status: "warn",
      detail:
        `registered twice, in ${mcp} and by${byPlugin}; keep the plugin and run: ${uninstallHint}`,
    }
    : mcp || plugin?.hasServer
    ? {
      name: "claude-code MCP server",
      status: "ok",
      detail: mcp ? `registered in ${mcp}` : `registered by${byPlugin}`,
    }
    : {
      name: "claude-code MCP server",
      status: "warn",
      detail:
        `not registered in .mcp.json or ~/.claude.json; run: ${installHint}`,
    };
  return [hooks, server];
}
