/**
 * The server's stdio transport: newline-delimited JSON-RPC, read with a bound
 * on each message, in place of the SDK's stdio transport (which ends the
 * connection on one message over 10 MB and drops unparsable lines in
 * silence).
 *
 * - A line over the limit is answered with an Invalid Request error (-32600)
 *   that names the limit, with the request's id when its ends show it.
 * - A line that is not JSON is answered with a Parse error (-32700); JSON that
 *   is not a JSON-RPC message with an Invalid Request error.
 * - Each of these is reported in one line through `log`; reading goes on.
 *
 * It never prints except through `log`, and writes nothing but JSON-RPC to
 * its output.
 *
 * @module
 */

import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type Transport,
} from "./_sdk.ts";
import { type InputLine, readLines } from "./_line_reader.ts";

/** The largest message read, in bytes: 10 MiB. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** JSON-RPC's code for text that is not JSON. */
export const PARSE_ERROR = -32700;
/** JSON-RPC's code for a message that is not a valid request. */
export const INVALID_REQUEST = -32600;

/** How the transport reads and reports. */
export interface LineTransportOptions {
  /** The largest message read, in bytes. @default {MAX_MESSAGE_BYTES} */
  maxMessageBytes?: number;
  /** Receives one line per refused input. @default {() => {}} */
  log?: (line: string) => void;
}

type RequestId = string | number;

/** A JSON-RPC transport over a byte stream in and a byte stream out, one message per line. */
export class LineTransport implements Transport {
  /** Called once when the input ends or the transport is closed. */
  onclose?: (() => void) | undefined;
  /** Called when reading or writing fails unexpectedly. */
  onerror?: ((error: Error) => void) | undefined;
  /** Called with each valid message. */
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;

  #input: ReadableStream<Uint8Array>;
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #max: number;
  #log: (line: string) => void;
  #closed = false;

  /**
   * @param input Where messages arrive (stdin).
   * @param output Where messages go (stdout); it carries nothing else.
   * @param options The message limit and the log.
   */
  constructor(
    input: ReadableStream<Uint8Array>,
    output: WritableStream<Uint8Array>,
    options: LineTransportOptions = {},
  ) {
    this.#input = input;
    this.#writer = output.getWriter();
    this.#max = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
    this.#log = options.log ?? (() => {});
  }

  /** Starts reading; resolves at once. */
  start(): Promise<void> {
    if (this.#reader) {
      return Promise.reject(new Error("Cannot start the transport: it runs"));
    }
    this.#reader = this.#input.getReader();
    this.#readAll(this.#reader);
    return Promise.resolve();
  }

  /** Writes one message as one line. */
  async send(message: JSONRPCMessage): Promise<void> {
    await this.#write(message);
  }

  /** Stops reading and reports the close once. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#reader?.cancel().catch(() => {});
    this.onclose?.();
  }

  async #readAll(
    reader: ReadableStreamDefaultReader<Uint8Array>,
  ): Promise<void> {
    try {
      for await (const line of readLines(reader, this.#max)) {
        await this.#receive(line);
      }
    } catch (error) {
      if (!this.#closed) {
        this.onerror?.(error instanceof Error ? error : new Error(`${error}`));
      }
    }
    await this.close();
  }

  async #receive(line: InputLine): Promise<void> {
    if (line.kind === "oversized") {
      const id = idFromEnds(line.head, line.tail);
      this.#log(
        `refused a message of ${size(line.bytes)}: over the ${
          size(this.#max)
        } limit; still serving`,
      );
      await this.#replyError(
        id,
        INVALID_REQUEST,
        `Message too large: ${size(line.bytes)} is over the ${
          size(this.#max)
        } limit of this server; index large text by path (ctx_index path) or send it in parts`,
        { maxBytes: this.#max, bytes: line.bytes },
      );
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#log(
        `answered a line that is not JSON with a parse error (-32700); still serving`,
      );
      await this.#replyError(
        idFromEnds(line.text.slice(0, 4096), line.text.slice(-4096)),
        PARSE_ERROR,
        `Parse error: ${reason.split("\n")[0]!.slice(0, 200)}`,
      );
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const record = value !== null && typeof value === "object"
        ? value as Record<string, unknown>
        : {};
      this.#log(
        `answered JSON that is not a JSON-RPC message with an invalid request error (-32600); still serving`,
      );
      await this.#replyError(
        isRequestId(record.id) ? record.id : null,
        INVALID_REQUEST,
        "Invalid Request: not a JSON-RPC 2.0 request, notification or response",
      );
      return;
    }
    this.onmessage?.(parsed.data);
  }

  async #replyError(
    id: RequestId | null,
    code: number,
    message: string,
    data?: Record<string, number>,
  ): Promise<void> {
    await this.#write({
      jsonrpc: "2.0",
      id,
      error: { code, message, ...(data ? { data } : {}) },
    }).catch((error) => this.onerror?.(error));
  }

  #write(message: unknown): Promise<void> {
    const line = new TextEncoder().encode(`${JSON.stringify(message)}\n`);
    return this.#writer.write(line);
  }
}

/**
 * The id of a request seen only by its ends: the SDK's clients write `id`
 * last (`…,"jsonrpc":"2.0","id":7}`), others write it near the start. Only
 * an `id` at the top level counts: last before the final brace, or among
 * the leading `jsonrpc`/`id`/`method` members.
 */
export function idFromEnds(head: string, tail: string): RequestId | null {
  const value = String.raw`(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")`;
  const last = tail.match(
    new RegExp(String.raw`[,{]\s*"id"\s*:\s*${value}\s*\}\s*$`),
  );
  const first = head.match(
    new RegExp(
      String
        .raw`^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"\\]{0,200}"\s*,)*\s*"id"\s*:\s*${value}`,
    ),
  );
  const text = last?.[1] ?? first?.[1];
  if (text === undefined) return null;
  try {
    const id: unknown = JSON.parse(text);
    return isRequestId(id) ? id : null;
  } catch {
    return null;
  }
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" ||
    typeof value === "number" && Number.isInteger(value);
}

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
