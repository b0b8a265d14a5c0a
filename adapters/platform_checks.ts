/**
 * The doctor's view of the agent platforms: detect the one ctx-mode runs
 * under, then ask its adapter — and the adapter of every other agent whose
 * files register ctx-mode — whether the hooks and the MCP server are
 * registered where that agent reads them, and whether the registered command
 * exists.
 *
 * Reads settings files and `PATH`; never writes, never runs anything.
 *
 * @module
 */

import { detectPlatform } from "./detect.ts";
import { agentFor, PLATFORM_NAMES } from "./registry.ts";
import type { DoctorWhere, PlatformCheck } from "./types.ts";
import { joinPath } from "../src/config/path_lite.ts";
import { listNames, readTextOrUndefined } from "../src/config/quiet_fs.ts";

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a registered program can run: a script path exists, a binary path
 * is an executable file, a bare name is found on `PATH`.
 *
 * @param program The first word of the registered hook command.
 * @param env The environment (its `PATH`).
 * @returns Whether it can run.
 */
export function commandRuns(
  program: string,
  env: Readonly<Record<string, string>>,
): boolean {
  const runnable = (path: string) => {
    try {
      const info = Deno.statSync(path);
      if (!info.isFile) return false;
      if (/\.[cm]?[jt]s$/.test(path) || Deno.build.os === "windows") {
        return true;
      }
      return ((info.mode ?? 0o111) & 0o111) !== 0;
    } catch {
      return false;
    }
  };
  if (program.includes("/") || program.includes("\\")) return runnable(program);
  const separator = Deno.build.os === "windows" ? ";" : ":";
  const suffixes = Deno.build.os === "windows" ? ["", ".exe", ".cmd"] : [""];
  return (env.PATH ?? "").split(separator).filter(Boolean).some((dir) =>
    suffixes.some((suffix) => runnable(joinPath(dir, `${program}${suffix}`)))
  );
}

/**
 * The detected platform and the set-up checks of every agent that matters:
 * the detected one always, any other when its files register ctx-mode.
 *
 * @param env The environment.
 * @param options The project directory and the MCP client's name.
 * @returns The detection and the adapters' checks.
 */
export async function platformDoctor(
  env: Readonly<Record<string, string>>,
  options: {
    /** The project directory. */
    projectDir: string;
    /** The MCP client's name. @default {undefined} */
    clientName?: string | undefined;
  },
): Promise<
  { detection: ReturnType<typeof detectPlatform>; checks: PlatformCheck[] }
> {
  const detection = detectPlatform({
    env,
    clientName: options.clientName,
    exists,
  });
  const where: DoctorWhere = {
    home: env.HOME ?? env.USERPROFILE ?? "",
    env,
    projectDir: options.projectDir,
    readText: readTextOrUndefined,
    listNames,
    commandRuns: (program) => commandRuns(program, env),
  };
  const checks: PlatformCheck[] = [];
  for (const name of PLATFORM_NAMES) {
    const adapter = await agentFor(name);
    if (!adapter) continue;
    const found = await adapter.doctor(where);
    const registered = found.some((check) => check.status === "ok");
    if (name === detection.platform || registered) checks.push(...found);
  }
  return { detection, checks };
}
