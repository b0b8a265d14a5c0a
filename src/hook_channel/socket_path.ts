/**
 * Where a project's MCP server listens for hook requests: a Unix socket in a
 * private folder of the data home, `<data home>/run/<project hash>.sock`,
 * one per user (the data home is theirs) and project.
 *
 * Pure path arithmetic and one `lstat`: the hook command's fast path loads it.
 *
 * @module
 */

import { projectHash } from "../config/paths.ts";
import { joinPath } from "../config/path_lite.ts";

/** The longest socket path the OS takes (`sun_path` is 104–108 bytes). */
const MAX_SOCKET_PATH = 100;

/**
 * The folder that holds the sockets.
 *
 * @param dataHome The data home.
 * @returns `<data home>/run`.
 */
export function socketFolder(dataHome: string): string {
  return joinPath(dataHome, "run");
}

/**
 * The socket of a project, or undefined where there is none: on Windows, or
 * when the path is too long for a socket.
 *
 * @param dataHome The data home.
 * @param project The project's real path.
 * @returns The socket's path.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { socketPath } from "./socket_path.ts";
 * if (Deno.build.os !== "windows") {
 *   assert.match(socketPath("/h/.ctx-mode", "/src/app") ?? "", /^\/h\/\.ctx-mode\/run\/[0-9a-f]{16}\.sock$/);
 *   assert.equal(socketPath(`/${"x".repeat(120)}`, "/src/app"), undefined);
 * }
 * ```
 */
export function socketPath(
  dataHome: string,
  project: string,
): string | undefined {
  if (Deno.build.os === "windows") return undefined;
  const path = joinPath(socketFolder(dataHome), `${projectHash(project)}.sock`);
  return new TextEncoder().encode(path).length <= MAX_SOCKET_PATH
    ? path
    : undefined;
}

/**
 * The key file beside a socket: a random secret the server writes (`0600`)
 * and every request must carry, so that a process that can reach the socket
 * but not read the user's files (a confined run) cannot talk to it.
 *
 * @param socket The socket's path.
 * @returns `<socket without .sock>.key`.
 */
export function keyPath(socket: string): string {
  return `${socket.replace(/\.sock$/, "")}.key`;
}

/**
 * Whether a socket folder is private to this user: owned by them, with no
 * access for group or others. A folder anyone else could write to could hold
 * another user's socket, whose answers would decide this user's tool calls.
 *
 * @param folder The folder.
 * @returns Whether its sockets can be trusted.
 */
export function isPrivateFolder(folder: string): boolean {
  try {
    const info = Deno.lstatSync(folder);
    return info.isDirectory && info.uid === Deno.uid() &&
      ((info.mode ?? 0o777) & 0o077) === 0;
  } catch {
    return false;
  }
}
