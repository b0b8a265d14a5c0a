/**
 * One request and its answer over the hook socket, as the hook's fast path
 * and the tests ask: the request line and the payload's raw bytes after it,
 * the server's acknowledgement, the two deadlines, and the answer read back.
 * Imports only the deadline (no `TextDecoder` for ASCII answers, no
 * `setTimeout`): the fast path's bundle holds it.
 *
 * @module
 */

import { type Deadline, deadlineIn } from "./deadline.ts";

/** How long the exchange with the server may take before the hook decides in-process. */
export const SERVER_DEADLINE_MS = 150;
/**
 * How long a hook waits for the answer once the server has taken its request
 * on (deciding in-process then would do the request's work twice).
 */
export const ANSWER_PATIENCE_MS = 10_000;

/** The longest line of the hook channel, either way (`protocol.ts` shares it). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * A request whose payload follows its line as raw bytes, in one buffer: the
 * line says `payloadBytes`, the payload's size.
 *
 * @param fields The request's fields but the payload.
 * @param payload The payload's bytes.
 * @returns The bytes to send.
 */
export function framedRequest(
  fields: Record<string, unknown>,
  payload: Uint8Array,
): Uint8Array {
  const head = new TextEncoder().encode(
    `${JSON.stringify({ ...fields, payloadBytes: payload.length })}\n`,
  );
  const bytes = new Uint8Array(head.length + payload.length);
  bytes.set(head);
  bytes.set(payload, head.length);
  return bytes;
}

/**
 * Writes all of `bytes` to a connection.
 *
 * @param connection The connection.
 * @param bytes What to write.
 */
export async function writeAllTo(
  connection: Deno.Conn,
  bytes: Uint8Array,
): Promise<void> {
  for (let at = 0; at < bytes.length;) {
    at += await connection.write(bytes.subarray(at));
  }
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
  const connection = await connectTo(path);
  if (connection === undefined) return undefined;
  const deadline = deadlineIn(deadlineMs);
  try {
    const raw = typeof request.payload === "string"
      ? new TextEncoder().encode(request.payload)
      : undefined;
    const bytes = raw
      ? framedRequest({ ...request, payload: undefined }, raw)
      : new TextEncoder().encode(`${JSON.stringify(request)}\n`);
    return await exchange(connection, request.id, bytes, deadline);
  } finally {
    deadline.cancel();
  }
}

/**
 * A connection to a socket, or undefined when there is none to be had: no
 * socket file (`ENOENT`), or nobody listening (`ECONNREFUSED`).
 *
 * @param path The socket.
 * @returns The connection.
 */
export async function connectTo(
  path: string,
): Promise<Deno.UnixConn | undefined> {
  try {
    return await Deno.connect({ transport: "unix", path });
  } catch {
    return undefined;
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
 *
 * @param connection The connection to the server.
 * @param id The request's id, which the answer must carry.
 * @param request The request's bytes (see {@linkcode framedRequest}).
 * @param deadline When to give up before the acknowledgement.
 * @returns The reply, or undefined when there was none in time.
 */
export async function exchange(
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
    writeAllTo(connection, request).catch(() => {});
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
 * import { parseAnswer } from "./exchange.ts";
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
