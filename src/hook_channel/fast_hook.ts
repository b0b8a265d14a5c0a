/**
 * The hook command's fast path: hand the payload to the project's running MCP
 * server over its local socket and print its answer, so a hook costs little
 * more than an empty process start. `main.ts` imports it, bundled with the
 * modules it links (the socket's location, the stdin reader, the deadline
 * and the exchange with the server, written to import nothing else) into
 * `fast_hook.bundle.js` by `deno task bundle`,
 * and runs it before loading anything else: every module a hook process
 * links costs it about half a millisecond.
 *
 * The payload's first read starts before anything else, on the runtime's own
 * thread, while the socket is found and its key read; the connection is made
 * before the folder is checked and any timer set, so that a missing socket
 * (`ENOENT`) or a dead one (`ECONNREFUSED`) falls back at once and for
 * nothing. Then one deadline (`deadline.ts`: no `setTimeout`, whose first
 * call costs a process milliseconds) bounds the payload, the request and the
 * server's acknowledgement, which the server sends as it takes the
 * connection on and which is therefore waiting when the request has gone; a
 * second deadline, the patience for the answer, starts then.
 *
 * Whenever the server cannot answer (no socket, a folder that is not private,
 * a refused or slow connection, a payload still arriving at the deadline, no
 * acknowledgement in time, an answer that is not the expected one) it says so
 * and the caller runs the hook in-process, its stdin reader resuming where
 * this one stopped, to the same result. `CTX_MODE_HOOK_SOCKET=off` skips it;
 * `CTX_MODE_HOOK_SOCKET_MS` changes the deadline (150 ms). Once the server has
 * acknowledged the request, the hook waits for its answer (up to 10 s)
 * instead, so that no request is decided, and recorded, twice.
 *
 * @module
 */

import {
  hookSocketOff,
  hookSocketPath,
  isPrivateFolder,
  keyPath,
} from "./socket_path.ts";
import { type Deadline, deadlineIn } from "./deadline.ts";
import {
  connectTo,
  exchange,
  framedRequest,
  SERVER_DEADLINE_MS,
} from "./exchange.ts";
import { StdinReader } from "./stdin_reader.ts";

/** What the fast path needs of its process. */
export interface FastHookContext {
  env: Readonly<Record<string, string>>;
  cwd: string;
  /** Standard input; on a fall-back the in-process engine reads on from it. */
  stdin: StdinReader;
  out(text: string): Promise<void>;
  err(text: string): Promise<void>;
}

/**
 * The real process's environment, working directory, stdin and stdout.
 *
 * @returns The context.
 */
export function processHookContext(): FastHookContext {
  return {
    env: Deno.env.toObject(),
    cwd: Deno.cwd(),
    stdin: new StdinReader(Deno.stdin),
    out: (text) => writeAll(Deno.stdout, text),
    err: (text) => writeAll(Deno.stderr, text),
  };
}

/**
 * Writes all of `text`, synchronously: the hook prints once and exits, and
 * an asynchronous write would cost it a turn of the event loop.
 */
function writeAll(
  writer: { writeSync(bytes: Uint8Array): number },
  text: string,
): Promise<void> {
  try {
    const bytes = new TextEncoder().encode(text);
    for (let at = 0; at < bytes.length;) {
      at += writer.writeSync(bytes.subarray(at));
    }
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The server answered (the hook's exit code), or the hook must run in-process. */
export type FastHookResult = { exitCode: number } | { fallback: true };

/**
 * Whether a command line is one the fast path serves: `hook <agent> <event>`
 * with neither word an option (`hook --serve x`, `hook x --help` go to the CLI).
 *
 * @param args The arguments after the program name.
 * @returns Whether to try the server first.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFastHook } from "./fast_hook.ts";
 * assert.equal(isFastHook(["hook", "claude-code", "PreToolUse"]), true);
 * assert.equal(isFastHook(["hook", "--serve", "claude-code"]), false);
 * assert.equal(isFastHook(["hook", "claude-code", "--help"]), false);
 * ```
 */
export function isFastHook(args: readonly string[]): boolean {
  return args.length === 3 && args[0] === "hook" &&
    !args[1]!.startsWith("-") && !args[2]!.startsWith("-");
}

/**
 * Asks the project's server to answer a hook.
 *
 * @param args `[platform, event]`.
 * @param context The process's environment, stdin and stdout.
 * @returns The exit code, or a fall-back (stdin then read or partly read).
 */
export async function hookThroughServer(
  args: readonly string[],
  context: FastHookContext,
): Promise<FastHookResult> {
  const [agent, event] = args;
  if (
    agent === undefined || event === undefined || hookSocketOff(context.env)
  ) {
    return FALL_BACK;
  }
  context.stdin.prefetch();
  const path = hookSocketPath(context.env, context.cwd);
  if (path === undefined) return FALL_BACK;
  // Connecting sends nothing; the folder is checked before the request
  // goes, and only then: without a server, its `lstat` would be wasted.
  const connection = await connectTo(path);
  if (connection === undefined) return FALL_BACK;
  const key = keyOf(path);
  if (key === undefined) {
    connection.close();
    return FALL_BACK;
  }
  const deadline = deadlineIn(deadlineFrom(context.env));
  try {
    return await askWithPayload(connection, args, context, key, deadline);
  } finally {
    deadline.cancel();
  }
}

/** The exchange once connected to a private socket: payload, request, answer. */
async function askWithPayload(
  connection: Deno.UnixConn,
  [agent, event]: readonly string[],
  context: FastHookContext,
  key: string,
  deadline: Deadline,
): Promise<FastHookResult> {
  const payload = await context.stdin.readUntil(deadline);
  if (payload === undefined) {
    connection.close();
    return FALL_BACK;
  }
  // The payload follows its request line as it came, raw: decoding it and
  // escaping it into the line would cost a large payload milliseconds.
  const request = framedRequest(
    { id: 1, agent, event, env: context.env, ppid: Deno.ppid, key },
    payload,
  );
  const reply = await exchange(connection, 1, request, deadline);
  if (!reply) return FALL_BACK;
  if (reply.stderr) await context.err(reply.stderr);
  if (reply.stdout) await context.out(reply.stdout);
  return { exitCode: reply.exitCode };
}

const FALL_BACK: FastHookResult = { fallback: true };

/** `CTX_MODE_HOOK_SOCKET_MS`: the server's deadline, for slow machines. */
function deadlineFrom(env: Readonly<Record<string, string>>): number {
  const value = Number(env.CTX_MODE_HOOK_SOCKET_MS);
  return Number.isFinite(value) && value > 0 && value <= 60_000
    ? value
    : SERVER_DEADLINE_MS;
}

/** The socket's key, when its folder is private to this user. */
function keyOf(socket: string): string | undefined {
  if (!isPrivateFolder(socketFolderOf(socket))) return undefined;
  try {
    return Deno.readTextFileSync(keyPath(socket));
  } catch {
    return undefined;
  }
}

function socketFolderOf(socket: string): string {
  return socket.slice(0, socket.lastIndexOf("/")) || "/";
}
