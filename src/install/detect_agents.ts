/**
 * Which agents are present on this machine: their user config folders, their
 * executables on PATH.
 *
 * Reads only (stat calls); never writes.
 *
 * @module
 */

import { join } from "node:path";
import type { InstallTarget, TargetWhere } from "./types.ts";

/** An agent found, and why it counts as present. */
export interface FoundAgent {
  /** Its install target. */
  target: InstallTarget;
  /** What shows it is there (`~/.claude`, `claude on PATH`). */
  evidence: string;
}

function isDir(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/**
 * The absolute path of an executable on PATH.
 *
 * @param name The executable's name.
 * @param env The environment (its `PATH`, and `PATHEXT` on Windows).
 * @returns The path, or undefined.
 */
export function onPath(
  name: string,
  env: Readonly<Record<string, string>>,
): string | undefined {
  const separator = Deno.build.os === "windows" ? ";" : ":";
  const suffixes = Deno.build.os === "windows"
    ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";")]
    : [""];
  for (const dir of (env.PATH ?? "").split(separator)) {
    if (!dir) continue;
    for (const suffix of suffixes) {
      const path = join(dir, name + suffix);
      try {
        const info = Deno.statSync(path);
        if (
          info.isFile &&
          (Deno.build.os === "windows" || ((info.mode ?? 0) & 0o111))
        ) {
          return path;
        }
      } catch {
        // Not here.
      }
    }
  }
  return undefined;
}

/**
 * The agents present.
 *
 * @param targets The agents ctx-mode knows.
 * @param where The home directory and environment.
 * @returns Those with a config folder or an executable on PATH.
 */
export function detectAgents(
  targets: readonly InstallTarget[],
  where: TargetWhere,
): FoundAgent[] {
  const found: FoundAgent[] = [];
  for (const target of targets) {
    const dir = target.configDirs(where).find(isDir);
    const binary = target.binaries.find((name) => onPath(name, where.env));
    if (dir || binary) {
      const shown = dir?.startsWith(`${where.home}/`)
        ? `~${dir.slice(where.home.length)}`
        : dir;
      found.push({
        target,
        evidence: [shown, binary ? `${binary} on PATH` : undefined]
          .filter(Boolean).join(", "),
      });
    }
  }
  return found;
}
