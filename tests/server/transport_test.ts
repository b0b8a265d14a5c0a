import assert from "node:assert/strict";
import { startRawServer } from "../_helpers/raw_server.ts";
import {
  idFromEnds,
  MAX_MESSAGE_BYTES,
} from "../../src/server/line_transport.ts";
import { MAX_TEXT_CHARS } from "../../src/server/tools/_limits.ts";

const TWELVE_MB = 12 * 1024 * 1024;

function errorOf(reply: Record<string, unknown>): {
  code: number;
  message: string;
} {
  assert.ok(reply.error, `an error reply: ${JSON.stringify(reply)}`);
  return reply.error as { code: number; message: string };
}

function textOf(reply: Record<string, unknown>): string {
  const result = reply.result as { content: Array<{ text: string }> };
  return result.content.map((item) => item.text).join("\n");
}

async function stillServes(
  server: Awaited<ReturnType<typeof startRawServer>>,
): Promise<void> {
  const indexed = await server.request("tools/call", {
    name: "ctx_index",
    arguments: {
      content: "The gyroscope drifts westward after calibration.",
      source: "after",
    },
  });
  assert.match(textOf(indexed), /^Indexed "after"/);
  const found = await server.request("tools/call", {
    name: "ctx_search",
    arguments: { queries: ["gyroscope drifts"] },
  });
  assert.match(textOf(found), /gyroscope drifts westward/);
}

Deno.test("a message over the size limit is answered with an error naming the limit, logged once, and the server keeps serving", async () => {
  await using server = await startRawServer();
  // The SDK's clients write the id last; others write it first.
  await server.write(
    `${
      JSON.stringify({
        method: "tools/call",
        params: {
          name: "ctx_index",
          arguments: { content: "x".repeat(TWELVE_MB) },
        },
        jsonrpc: "2.0",
        id: 7,
      })
    }\n`,
  );
  const index = await server.reply();
  assert.equal(index.id, 7);
  assert.equal(errorOf(index).code, -32600);
  assert.match(errorOf(index).message, /12\.0 MiB is over the 10\.0 MiB limit/);
  await server.write(
    `${
      JSON.stringify({
        jsonrpc: "2.0",
        id: "big-code",
        method: "tools/call",
        params: {
          name: "ctx_execute",
          arguments: { language: "js", code: `// ${"y".repeat(TWELVE_MB)}` },
        },
      })
    }\n`,
  );
  const execute = await server.reply();
  assert.equal(execute.id, "big-code");
  assert.match(errorOf(execute).message, /over the 10\.0 MiB limit/);

  await stillServes(server);
  const logged = server.stderr().trim().split("\n").filter((line) =>
    line.startsWith("ctx-mode serve:")
  );
  assert.equal(logged.length, 2, server.stderr());
  for (const line of logged) {
    assert.match(
      line,
      /^ctx-mode serve: refused a message of 12\.0 MiB: over the 10\.0 MiB limit; still serving$/,
    );
  }
});

Deno.test("malformed, truncated and non-JSON-RPC lines get JSON-RPC errors instead of silence, and the server keeps serving", async (t) => {
  await using server = await startRawServer();
  const cases: Array<
    { name: string; line: string | Uint8Array; code: number; id: unknown }
  > = [
    { name: "not JSON", line: "{not json", code: -32700, id: null },
    {
      name: "a truncated request",
      line: '{"jsonrpc":"2.0","id":5,"method":"tools/ca',
      code: -32700,
      id: 5,
    },
    { name: "an array", line: "[1, 2]", code: -32600, id: null },
    {
      name: "a request with a stray member",
      line: '{"jsonrpc":"2.0","id":6,"method":"tools/list","stray":1}',
      code: -32600,
      id: 6,
    },
    {
      name: "bytes that are not UTF-8",
      line: new Uint8Array([0xff, 0xfe, 0x7b, 0x80]),
      code: -32700,
      id: null,
    },
  ];
  for (const c of cases) {
    await t.step(c.name, async () => {
      await server.write(c.line);
      await server.write("\n");
      const reply = await server.reply();
      assert.equal(reply.jsonrpc, "2.0");
      assert.equal(reply.id, c.id);
      assert.equal(errorOf(reply).code, c.code);
      assert.equal(
        errorOf(reply).message.startsWith(
          c.code === -32700 ? "Parse error" : "Invalid Request",
        ),
        true,
      );
    });
  }
  await t.step(
    "arguments nested 200,000 deep fail validation, one call only",
    async () => {
      const deep = "[".repeat(200_000) + "]".repeat(200_000);
      await server.write(
        `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"ctx_search","arguments":{"queries":${deep}}}}\n`,
      );
      const reply = await server.reply();
      assert.equal(reply.id, 8);
      assert.equal((reply.result as { isError: boolean }).isError, true);
    },
  );
  await t.step("a normal call still works", () => stillServes(server));
  assert.equal(
    server.stderr().trim().split("\n").filter((line) =>
      line.startsWith("ctx-mode serve:")
    ).length,
    cases.length,
    server.stderr(),
  );
});

Deno.test("the published input schemas state their maximum sizes, within the message limit", async () => {
  await using server = await startRawServer();
  const listed = await server.request("tools/list", {});
  const tools = (listed.result as {
    tools: Array<
      { name: string; inputSchema: { properties: Record<string, Schema> } }
    >;
  }).tools;
  const property = (tool: string, name: string): Schema => {
    const found = tools.find((t) => t.name === tool)?.inputSchema
      .properties[name];
    assert.ok(found, `${tool}.${name}`);
    return found;
  };
  assert.ok(MAX_TEXT_CHARS < MAX_MESSAGE_BYTES);
  assert.equal(property("ctx_index", "content").maxLength, MAX_TEXT_CHARS);
  assert.equal(property("ctx_execute", "code").maxLength, MAX_TEXT_CHARS);
  assert.equal(property("ctx_execute_file", "code").maxLength, MAX_TEXT_CHARS);
  for (
    const [tool, name] of [["ctx_search", "queries"], [
      "ctx_batch_execute",
      "commands",
    ]]
  ) {
    const array = property(tool!, name!);
    assert.equal(typeof array.maxItems, "number", `${tool}.${name} maxItems`);
  }
  assert.equal(
    typeof property("ctx_search", "queries").items?.maxLength,
    "number",
  );
  for (const tool of tools) {
    for (const [name, schema] of Object.entries(tool.inputSchema.properties)) {
      if (schema.type === "string" && schema.enum === undefined) {
        assert.equal(typeof schema.maxLength, "number", `${tool.name}.${name}`);
      }
    }
  }

  const tooLong = await server.request("tools/call", {
    name: "ctx_index",
    arguments: { content: "z".repeat(MAX_TEXT_CHARS + 1) },
  });
  assert.equal((tooLong.result as { isError: boolean }).isError, true);
  assert.match(textOf(tooLong), /8000000/);
});

interface Schema {
  type?: string;
  maxLength?: number;
  maxItems?: number;
  items?: Schema;
  enum?: unknown[];
}

Deno.test("idFromEnds() finds a top-level id at either end and nothing nested", () => {
  assert.equal(
    idFromEnds('{"method":"x","params":{', ',"jsonrpc":"2.0","id":12}'),
    12,
  );
  assert.equal(
    idFromEnds('{"jsonrpc":"2.0","id":"a\\"b","method":', "…"),
    'a"b',
  );
  assert.equal(idFromEnds('{"params":{"id":3', '"id":4}}'), null);
  assert.equal(idFromEnds("garbage", "garbage"), null);
});
