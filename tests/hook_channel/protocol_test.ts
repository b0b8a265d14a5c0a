import assert from "node:assert/strict";
import { readLines } from "../../src/hook_channel/line_reader.ts";
import {
  answerLine,
  attachedBytes,
  parseRequest,
} from "../../src/hook_channel/protocol.ts";
import { hookThroughServer } from "../../src/hook_channel/fast_hook.ts";
import { parseAnswer } from "../../src/hook_channel/exchange.ts";
import { startHookSocket } from "../../src/hook_channel/socket_server.ts";
import {
  type ByteSource,
  StdinReader,
} from "../../src/hook_channel/stdin_reader.ts";
import { adapterFor } from "../../adapters/registry.ts";
import { runHook as runHookInProcess } from "../../hooks/engine/run_hook.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const encoder = new TextEncoder();

/** A stream of `text` cut into pieces of `size` bytes. */
function streamOf(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    pieces.push(bytes.slice(at, at + size));
  }
  return ReadableStream.from(pieces);
}

/** A request line announcing `payload`'s bytes, then the bytes. */
function framed(id: number, payload: string): string {
  const count = encoder.encode(payload).length;
  return `{"id":${id},"event":"E","payloadBytes":${count}}\n${payload}`;
}

Deno.test("raw payload bytes after a line are read whole, newlines and all, whatever the cut of the stream", async () => {
  const payload = '{\n  "prompt": "déjà vu 🙂",\n  "x": "\\n"\n}';
  const text = `${framed(1, payload)}${framed(2, "")}{"id":3,"event":"E"}\n${
    framed(4, "tail")
  }`;
  for (const size of [1, 2, 3, 7, 64, 4096]) {
    const reads = await Array.fromAsync(
      readLines(streamOf(text, size), 1024, attachedBytes),
    );
    const requests = reads.map((read) => {
      assert.ok("line" in read, `cut ${size}`);
      return parseRequest(read.line, read.attachment);
    });
    assert.deepEqual(
      requests.map((parsed) => "request" in parsed && parsed.request.payload),
      [payload, "", undefined, "tail"],
      `cut ${size}`,
    );
  }
});

Deno.test("announced bytes over the cap are skipped, the stream read on; bytes cut short are an error", async () => {
  const big = "b".repeat(100);
  const text = `${framed(1, big)}{"id":2,"event":"E","payload":{}}\n`;
  const reads = await Array.fromAsync(
    readLines(streamOf(text, 16), 50, attachedBytes),
  );
  assert.equal(reads.length, 2);
  const [first, second] = reads.map((read) =>
    "line" in read ? parseRequest(read.line, read.attachment) : read
  );
  assert.deepEqual(first, { id: 1, error: "the payload is too long" });
  assert.ok(second && "request" in second && second.request.id === 2);

  const cut = await Array.fromAsync(
    readLines(streamOf(framed(5, "abcdef").slice(0, -2), 4), 50, attachedBytes),
  );
  assert.equal(cut.length, 1);
  const read = cut[0]!;
  assert.ok("line" in read);
  assert.deepEqual(parseRequest(read.line, read.attachment), {
    id: 5,
    error: "the payload ended early",
  });
});

Deno.test("a request has its payload in the line or after it, not both; payloadBytes is a whole number", () => {
  assert.deepEqual(
    parseRequest(
      '{"id":1,"event":"E","payload":{},"payloadBytes":2}',
      encoder.encode("{}"),
    ),
    { id: 1, error: "the request has both a payload and payloadBytes" },
  );
  for (const count of ["-1", "1.5", '"2"']) {
    assert.deepEqual(
      parseRequest(`{"id":1,"event":"E","payloadBytes":${count}}`),
      { id: 1, error: "payloadBytes is not a whole number" },
      count,
    );
    assert.equal(attachedBytes(`{"id":1,"payloadBytes":${count}}`), 0);
  }
  assert.equal(attachedBytes('{"id":1,"payloadBytes":'), 0);
});

Deno.test("answers are ASCII, and read back to the same reply", () => {
  const reply = {
    stdout: '{"reason":"rm -rf ~/données 🙂 \u2028 ok"}\n',
    exitCode: 2,
    stderr: "ctx-mode hook: naïve\n",
  };
  const line = answerLine({ id: "é", reply });
  assert.ok(line.endsWith("\n"));
  assert.match(line.slice(0, -1), /^[\x20-\x7e]*$/);
  assert.deepEqual(parseAnswer(line.slice(0, -1), "é"), reply);
});

Deno.test({
  name:
    "the fast path sends its payload raw (newlines, non-ASCII) and prints the server's answer byte for byte as the in-process hook would",
  ignore: Deno.build.os === "windows",
  async fn() {
    await using dir = await tempDir();
    const project = await Deno.realPath(dir.path);
    const socket = await startHookSocket({
      dataHome: project,
      projectDir: project,
    });
    assert.ok(!("reason" in socket), JSON.stringify(socket));
    try {
      const adapter = (await adapterFor("claude-code"))!;
      // A generous deadline: this machine may be busy with other tests.
      const env = {
        HOME: project,
        CTX_MODE_HOME: project,
        CTX_MODE_HOOK_SOCKET_MS: "60000",
      };
      const payloads = [
        { tool_name: "Bash", tool_input: { command: "rm -rf ~ # données 🙂" } },
        {
          tool_name: "Bash",
          tool_input: { command: "curl https://exemple.fr/é" },
        },
        {
          tool_name: "Read",
          tool_input: { file_path: `${project}/données/.env` },
        },
      ];
      let printed = "";
      for (const [index, fields] of payloads.entries()) {
        const payload = (session: string) =>
          JSON.stringify(
            {
              session_id: session,
              cwd: project,
              hook_event_name: "PreToolUse",
              ...fields,
            },
            null,
            2,
          );
        printed = "";
        const result = await hookThroughServer(["claude-code", "PreToolUse"], {
          env,
          cwd: project,
          stdin: new StdinReader(bytesSource(payload(`socket-${index}`))),
          out: (text) => Promise.resolve(void (printed += text)),
          err: (text) => Promise.reject(new Error(`stderr: ${text}`)),
        });
        const direct = await runHookInProcess(
          adapter,
          "PreToolUse",
          payload(`direct-${index}`),
          { env, parentPid: Deno.ppid, now: Date.now() },
        );
        assert.deepEqual(result, { exitCode: direct.exitCode }, printed);
        assert.equal(printed, direct.stdout);
        assert.notEqual(printed, "");
      }
      // The answers themselves held text beyond ASCII.
      assert.match(printed, /données\/\.env/);
    } finally {
      await socket.close();
    }
  },
});

/** A source that gives `text` in one read, then its end. */
function bytesSource(text: string): ByteSource {
  const pending = [encoder.encode(text)];
  return {
    read(buffer) {
      const next = pending.shift();
      if (next === undefined) return Promise.resolve(null);
      buffer.set(next);
      return Promise.resolve(next.length);
    },
    close() {},
  };
}
