/**
 * `ctx-mode hook --serve <agent>`: the long-lived hook process that an
 * agent's in-process plugin starts once per session. It reads one request per
 * line on stdin and writes one answer per line on stdout, in the order the
 * requests came, until stdin ends or stdout closes. A bad line gets the
 * agent's pass-through answer and the channel keeps serving.
 *
 * @module
 */

import { adapterFor } from "../../adapters/registry.ts";
import { answerRequest, failOpen } from "./answer.ts";
import { readLines } from "./line_reader.ts";
import {
  answerLine,
  attachedBytes,
  type ChannelAnswer,
  idOfLongLine,
  MAX_LINE_BYTES,
  parseRequest,
} from "./protocol.ts";

/** Where the channel reads, writes and reports. */
export interface StdioChannel {
  /** The agent served. */
  agent: string;
  /** The requests. */
  input: ReadableStream<Uint8Array>;
  /** Writes one answer line; rejects when the reader has gone. */
  write(line: string): Promise<void>;
  /** Writes one stderr line. */
  note(line: string): void;
  /** The environment and parent id of this process, for every request. */
  env: Readonly<Record<string, string>>;
  parentPid: number;
  /** The longest request line. @default {MAX_LINE_BYTES} */
  maxLineBytes?: number;
}

/**
 * Serves requests until the input ends or the output closes.
 *
 * @param channel The agent, the streams and the facts.
 * @returns How many requests were answered.
 */
export async function serveStdioChannel(
  channel: StdioChannel,
): Promise<number> {
  const adapter = await adapterFor(channel.agent);
  const passThrough = adapter?.passThrough() ?? { stdout: "", exitCode: 0 };
  let answered = 0;
  for await (
    const read of readLines(
      channel.input,
      channel.maxLineBytes ?? MAX_LINE_BYTES,
      attachedBytes,
    )
  ) {
    let answer: ChannelAnswer;
    if ("tooLong" in read) {
      answer = {
        id: idOfLongLine(read.tooLong),
        reply: failOpen(
          passThrough,
          "Cannot read the request: the line is too long",
        ),
      };
    } else if (read.line.trim() === "") {
      continue;
    } else {
      const parsed = parseRequest(read.line, read.attachment);
      answer = "request" in parsed
        ? {
          id: parsed.request.id,
          reply: await answerRequest(
            // The channel serves one agent: a request cannot switch it.
            { ...parsed.request, agent: channel.agent },
            channel,
          ),
        }
        : {
          id: parsed.id,
          reply: failOpen(
            passThrough,
            `Cannot read the request: ${parsed.error}`,
          ),
        };
    }
    if (answer.reply.stderr) channel.note(answer.reply.stderr);
    try {
      await channel.write(answerLine(answer));
    } catch {
      // The plugin has gone: nothing left to serve.
      break;
    }
    answered++;
  }
  return answered;
}
