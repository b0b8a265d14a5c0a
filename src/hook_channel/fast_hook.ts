/**
 * The hook command's fast path: hand the payload to the project's running MCP
 * server over its local socket and print its answer, so a hook costs little
 * more than an empty process start. It imports only path arithmetic and the
 * wire format.
 *
 * Whenever the server cannot answer (no socket, a folder that is not private,
 * a refused or slow connection, an answer that is not the expected one) it
 * says so and the caller runs the hook in-process with the payload already
 * read, to the same result. `CTX_MODE_HOOK_SOCKET=off` skips it;
 * `CTX_MODE_HOOK_SOCKET_MS` changes the server's deadline (150 ms).
 *
 * @module
 */

import { dataHome, projectDir } from "../config/paths.ts";
import { dirnameOf } from "../config/path_lite.ts";
import { MAX_LINE_BYTES, parseAnswer } from "./protocol.ts";
import { isPrivateFolder, keyPath, socketPath } from "./socket_path.ts";

/** How long a hook waits for its payload before letting the call proceed. */
export const HOOK_STDIN_TIMEOUT_MS = 5_000;

/** How long the server has to answer before the hook decides in-process. */
export const SERVER_DEADLINE_MS = 150;

/** What the caller needs of its process. */
export interface FastHookContext {
  env: Readonly<Record<string, string>>;
  cwd: string;
  readStdin(timeoutMs: number): Promise<Uint8Array | undefined>;
  out(text: string): Promise<void>;
  err(text: string): Promise<void>;
}

/** The server answered (its exit code), or the hook must run in-process. */
export type FastHookResult =
  | { exitCode: number }
  | { fallback: true; payload?: Uint8Array | undefined; read: boolean };

/**
 * Asks the project's server to answer a hook.
 *
 * @param args `[platform, event]`.
 * @param context The process's environment, stdin and stdout.
 * @param stdinTimeoutMs How long to wait for the payload.
 * @returns The exit code, or a fall-back with the payload if it was read.
 */
export async function hookThroughServer(
  args: readonly string[],
  context: FastHookContext,
  stdinTimeoutMs: number,
): Promise<FastHookResult> {
  const [agent, event] = args;
  const setting = context.env.CTX_MODE_HOOK_SOCKET?.trim().toLowerCase();
  if (
    agent === undefined || event === undefined ||
    ["off", "0", "false", "no"].includes(setting ?? "")
  ) {
    return { fallback: true, read: false };
  }
  let path: string | undefined;
  try {
    path = socketPath(
      dataHome(context.env),
      projectDir(context.cwd, { env: context.env }),
    );
  } catch {
    path = undefined;
  }
  if (path === undefined || !isPrivateFolder(dirnameOf(path))) {
    return { fallback: true, read: false };
  }
  const key = readKey(keyPath(path));
  if (key === undefined) return { fallback: true, read: false };
  const payload = await context.readStdin(stdinTimeoutMs);
  if (payload === undefined) return { fallback: true, payload, read: true };
  const reply = await askServer(path, {
    id: 1,
    agent,
    event,
    payload: new TextDecoder().decode(payload),
    env: context.env,
    ppid: Deno.ppid,
    key,
  }, deadlineFrom(context.env));
  if (!reply) return { fallback: true, payload, read: true };
  if (reply.stderr) await context.err(reply.stderr);
  if (reply.stdout) await context.out(reply.stdout);
  return { exitCode: reply.exitCode };
}

/** `CTX_MODE_HOOK_SOCKET_MS`: the server's deadline, for slow machines. */
function deadlineFrom(env: Readonly<Record<string, string>>): number {
  const value = Number(env.CTX_MODE_HOOK_SOCKET_MS);
  return Number.isFinite(value) && value > 0 && value <= 60_000
    ? value
    : SERVER_DEADLINE_MS;
}

function readKey(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Sends one request over a socket and reads its answer within the deadline.
 *
 * @param path The socket.
 * @param request The request (its `id` is checked in the answer).
 * @param deadlineMs How long the whole exchange may take.
 * @returns The reply, or undefined when there was none in time.
 */
export async function askServer(
  path: string,
  request: { id: number | string } & Record<string, unknown>,
  deadlineMs = SERVER_DEADLINE_MS,
): Promise<ReturnType<typeof parseAnswer>> {
  // AbortSignal.timeout, not setTimeout: a process's first timer costs milliseconds.
  const signal = AbortSignal.timeout(deadlineMs);
  let connection: Deno.UnixConn | undefined;
  let onAbort = () => {};
  const timedOut = new Promise<undefined>((resolve) => {
    onAbort = () => {
      connection?.close();
      resolve(undefined);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
  const exchange = async () => {
    connection = await Deno.connect({ transport: "unix", path });
    if (signal.aborted) connection.close();
    const bytes = new TextEncoder().encode(`${JSON.stringify(request)}\n`);
    for (let at = 0; at < bytes.length;) {
      at += await connection.write(bytes.subarray(at));
    }
    const line = await readLine(connection);
    connection.close();
    return line === undefined ? undefined : parseAnswer(line, request.id);
  };
  try {
    return await Promise.race([
      exchange().catch(() => undefined),
      timedOut,
    ]);
  } catch {
    return undefined;
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

async function readLine(
  connection: Deno.UnixConn,
): Promise<string | undefined> {
  const decoder = new TextDecoder();
  let text = "";
  const buffer = new Uint8Array(65_536);
  while (text.length <= MAX_LINE_BYTES) {
    const read = await connection.read(buffer);
    if (read === null) return undefined;
    text += decoder.decode(buffer.subarray(0, read), { stream: true });
    const end = text.indexOf("\n");
    if (end !== -1) return text.slice(0, end);
  }
  return undefined;
}
