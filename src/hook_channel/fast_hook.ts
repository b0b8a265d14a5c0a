/**
 * The hook command's fast path: hand the payload to the project's running MCP
 * server over its local socket and print its answer, so a hook costs little
 * more than an empty process start. `main.ts` imports it, bundled with the
 * modules it links (the socket's location, the stdin reader and the
 * deadline, each written to import nothing) into `fast_hook.bundle.js` by `deno task bundle`,
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

import { hookSocketPath, isPrivateFolder, keyPath } from "./socket_path.ts";
import { type Deadline, deadlineIn } from "./deadline.ts";
import { StdinReader } from "./stdin_reader.ts";

/** How long the exchange with the server may take before the hook decides in-process. */
export const SERVER_DEADLINE_MS = 150;

/**
 * How long a hook waits for the answer once the server has taken its request
 * on (deciding in-process then would do the request's work twice).
 */
export const ANSWER_PATIENCE_MS = 10_000;

/** The longest line of the hook channel, either way (`protocol.ts` shares it). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

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
  const setting = context.env.CTX_MODE_HOOK_SOCKET?.trim().toLowerCase();
  if (
    agent === undefined || event === undefined ||
    ["off", "0", "false", "no"].includes(setting ?? "")
  ) {
    return FALL_BACK;
  }
  context.stdin.prefetch();
  const path = hookSocketPath(context.env, context.cwd);
  if (path === undefined) return FALL_BACK;
  let connection: Deno.UnixConn;
  try {
    // Connecting sends nothing; the folder is checked before the request
    // goes, and only then: without a server, its `lstat` would be wasted.
    connection = await Deno.connect({ transport: "unix", path });
  } catch {
    return FALL_BACK;
  }
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
  const header = JSON.stringify({
    id: 1,
    agent,
    event,
    payloadBytes: payload.length,
    env: context.env,
    ppid: Deno.ppid,
    key,
  });
  const reply = await exchange(
    connection,
    1,
    framed(header, payload),
    deadline,
  );
  if (!reply) return FALL_BACK;
  if (reply.stderr) await context.err(reply.stderr);
  if (reply.stdout) await context.out(reply.stdout);
  return { exitCode: reply.exitCode };
}

const FALL_BACK: FastHookResult = { fallback: true };

/** A request line and the raw bytes it announces, in one buffer. */
function framed(line: string, attachment: Uint8Array): Uint8Array {
  const head = new TextEncoder().encode(`${line}\n`);
  const bytes = new Uint8Array(head.length + attachment.length);
  bytes.set(head);
  bytes.set(attachment, head.length);
  return bytes;
}

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

/**
 * Sends one request over a socket and reads its answer within the deadline.
 * A payload given as text goes after the line as raw bytes, as the hook
 * sends it.
 *
 * @param path The socket.
 * @param request The request (its `id` is checked in the answer).
 * @param deadlineMs How long the whole exchange may take.
 * @returns The reply, or undefined when there was none in time.
 */
export async function askServer(
  path: string,
  request: { id: number | string } & Record<string, unknown>,
  deadlineMs: number = SERVER_DEADLINE_MS,
): Promise<ChannelReply | undefined> {
  let connection: Deno.UnixConn;
  try {
    connection = await Deno.connect({ transport: "unix", path });
  } catch {
    return undefined;
  }
  const deadline = deadlineIn(deadlineMs);
  try {
    const raw = typeof request.payload === "string"
      ? new TextEncoder().encode(request.payload)
      : undefined;
    const bytes = raw
      ? framed(
        JSON.stringify({
          ...request,
          payload: undefined,
          payloadBytes: raw.length,
        }),
        raw,
      )
      : new TextEncoder().encode(`${JSON.stringify(request)}\n`);
    return await exchange(connection, request.id, bytes, deadline);
  } finally {
    deadline.cancel();
  }
}

/** What the command hook would print, and its exit code (`protocol.ts`'s `ChannelReply`). */
export interface ChannelReply {
  stdout: string;
  exitCode: number;
  /** The one line the command hook would write to stderr (a failure it let pass). */
  stderr?: string;
}

/**
 * One request and its answer on a connection, which it closes; given up
 * when `deadline` passes, or, once the server has acknowledged the request,
 * when its patience runs out.
 */
