/**
 * The hook channel's wire format, shared by the long-lived `ctx-mode hook
 * --serve <agent>` process (plugins talk to it on stdin/stdout) and the MCP
 * server's local socket (the hook command's fast path): one JSON request per
 * line, one JSON answer per line.
 *
 * Request: `{"id", "event", "payload"}`, plus on the socket `"agent"`,
 * `"env"` (the hook process's environment), `"ppid"` (its parent) and
 * `"key"` (read from the user's private key file).
 * Answer: `{"id", "reply": {"stdout", "exitCode", "stderr"?}}`: exactly
 * what the command hook would have printed and how it would have exited.
 *
 * Pure: no I/O. The hook command's fast path does not load it (it reads
 * answers with its own `parseAnswer` and `isAccepted`, which import nothing).
 *
 * @module
 */

import { type ChannelReply, MAX_LINE_BYTES } from "./fast_hook.ts";

/** The longest request line (longer ones get a pass-through answer), and what an answer carries. */
export { type ChannelReply, MAX_LINE_BYTES };

/** A request's id, echoed in its answer. */
export type ChannelId = string | number | null;

/** One hook request. */
export interface ChannelRequest {
  id: ChannelId;
  /** The agent's own event name (`PreToolUse`, `tool.execute.before`). */
  event: string;
  /** The agent's payload, as its command hook would get it on stdin. */
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
 * Reads one request line.
 *
 * @param line The line, without its newline.
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
  return {
    request: {
      id,
      event: record.event,
      payload: record.payload,
      ...(record.agent === undefined ? {} : { agent: record.agent as string }),
      ...(record.env === undefined ? {} : { env: record.env }),
      ...(record.ppid === undefined ? {} : { ppid: record.ppid as number }),
      ...(record.key === undefined ? {} : { key: record.key as string }),
    },
  };
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
 * The line a socket server sends as soon as it has taken a request on: from
 * then on the hook waits for its answer instead of deciding in-process, so
 * that nothing the request causes (a recorded prompt, a restored guide) is
 * done twice.
 *
 * @param id The request's id.
 * @returns The line, newline included.
 */
export function acceptedLine(id: ChannelId): string {
  return `${JSON.stringify({ id, accepted: true })}\n`;
}

/**
 * One answer line, newline included.
 *
 * @param answer The id and the reply.
 * @returns The line.
 */
export function answerLine(answer: ChannelAnswer): string {
  return `${JSON.stringify(answer)}\n`;
}
