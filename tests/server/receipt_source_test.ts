import assert from "node:assert/strict";
import {
  resultText,
  startServerInTempProject,
} from "../_helpers/mcp_client.ts";

/** The `source` of the search call a receipt ends with, as the agent would copy it. */
function copiedSource(receipt: string): string | string[] {
  const call = receipt.match(/ctx_search\(queries, source: (.+?)\)[ .]/);
  assert.ok(call, `the receipt names a search call:\n${receipt}`);
  assert.ok(!call[1]!.includes("<label>"), "no placeholder in the receipt");
  return JSON.parse(call[1]!);
}

function loopback(): { url: string; shutdown(): Promise<void> } {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => {
      const path = new URL(request.url).pathname;
      const word = path.slice(1).replace(/\W/g, "");
      return new Response(
        `<html><head><title>Page ${word}</title></head><body><main><h1>About ${word}</h1><p>The marker word is zz${word}marker.</p></main></body></html>`,
        { headers: { "content-type": "text/html; charset=utf-8" } },
      );
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    shutdown: () => server.shutdown(),
  };
}

Deno.test("every receipt's search call, copied as it stands, finds the content over MCP", async (t) => {
  const http = loopback();
  try {
    await using server = await startServerInTempProject();
    const finds = async (
      receipt: string,
      query: string,
    ): Promise<void> => {
      const source = copiedSource(receipt);
      const found = await server.callText("ctx_search", {
        queries: [query],
        source,
      });
      assert.match(found, new RegExp(query), `${receipt}\n---\n${found}`);
    };
    await t.step("ctx_fetch_and_index with its default label", async () => {
      const receipt = await server.callText("ctx_fetch_and_index", {
        url: `${http.url}/alpha`,
      });
      await finds(receipt, "zzalphamarker");
    });
    await t.step(
      "ctx_fetch_and_index with a label holding quotes and a backslash",
      async () => {
        const receipt = await server.callText("ctx_fetch_and_index", {
          url: `${http.url}/beta`,
          source: 'odd "label" \\ here',
        });
        await finds(receipt, "zzbetamarker");
      },
    );
    await t.step("ctx_fetch_and_index with several URLs", async () => {
      const receipt = await server.callText("ctx_fetch_and_index", {
        requests: [
          { url: `${http.url}/gamma`, source: "many-one" },
          { url: `${http.url}/delta`, source: "many-two" },
        ],
      });
      assert.deepEqual(copiedSource(receipt), ["many-one", "many-two"]);
      await finds(receipt, "zzgammamarker");
      await finds(receipt, "zzdeltamarker");
    });
    await t.step("ctx_index of content", async () => {
      const receipt = await server.callText("ctx_index", {
        content: "# Notes\n\nThe marker word is zzepsilonmarker.\n",
        source: "notes",
      });
      await finds(receipt, "zzepsilonmarker");
    });
    await t.step("ctx_batch_execute without queries", async () => {
      const result = await server.call("ctx_batch_execute", {
        commands: [
          { label: "first", command: "echo zzzetamarker" },
          { label: "second", command: "echo zzetamarker" },
        ],
      });
      const receipt = resultText(result);
      assert.deepEqual(copiedSource(receipt), ["batch:first", "batch:second"]);
      await finds(receipt, "zzzetamarker");
      await finds(receipt, "zzetamarker");
    });
  } finally {
    await http.shutdown();
  }
});
