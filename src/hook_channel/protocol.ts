/**
 * The hook channel's wire format, shared by the long-lived `ctx-mode hook
 * --serve <agent>` process (plugins talk to it on stdin/stdout) and the MCP
 * server's local socket (the hook command's fast path): one JSON request per
 * line, one JSON answer per line.
 *
 * Request: `{"id", "event", "payload"}`, plus on the socket `"agent"`,
 * `"env"` (the hook process's environment), `"ppid"` (its parent) and
 * `"key"` (read from the user's private key file). Instead of `"payload"`,
 * a request may say `"payloadBytes": n`: the payload's `n` bytes then follow
 * the line as they are (UTF-8 text, newlines included), which spares the
 * sender decoding and escaping it.
 * Answer: `{"id", "reply": {"stdout", "exitCode", "stderr"?}}`: exactly
 * what the command hook would have printed and how it would have exited.
 * Answers are ASCII (other characters as `\u` escapes), which a reader
 * decodes without a `TextDecoder`.
 *
 * Pure: no I/O. The hook command's fast path does not load it (it reads
 * answers with `exchange.ts`, which imports nothing of this).
 *
 * @module
 */

import { type ChannelReply, MAX_LINE_BYTES } from "./exchange.ts";

/** The longest request line (longer ones get a pass-through answer), and what an answer carries. */
export { type ChannelReply, MAX_LINE_BYTES };

/** A request's id, echoed in its answer. */
export type ChannelId = string | number | null;

/** One hook request. */
export interface ChannelRequest {
  id: ChannelId;
  /** The agent's own event name (`PreToolUse`, `tool.execute.before`). */
  event: string;
  /** The agent's payload, as its command hook would get it on stdin (or the bytes after the line). */
  payload: unknown;
  /** The agent (on the socket; the stdio channel serves one agent). */
  agent?: string;
  /** The environment of the process that asks (on the socket). */
  env?: Record<string, string>;
  /** That process's parent id, a session id of last resort (on the socket). */
  ppid?: number;
  /** The socket's key, which only the user's own processes can read (on the socket). */
  key?: string;
}

/** One answer line. */
export interface ChannelAnswer {
  id: ChannelId;
  reply: ChannelReply;
}

function isId(value: unknown): value is ChannelId {
  return value === null || typeof value === "string" ||
    (typeof value === "number" && Number.isFinite(value));
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === "string");
}

/**
 * How many raw bytes follow a request line: its `payloadBytes`, or 0.
 *
 * @param line The line, without its newline.
 * @returns The count.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { attachedBytes } from "./protocol.ts";
 * assert.equal(attachedBytes('{"id":1,"event":"E","payloadBytes":12}'), 12);
 * assert.equal(attachedBytes('{"id":1,"event":"E","payload":{}}'), 0);
 * ```
 */
export function attachedBytes(line: string): number {
  if (!line.includes('"payloadBytes"')) return 0;
  try {
    const count: unknown = JSON.parse(line)?.payloadBytes;
    return Number.isSafeInteger(count) && (count as number) > 0
      ? count as number
      : 0;
  } catch {
    return 0;
  }
}

/**
 * Reads one request line.
 *
 * @param line The line, without its newline.
 * @param attachment The bytes that followed it (`payloadBytes`); null when
 *   they were over the size limit and skipped.
 * @returns The request, or a one-line reason with whatever id could be read.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRequest } from "./protocol.ts";
 * const ok = parseRequest('{"id":7,"event":"PreToolUse","payload":{}}');
 * assert.equal("request" in ok && ok.request.id, 7);
 * const bad = parseRequest('{"id":"a","event":3}');
 * assert.deepEqual(bad, { id: "a", error: "the event is not a string" });
 * ```
 */
export function parseRequest(
  line: string,
  attachment?: Uint8Array | null,
): { request: ChannelRequest } | { id: ChannelId; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { id: idOfLongLine(line), error: "the line is not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { id: null, error: "the line is not a JSON object" };
  }
  const record = value as Record<string, unknown>;
  const id = isId(record.id) ? record.id : null;
  if (!isId(record.id)) {
    return { id, error: "the id is not a string or number" };
  }
  if (typeof record.event !== "string") {
    return { id, error: "the event is not a string" };
  }
  if (record.agent !== undefined && typeof record.agent !== "string") {
    return { id, error: "the agent is not a string" };
  }
  if (record.env !== undefined && !isStringRecord(record.env)) {
    return { id, error: "the environment is not an object of strings" };
  }
  if (
    record.ppid !== undefined &&
    !(Number.isSafeInteger(record.ppid) && (record.ppid as number) >= 0)
  ) {
    return { id, error: "the parent id is not a whole number" };
  }
  if (record.key !== undefined && typeof record.key !== "string") {
    return { id, error: "the key is not a string" };
  }
  const payload = payloadOf(record, attachment);
  if ("error" in payload) return { id, error: payload.error };
  return {
    request: {
      id,
      event: record.event,
      payload: payload.payload,
      ...(record.agent === undefined ? {} : { agent: record.agent as string }),
      ...(record.env === undefined ? {} : { env: record.env }),
      ...(record.ppid === undefined ? {} : { ppid: record.ppid as number }),
      ...(record.key === undefined ? {} : { key: record.key as string }),
    },
  };
}

/** The payload in the line, or the one after it; or why there is none. */
function payloadOf(
  record: Record<string, unknown>,
  attachment: Uint8Array | null | undefined,
): { payload: unknown } | { error: string } {
  const count = record.payloadBytes;
  if (count === undefined) return { payload: record.payload };
  if (record.payload !== undefined) {
    return { error: "the request has both a payload and payloadBytes" };
  }
  if (!Number.isSafeInteger(count) || (count as number) < 0) {
    return { error: "payloadBytes is not a whole number" };
  }
  if (attachment === null) return { error: "the payload is too long" };
  if ((attachment?.length ?? 0) < (count as number)) {
    return { error: "the payload ended early" };
  }
  return { payload: new TextDecoder().decode(attachment) };
}

/**
 * The id at the start of a line that could not be read whole (too long, or
 * cut): plugins write it first, so their caller still gets its answer.
 *
 * @param line The start of the line.
 * @returns The id, or null.
 */
export function idOfLongLine(line: string): ChannelId {
  const match = /^\s*\{\s*"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,15})/.exec(
    line.slice(0, 512),
  );
  if (!match?.[1]) return null;
  try {
    const id: unknown = JSON.parse(match[1]);
    return isId(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * The line a socket server sends as soon as it takes a connection on (one
 * request per connection), before the request has come: once the hook has
 * sent its request and read this, it waits for the answer instead of
 * deciding in-process, so that nothing the request causes (a recorded
 * prompt, a restored guide) is done twice. Sent early, it is already there
 * when the hook looks for it: the hook then wakes once, for the answer. A
 * request the server then turns down (a wrong key) gets no answer: the
 * connection closes and the hook decides in-process.
 */
export const ACCEPTED_LINE = '{"accepted":true}\n';

/**
 * One answer line, newline included.
 *
 * @param answer The id and the reply.
 * @returns The line.
 */
export function answerLine(answer: ChannelAnswer): string {
  return `${asciiJson(answer)}\n`;
}

/** JSON with every character beyond ASCII escaped (`é` → `\u00e9`). */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
