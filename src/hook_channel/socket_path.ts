/**
 * Where a project's MCP server listens for hook requests: a Unix socket in a
 * private folder of the data home, `<data home>/run/<project hash>-2.sock`,
 * one per user (the data home is theirs) and project. The `-2` is the
 * protocol's generation: a hook and a server of different generations (an
 * upgrade while a server runs) never meet, and the hook decides in-process.
 *
 * The hook command's fast path loads it, so it imports nothing: each module
 * a hook process links costs it about half a millisecond. It therefore
 * spells out, for POSIX paths only (there is no socket on Windows), the few
 * lines of `config/paths.ts` it needs: the data home, the project directory
 * and the project hash, computed exactly as there (a test holds them equal).
 *
 * @module
 */

/** The longest socket path the OS takes (`sun_path` is 104–108 bytes). */
const MAX_SOCKET_PATH = 100;

/**
 * The hook channel's generation on the socket, raised when a hook and a
 * server of different versions would misread each other (2: the payload's
 * raw bytes after the request line, the acknowledgement on connecting).
 */
const PROTOCOL_GENERATION = 2;

const ENCODER = new TextEncoder();

/** As `config/paths.ts` reads them: the variables that name the project. */
const PROJECT_DIR_VARIABLES = [
  "CTX_MODE_PROJECT_DIR",
  "CLAUDE_PROJECT_DIR",
  "GEMINI_PROJECT_DIR",
  "QWEN_PROJECT_DIR",
  "CURSOR_PROJECT_DIR",
  "KIRO_PROJECT_DIR",
  "VSCODE_CWD",
] as const;

/**
 * Whether `CTX_MODE_HOOK_SOCKET` turns the socket off (`off`, `0`, `false`,
 * `no`): then hooks decide in-process and servers do not listen.
 *
 * @param env The process's environment.
 * @returns True when the socket is off.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hookSocketOff } from "./socket_path.ts";
 * assert.equal(hookSocketOff({ CTX_MODE_HOOK_SOCKET: " Off " }), true);
 * assert.equal(hookSocketOff({}), false);
 * ```
 */
export function hookSocketOff(env: Readonly<Record<string, string>>): boolean {
  const setting = env.CTX_MODE_HOOK_SOCKET?.trim().toLowerCase() ?? "";
  return ["off", "0", "false", "no"].includes(setting);
}

/**
 * The folder that holds the sockets.
 *
 * @param dataHome The data home.
 * @returns `<data home>/run`.
 */
export function socketFolder(dataHome: string): string {
  return normalize(`${dataHome}/run`);
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
 *   assert.match(socketPath("/h/.ctx-mode", "/src/app") ?? "", /^\/h\/\.ctx-mode\/run\/[0-9a-f]{16}-2\.sock$/);
 *   assert.equal(socketPath(`/${"x".repeat(120)}`, "/src/app"), undefined);
 * }
 * ```
 */
export function socketPath(
  dataHome: string,
  project: string,
): string | undefined {
  return Deno.build.os === "windows" ? undefined : socketOf(dataHome, project);
}

/** {@linkcode socketPath} on a POSIX system. */
function socketOf(dataHome: string, project: string): string | undefined {
  const path = `${socketFolder(dataHome)}/${
    projectHash(project)
  }-${PROTOCOL_GENERATION}.sock`;
  return ENCODER.encode(path).length <= MAX_SOCKET_PATH ? path : undefined;
}

/**
 * The socket a hook process asks: that of the project its environment and
 * working directory name, in its data home (as `config/paths.ts` finds both).
 *
 * @param env The hook process's environment.
 * @param cwd Its working directory.
 * @returns The socket's path, or undefined where there is none.
 */
export function hookSocketPath(
  env: Readonly<Record<string, string>>,
  cwd: string,
): string | undefined {
  // Not a POSIX working directory: Windows, which has no socket.
  if (!cwd.startsWith("/")) return undefined;
  const explicit = env.CTX_MODE_HOME?.trim();
  const home = env.HOME ?? env.USERPROFILE;
  if (!explicit && !home) return undefined;
  const dataHome = explicit
    ? resolve(explicit.startsWith("/") ? "/" : Deno.cwd(), explicit)
    : normalize(`${home}/.ctx-mode`);
  let named: string | undefined;
  for (let i = 0; i < PROJECT_DIR_VARIABLES.length && !named; i++) {
    named = env[PROJECT_DIR_VARIABLES[i]!]?.trim();
  }
  return socketOf(dataHome, realPath(resolve(cwd, named || cwd)));
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

/**
 * `config/paths.ts`'s project hash, FNV-1a (64 bits) of the path's UTF-8,
 * in four 16-bit limbs and plain loops: this runs once per hook process,
 * before the engine has compiled anything, where a `BigInt` loop or array
 * destructuring costs a millisecond.
 */
function projectHash(path: string): string {
  // The offset basis 0xcbf29ce484222325, low limb first.
  let h0 = 0x2325, h1 = 0x8422, h2 = 0x9ce4, h3 = 0xcbf2;
  const bytes = ENCODER.encode(path);
  for (let i = 0; i < bytes.length; i++) {
    h0 ^= bytes[i]!;
    // Times the prime 0x100000001b3 = 2^40 + 0x1b3, modulo 2^64.
    const r0 = h0 * 0x1b3;
    const r1 = h1 * 0x1b3 + (r0 >>> 16);
    const r2 = h2 * 0x1b3 + (h0 << 8) + (r1 >>> 16);
    const r3 = h3 * 0x1b3 + (h1 << 8) + (r2 >>> 16);
    h0 = r0 & 0xffff;
    h1 = r1 & 0xffff;
    h2 = r2 & 0xffff;
    h3 = r3 & 0xffff;
  }
  return (h3 * 0x10000 + h2).toString(16).padStart(8, "0") +
    (h1 * 0x10000 + h0).toString(16).padStart(8, "0");
}

function realPath(path: string): string {
  try {
    return Deno.realPathSync(path);
  } catch {
    return path;
  }
}

/** A POSIX path resolved against `from`, as `config/path_lite.ts` resolves it. */
function resolve(from: string, path: string): string {
  return normalize(path.startsWith("/") ? path : `${from}/${path}`);
}

/** A POSIX path without `.`, `..` or repeated slashes, as `config/path_lite.ts` normalizes it. */
function normalize(path: string): string {
  const absolute = path.startsWith("/");
  const parts: string[] = [];
  const split = path.split("/");
  for (let i = 0; i < split.length; i++) {
    const part = split[i]!;
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
      else if (!absolute) parts.push("..");
      continue;
    }
    parts.push(part);
  }
  return (absolute ? "/" : "") + parts.join("/") || ".";
}