async function exchange(
  connection: Deno.UnixConn,
  id: number | string,
  request: Uint8Array,
  deadline: Deadline,
): Promise<ChannelReply | undefined> {
  let watched = deadline;
  let patience: Deadline | undefined;
  let finished = false;
  let giveUp = () => {};
  const gaveUp = new Promise<undefined>((resolve) => {
    giveUp = () => {
      if (finished) return;
      closeQuietly(connection);
      resolve(undefined);
    };
  });
  const watch = (next: Deadline) => {
    watched = next;
    next.reached.then(() => {
      if (watched === next) giveUp();
    });
  };
  watch(deadline);
  const talk = async () => {
    // The answer is read for while the request is still being written: a
    // failed write ends the reading too (the server hangs up or stays silent).
    const writing = (async () => {
      for (let at = 0; at < request.length;) {
        at += await connection.write(request.subarray(at));
      }
    })();
    writing.catch(() => {});
    const lines = new LineReader(connection);
    let line = await lines.next();
    if (line !== undefined && isAccepted(line)) {
      // The answer may have come with it: no second timer then.
      line = lines.ready();
      if (line === undefined) {
        patience = deadlineIn(ANSWER_PATIENCE_MS);
        watch(patience);
        line = await lines.next();
      }
    }
    closeQuietly(connection);
    return line === undefined ? undefined : parseAnswer(line, id);
  };
  try {
    return await Promise.race([talk().catch(() => undefined), gaveUp]);
  } finally {
    finished = true;
    patience?.cancel();
  }
}

function closeQuietly(connection: Deno.UnixConn): void {
  try {
    connection.close();
  } catch {
    // Closed already, by the other side of the race.
  }
}

/**
 * Successive lines from a connection (undefined at its end or past the size
 * limit). The server escapes every character beyond ASCII in its lines
 * (`protocol.ts`'s `answerLine`), so they are read without a `TextDecoder`,
 * whose first use costs a process half a millisecond; one is made for a line
 * that holds other bytes all the same.
 */
class LineReader {
  #connection: Deno.UnixConn;
  #decoder: TextDecoder | undefined;
  #buffer = new Uint8Array(65_536);
  #text = "";

  constructor(connection: Deno.UnixConn) {
    this.#connection = connection;
  }

  /** A whole line already read, if any. */
  ready(): string | undefined {
    const end = this.#text.indexOf("\n");
    if (end === -1) return undefined;
    const line = this.#text.slice(0, end);
    this.#text = this.#text.slice(end + 1);
    return line;
  }

  /** The next line. */
  async next(): Promise<string | undefined> {
    while (this.#text.length <= MAX_LINE_BYTES) {
      const line = this.ready();
      if (line !== undefined) return line;
      const read = await this.#connection.read(this.#buffer);
      if (read === null) return undefined;
      const bytes = this.#buffer.subarray(0, read);
      if (this.#decoder === undefined && isAscii(bytes)) {
        this.#text += asciiText(bytes);
      } else {
        this.#decoder ??= new TextDecoder();
        this.#text += this.#decoder.decode(bytes, { stream: true });
      }
    }
    return undefined;
  }
}

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! > 0x7f) return false;
  }
  return true;
}

/** ASCII bytes as text, in slices that `String.fromCharCode` takes whole. */
function asciiText(bytes: Uint8Array): string {
  let text = "";
  for (let at = 0; at < bytes.length; at += 8_192) {
    text += String.fromCharCode.apply(
      null,
      bytes.subarray(at, at + 8_192) as unknown as number[],
    );
  }
  return text;
}

/**
 * Reads one answer line, as the fast path and plugins check it.
 *
 * @param line The line.
 * @param id The id the answer must carry.
 * @returns The reply, or undefined when the line is not that answer.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseAnswer } from "./fast_hook.ts";
 * assert.deepEqual(parseAnswer('{"id":1,"reply":{"stdout":"","exitCode":0}}', 1), { stdout: "", exitCode: 0 });
 * assert.equal(parseAnswer('{"id":2,"reply":{"stdout":"","exitCode":0}}', 1), undefined);
 * ```
 */
export function parseAnswer(
  line: string,
  id: string | number | null,
): ChannelReply | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { id: got, reply } = value as { id?: unknown; reply?: unknown };
  if (got !== id || typeof reply !== "object" || reply === null) {
    return undefined;
  }
  const { stdout, exitCode, stderr } = reply as {
    stdout?: unknown;
    exitCode?: unknown;
    stderr?: unknown;
  };
  if (typeof stdout !== "string" || !Number.isSafeInteger(exitCode)) {
    return undefined;
  }
  if (stderr !== undefined && typeof stderr !== "string") return undefined;
  return {
    stdout,
    exitCode: exitCode as number,
    ...(stderr === undefined ? {} : { stderr }),
  };
}

/** Whether a line is the server's acknowledgement (`protocol.ts`'s `ACCEPTED_LINE`). */
function isAccepted(line: string): boolean {
  try {
    const value = JSON.parse(line);
    return typeof value === "object" && value !== null &&
      value.accepted === true;
  } catch {
    return false;
  }
}
