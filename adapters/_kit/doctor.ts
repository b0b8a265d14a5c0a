/**
 * The doctor checks every command-hook platform shares: are ctx-mode's hooks
 * registered in the files the platform reads, is its MCP server registered
 * where the platform looks for servers, and does the registered command
 * exist. Each adapter says where to look; this module looks.
 *
 * Reads only through the injected reader; never writes.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { joinPath } from "../../src/config/path_lite.ts";
import {
  commandLine,
  currentLaunchCommand,
} from "../../src/install/launch_command.ts";
import type { DoctorWhere, PlatformCheck } from "../types.ts";

/** ctx-mode's version. */
export const VERSION: string = denoJson.version;

/** Where one platform keeps its set-up. */
export interface DoctorPlaces {
  /** Files (or folders, ending in `/`, whose files are all read) holding hooks. */
  hookFiles: readonly string[];
  /** Files where the platform reads MCP servers. */
  mcpFiles: readonly string[];
  /** How to register the hooks. */
  hookFix: string;
  /** How to register the MCP server. */
  mcpFix: string;
  /** Further checks the platform needs (a feature switch). @default {[]} */
  extra?: readonly PlatformCheck[];
}

const SERVER_ENTRY =
  /(["']?)ctx-mode\1\s*[:=]\s*\{[^}]*["']?command|\[mcp_servers\.["']?ctx-mode["']?\]|^\s*["']?ctx-mode["']?:\s*$/m;

function expand(paths: readonly string[], where: DoctorWhere): string[] {
  return paths.flatMap((path) =>
    path.endsWith("/")
      ? (where.listNames?.(path) ?? []).map((name) => joinPath(path, name))
      : [path]
  );
}

/**
 * The checks of one platform.
 *
 * @param platform The platform's command-line name.
 * @param places Where it keeps hooks and MCP servers.
 * @param options The event names registered and the doctor's file access.
 * @returns The hook, MCP and command checks.
 */
export function doctorChecks(
  platform: string,
  places: DoctorPlaces,
  options: { events: readonly string[]; where: DoctorWhere },
): PlatformCheck[] {
  const { where, events } = options;
  const hookTexts = expand(places.hookFiles, where).map((path) => ({
    path,
    text: where.readText(path) ?? "",
  }));
  const registered = (event: string) =>
    new RegExp(`hook ${platform} ${event}\\b`, "i");
  const missing = events.filter((event) =>
    !hookTexts.some(({ text }) => registered(event).test(text))
  );
  const mcp = expand(places.mcpFiles, where).find((path) =>
    SERVER_ENTRY.test(where.readText(path) ?? "")
  );
  const checks: PlatformCheck[] = [
    missing.length === 0
      ? {
        name: `${platform} hooks`,
        status: "ok",
        detail: `all ${events.length} hooks call ctx-mode`,
      }
      : {
        name: `${platform} hooks`,
        status: "warn",
        detail: `not registered: ${missing.join(", ")}; ${places.hookFix}`,
      },
    mcp
      ? {
        name: `${platform} MCP server`,
        status: "ok",
        detail: `registered in ${mcp}`,
      }
      : {
        name: `${platform} MCP server`,
        status: "warn",
        detail: `not registered; ${places.mcpFix}`,
      },
  ];
  checks.push(...(places.extra ?? []));
  const program = hookTexts.map(({ text }) =>
    text.match(new RegExp(`["'\\s=]([^"'\\s=]+) hook ${platform} `))?.[1]
  ).find(Boolean);
  if (program && where.commandRuns) {
    checks.push(
      where.commandRuns(program)
        ? {
          name: `${platform} hook command`,
          status: "ok",
          detail: `${program} runs`,
        }
        : {
          name: `${platform} hook command`,
          status: "fail",
          detail:
            `Cannot run "${program}": not found or not executable; the hooks do nothing until it is on PATH`,
        },
    );
  }
  return checks;
}

/**
 * The fix that registers ctx-mode with an agent: `run: <this installation's
 * command> install <agent>`.
 *
 * @param agent The install target's name (`kimi`).
 * @returns The hint.
 */
export function installHint(agent: string): string {
  return `run: ${
    commandLine(currentLaunchCommand(VERSION), ["install", agent])
  }`;
}
