/**
 * The doctor's view of the agent platform: detect it, then ask its adapter
 * whether ctx-mode's hooks and MCP server are registered.
 *
 * Reads settings files; never writes.
 *
 * @module
 */

import { detectPlatform } from "./detect.ts";
import { adapterFor } from "./registry.ts";
import type { PlatformCheck } from "./types.ts";
import { readTextOrUndefined } from "../src/config/quiet_fs.ts";

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The detected platform and its set-up checks.
 *
 * @param env The environment.
 * @param options The project directory and the MCP client's name.
 * @returns The detection and the adapter's checks (none for a platform without an adapter).
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
  const adapter = await adapterFor(detection.platform);
  const home = env.HOME ?? env.USERPROFILE ?? "";
  const checks = adapter
    ? adapter.doctor({
      home,
      env,
      projectDir: options.projectDir,
      readText: readTextOrUndefined,
    })
    : [];
  return { detection, checks };
}
