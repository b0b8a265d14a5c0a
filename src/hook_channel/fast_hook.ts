/**
 * The hook command's fast path: hand the payload to the project's running MCP
 * server over its local socket and print its answer, so a hook costs little
 * more than an empty process start. `main.ts` imports it statically and runs
 * it before loading anything else; it imports only path arithmetic, the wire
 * format and the stdin reader, and sets no `setTimeout` (one
 * `AbortSignal.timeout` bounds payload, connection and request; a second, the
 * patience for the answer, starts once the server has acknowledged it).
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

import { dataHome, projectDir } from "../config/paths.ts";
import { dirnameOf } from "../config/path_lite.ts";
import { isAccepted, MAX_LINE_BYTES, parseAnswer } from "./protocol.ts";
import { isPrivateFolder, keyPath, socketPath } from "./socket_path.ts";
import { StdinReader } from "./stdin_reader.ts";

/** How long a hook waits for its payload before letting the call proceed. */
export const HOOK_STDIN_TIMEOUT_MS = 5_000;

/** How long the exchange with the server may take before the hook decides in-process. */
export const SERVER_DEADLINE_MS = 150;

/**
 * How long a hook waits for the answer once the server has taken its request
 * on (deciding in-process then would do the request's work twice).
 */
export const ANSWER_PATIENCE_MS = 10_000;

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

async function writeAll(
  writer: { write(bytes: Uint8Array): Promise<number> },
  text: string,
): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length;) {
    at += await writer.write(bytes.subarray(at));
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
  const setting = context.env.CTX_MODE_HOOK_SOCKET?.trim().toLowerCase();
  if (
    agent === undefined || event === undefined ||
    ["off", "0", "false", "no"].includes(setting ?? "")
  ) {
    return { fallback: true };
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
    return { fallback: true };
  }
  const key = readKey(keyPath(path));
  if (key === undefined) return { fallback: true };
  const signal = AbortSignal.timeout(deadlineFrom(context.env));
  const payload = await context.stdin.readUntil(signal);
  if (payload === undefined) return { fallback: true };
  const reply = await exchange(path, {
    id: 1,
    agent,
    event,
    payload: new TextDecoder().decode(payload),
    env: context.env,
    ppid: Deno.ppid,
    key,
  }, signal);
  if (!reply) return { fallback: true };
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
export function askServer(
  path: string,
  request: { id: number | string } & Record<string, unknown>,
  deadlineMs: number = SERVER_DEADLINE_MS,
): Promise<ReturnType<typeof parseAnswer>> {
  return exchange(path, request, AbortSignal.timeout(deadlineMs));
}

/** One request and its answer, given up when `signal` aborts. */
async function exchange(
  path: string,
  request: { id: number | string } & Record<string, unknown>,
  signal: AbortSignal,
): Promise<ReturnType<typeof parseAnswer>> {
  let connection: Deno.UnixConn | undefined;
  let watched = signal;
  let giveUp = () => {};
  const gaveUp = new Promise<undefined>((resolve) => {
    giveUp = () => {
      connection?.close();
      resolve(undefined);
    };
  });
  // The deadline that applies now: the short one until the server has taken
  // the request on, then the patience for its answer.
  const watch = (next: AbortSignal) => {
    watched.removeEventListener("abort", giveUp);
    watched = next;
    if (next.aborted) giveUp();
    else next.addEventListener("abort", giveUp, { once: true });
  };
  watch(signal);
  const talk = async () => {
    connection = await Deno.connect({ transport: "unix", path });
    if (watched.aborted) connection.close();
    const bytes = new TextEncoder().encode(`${JSON.stringify(request)}\n`);
    for (let at = 0; at < bytes.length;) {
      at += await connection.write(bytes.subarray(at));
    }
    const lines = lineReader(connection);
    let line = await lines();
    if (line !== undefined && isAccepted(line, request.id)) {
      watch(AbortSignal.timeout(ANSWER_PATIENCE_MS));
      line = await lines();
    }
    connection.close();
    return line === undefined ? undefined : parseAnswer(line, request.id);
  };
  try {
    return await Promise.race([talk().catch(() => undefined), gaveUp]);
  } catch {
    return undefined;
  } finally {
    watched.removeEventListener("abort", giveUp);
  }
}

/** Successive lines from a connection (undefined at its end or past the size limit). */
function lineReader(
  connection: Deno.UnixConn,
): () => Promise<string | undefined> {
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(65_536);
  let text = "";
  return async () => {
    while (text.length <= MAX_LINE_BYTES) {
      const end = text.indexOf("\n");
      if (end !== -1) {
        const line = text.slice(0, end);
        text = text.slice(end + 1);
        return line;
      }
      const read = await connection.read(buffer);
      if (read === null) return undefined;
      text += decoder.decode(buffer.subarray(0, read), { stream: true });
    }
    return undefined;
  };
}
