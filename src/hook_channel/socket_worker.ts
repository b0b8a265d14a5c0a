/**
 * The Worker behind the server's hook socket: listens on the path it is
 * given, answers one request per connection with the hook engine, and says
 * `{ok: true}` once listening (or `{error}`). Work an answer leaves (indexing
 * a shrunk result) runs before the answer, or, when the process serves the
 * MCP tools too (`deferIndexing`), once the answer is sent and before any
 * later request is decided; it is then announced to the process
 * (`{indexing: "started"}` before the answer goes, `{indexing: "done"}`
 * after), whose tool calls wait for it.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { afterAnswer, answerRequest, failOpen } from "./answer.ts";
import { loadHookEngine } from "../../hooks/engine/run_hook.ts";
import { writeAllTo } from "./exchange.ts";
import { type ReadLine, readLines } from "./line_reader.ts";
import {
  ACCEPTED_LINE,
  answerLine,
  attachedBytes,
  type ChannelAnswer,
  idOfLongLine,
  MAX_LINE_BYTES,
  parseRequest,
} from "./protocol.ts";

async function answerConnection(
  connection: Deno.UnixConn,
  key: string,
  deferIndexing: boolean,
): Promise<void> {
  try {
    const send = (line: string) =>
      writeAllTo(connection, new TextEncoder().encode(line));
    // Taken on: the hook waits for this connection's answer (protocol.ts).
    await send(ACCEPTED_LINE);
    for await (
      const read of readLines(
        connection.readable,
        MAX_LINE_BYTES,
        attachedBytes,
      )
    ) {
      const deferred: Array<() => Promise<void>> = [];
      const answer = await answerOf(
        read,
        key,
        deferIndexing ? (work) => deferred.push(work) : undefined,
      );
      if (deferred.length > 0) {
        // Said before the answer goes out, so that the server's tool calls,
        // the next one included, wait until the work is done.
        self.postMessage({ indexing: "started" });
      }
      const sending = answer ? send(answerLine(answer)) : Promise.resolve();
      // Queued before the answer goes out: the next request waits for it.
      if (deferred.length > 0) {
        afterAnswer(sending, deferred).finally(() =>
          self.postMessage({ indexing: "done" })
        );
      }
      await sending;
      break;
    }
  } catch {
    // The hook process gave up (its deadline passed): it decides in-process.
  } finally {
    try {
      connection.close();
    } catch {
      // already closed
    }
  }
}

async function answerOf(
  read: ReadLine,
  key: string,
  defer: ((work: () => Promise<void>) => void) | undefined,
): Promise<ChannelAnswer | undefined> {
  if ("tooLong" in read) {
    return {
      id: idOfLongLine(read.tooLong),
      reply: failOpen({ stdout: "", exitCode: 0 }, "the request is too long"),
    };
  }
  const parsed = parseRequest(read.line, read.attachment);
  if (!("request" in parsed)) {
    return {
      id: parsed.id,
      reply: failOpen({ stdout: "", exitCode: 0 }, parsed.error),
    };
  }
  const { request } = parsed;
  // Only processes that can read the user's key file are answered; the
  // others get no answer, and a hook whose key went stale decides in-process.
  if (request.key !== key) return undefined;
  return {
    id: request.id,
    reply: await answerRequest(request, {
      env: request.env ?? {},
      parentPid: request.ppid ?? 0,
      defer,
    }),
  };
}

/**
 * Listens on a socket and answers hook requests that carry the key.
 *
 * @param path The socket's path.
 * @param key The key every request must carry.
 * @returns The listener, or an error message.
 */
export function serveHookSocket(
  path: string,
  key: string,
  deferIndexing = false,
): Deno.UnixListener | string {
  let listener: Deno.UnixListener;
  try {
    listener = Deno.listen({ transport: "unix", path });
    Deno.chmodSync(path, 0o600);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  // The first hook should not pay for loading the engine.
  loadHookEngine().catch(() => {});
  (async () => {
    for await (const connection of listener) {
      void answerConnection(connection, key, deferIndexing);
    }
  })().catch(() => {});
  return listener;
}

let serving: Deno.UnixListener | undefined;

self.onmessage = (
  event: MessageEvent<
    { path: string; key: string; deferIndexing?: boolean } | { close: true }
  >,
) => {
  if ("close" in event.data) {
    // Closing the listener removes the socket file: before the Worker ends,
    // so that it never removes a later server's socket of the same name.
    try {
      serving?.close();
    } catch {
      // already closed
    }
    self.postMessage({ closed: true });
    return;
  }
  const result = serveHookSocket(
    event.data.path,
    event.data.key,
    event.data.deferIndexing === true,
  );
  if (typeof result === "string") self.postMessage({ error: result });
  else {
    serving = result;
    self.postMessage({ ok: true });
  }
};
