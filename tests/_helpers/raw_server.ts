/**
 * The real MCP server, spawned as `deno run -A main.ts serve`, driven by raw
 * lines on its stdin: what a careless or hostile client would write.
 *
 * @module
 */

import { childEnv, MAIN } from "./run_cli.ts";
import { tempDir } from "./temp_dir.ts";

/** A server read and written line by line. */
export interface RawServer extends AsyncDisposable {
  /** Writes text or bytes to the server's stdin as is (add the line break yourself). */
  write(data: string | Uint8Array): Promise<void>;
  /** Writes one JSON-RPC message as one line. */
  send(message: Record<string, unknown>): Promise<void>;
  /** The next reply line, parsed; fails after `timeoutMs` (default 60 s). */
  reply(timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends a request and waits for the reply with the same id, keeping others for `reply()`. */
  request(
    method: string,
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** The exit status, once the process ended. */
  status: Promise<Deno.CommandStatus>;
  /** The temporary project (also the data home). */
  project: string;
}

/**
 * Starts the server in a temporary project and completes the MCP handshake.
 *
 * @param env Extra environment variables for the server.
 * @returns The server; disposing closes its stdin, waits for it, removes the project.
 */
export async function startRawServer(
  env: Record<string, string> = {},
): Promise<RawServer> {
  const dir = await tempDir();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "serve"],
    cwd: dir.path,
    clearEnv: true,
    env: childEnv(dir.path, { CTX_MODE_PROJECT_DIR: dir.path, ...env }),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const encoder = new TextEncoder();
  let stderr = "";
  const stderrDone = (async () => {
    for await (
      const text of child.stderr.pipeThrough(new TextDecoderStream())
    ) stderr += text;
  })();
  const lines = child.stdout.pipeThrough(new TextDecoderStream())
    .pipeThrough(splitLines()).getReader();
  const held: Record<string, unknown>[] = [];
  let nextId = 1000;

  const reply = async (timeoutMs = 60_000) => {
    const kept = held.shift();
    if (kept) return kept;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `no reply within ${timeoutMs} ms; stderr:\n${stderr}`,
            ),
          ),
        timeoutMs,
      );
    });
    try {
      const { value, done } = await Promise.race([lines.read(), timeout]);
      if (done) throw new Error(`the server ended; stderr:\n${stderr}`);
      return JSON.parse(value) as Record<string, unknown>;
    } finally {
      clearTimeout(timer);
    }
  };
  const write = (data: string | Uint8Array) =>
    writer.write(typeof data === "string" ? encoder.encode(data) : data);
  const send = (message: Record<string, unknown>) =>
    write(`${JSON.stringify(message)}\n`);
  const request = async (method: string, params: Record<string, unknown>) => {
    const id = nextId++;
    await send({ jsonrpc: "2.0", id, method, params });
    const skipped: Record<string, unknown>[] = [];
    try {
      while (true) {
        const message = await reply();
        if (message.id === id) return message;
        skipped.push(message);
      }
    } finally {
      held.unshift(...skipped);
    }
  };

  const server: RawServer = {
    write,
    send,
    reply,
    request,
    stderr: () => stderr,
    status: child.status,
    project: dir.path,
    async [Symbol.asyncDispose]() {
      await writer.close().catch(() => {});
      await lines.cancel().catch(() => {});
      await child.status;
      await stderrDone;
      await dir[Symbol.asyncDispose]();
    },
  };
  try {
    await server.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "raw-test-client", version: "9.9.9" },
    });
    await send({ jsonrpc: "2.0", method: "notifications/initialized" });
  } catch (error) {
    await server[Symbol.asyncDispose]();
    throw error;
  }
  return server;
}

/** Splits a text stream into lines, without their line breaks. */
function splitLines(): TransformStream<string, string> {
  let rest = "";
  return new TransformStream({
    transform(chunk, controller) {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      for (const part of parts) if (part.trim()) controller.enqueue(part);
    },
    flush(controller) {
      if (rest.trim()) controller.enqueue(rest);
    },
  });
}
