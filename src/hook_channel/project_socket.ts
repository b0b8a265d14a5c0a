/**
 * Whether and where a long-lived ctx-mode process answers its project's
 * hooks on the local socket: the MCP server (`serve`) and an agent plugin's
 * channel (`hook --serve`) both do, whichever starts first; the other finds
 * the socket taken and leaves it be.
 *
 * @module
 */

import { dataHome, projectDir } from "../config/paths.ts";
import { type HookSocket, startHookSocket } from "./socket_server.ts";
import { hookSocketOff } from "./socket_path.ts";

/** The data home and the project a process answers hooks for. */
export interface HookPlace {
  dataHome: string;
  /** The project's real path, as hooks find it. */
  projectDir: string;
  /** Whether answers may index after they are sent (the MCP server's tool calls wait for it). @default {false} */
  deferIndexing?: boolean;
}

/**
 * The place of a process started in `cwd` with `env`, found as a hook finds
 * its own (the agents' project variables, else the working directory).
 *
 * @param env The process's environment.
 * @param cwd Its working directory.
 * @returns The data home and the project.
 */
export function hookPlaceOf(
  env: Readonly<Record<string, string>>,
  cwd: string,
): HookPlace {
  return { dataHome: dataHome(env), projectDir: projectDir(cwd, { env }) };
}

/**
 * Starts answering a project's hooks on its socket, unless
 * `CTX_MODE_HOOK_SOCKET` turns the socket off.
 *
 * @param env The process's environment.
 * @param place The data home and the project.
 * @returns The socket, or a one-line reason there is none.
 */
export function listenForHooks(
  env: Readonly<Record<string, string>>,
  place: HookPlace,
): Promise<HookSocket | { reason: string }> {
  if (hookSocketOff(env)) {
    return Promise.resolve({ reason: "turned off by CTX_MODE_HOOK_SOCKET" });
  }
  return startHookSocket(place);
}
