import assert from "node:assert/strict";
import {
  resultText,
  startServerInTempProject,
} from "../_helpers/mcp_client.ts";

function loopback(): { url: string; shutdown(): Promise<void> } {
  let hits = 0;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const path = new URL(request.url).pathname;
      hits++;
      switch (path) {
        case "/page":
          return new Response(
            `<html><head><title>Doc</title><style>.x{}</style></head><body><main><h1>Setup</h1><p>Install with the flag --global.</p><h2>Usage</h2><p>Call run() to start.</p></main></body></html>`,
            { headers: { "content-type": "text/html; charset=utf-8" } },
          );
        case "/api":
          return Response.json({
            issues: Array.from(
              { length: 20 },
              (_, i) => ({
                id: i + 1,
                title: `Issue number ${i + 1}`,
                state: i === 16 ? "closed" : "open",
              }),
            ),
          });
        case "/text":
          return new Response(
            "plain line one\n\nplain line two mentions zebra\n",
            { headers: { "content-type": "text/plain" } },
          );
        case "/missing":
          return new Response("nope", { status: 404, statusText: "Not Found" });
        case "/slow": {
          // Answers only after the client gave up (or a generous deadline): its timeout is the one way out.
          const gaveUp = AbortSignal.any([
            request.signal,
            AbortSignal.timeout(120_000),
          ]);
          await new Promise((resolve) =>
            gaveUp.addEventListener("abort", resolve, { once: true })
          );
          return new Response("late");
        }
        case "/huge":
          return new Response(
            new ReadableStream({
              pull(controller) {
                controller.enqueue(
                  new TextEncoder().encode("word ".repeat(20_000)),
                );
              },
            }),
            { headers: { "content-type": "text/plain" } },
          );
        case "/loop":
          return Response.redirect(new URL("/loop", request.url), 302);
        case "/scripts":
          return new Response(
            `<html><body><script>${"x=1;".repeat(1000)}</script></body></html>`,
            { headers: { "content-type": "text/html" } },
          );
        case "/count":
          return new Response(`counted ${hits}`, {
            headers: { "content-type": "text/plain" },
          });
        default:
          return new Response("?", { status: 500 });
      }
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    shutdown: () => server.shutdown(),
  };
}

Deno.test("ctx_fetch_and_index handles pages, APIs, text, errors, limits and the cache over MCP", async (t) => {
  const http = loopback();
  try {
    await using server = await startServerInTempProject({
      env: {
        CTX_MODE_FETCH_TIMEOUT_MS: "2000",
        CTX_MODE_FETCH_MAX_BYTES: "200000",
      },
    });
    const call = async (args: Record<string, unknown>) => {
      const result = await server.call("ctx_fetch_and_index", args);
      return { text: resultText(result), isError: result.isError === true };
    };
    await t.step("an HTML page comes back as an outline", async () => {
      const { text, isError } = await call({
        url: `${http.url}/page`,
        source: "doc",
      });
      assert.equal(isError, false, text);
      assert.match(text, /markdown from text\/html/);
      assert.match(text, /Setup[\s\S]*Usage/);
      assert.ok(!text.includes("--global"), "the body stays out of the answer");
    });
    await t.step("a JSON API is chunked by path and searchable", async () => {
      const { text } = await call({ url: `${http.url}/api`, source: "api" });
      assert.match(text, /json from application\/json/);
      const search = await server.callText("ctx_search", {
        queries: ["Issue number 17"],
        source: "api",
      });
      assert.match(search, /closed/);
    });
    await t.step("plain text is indexed as text", async () => {
      const { text } = await call({ url: `${http.url}/text`, source: "txt" });
      assert.match(text, /text from text\/plain/);
    });
    await t.step("a 404 is an error and nothing is indexed", async () => {
      const { text, isError } = await call({ url: `${http.url}/missing` });
      assert.equal(isError, true);
      assert.match(text, /404/);
    });
    await t.step(
      "a response slower than the timeout fails in one line",
      async () => {
        const { text, isError } = await call({ url: `${http.url}/slow` });
        assert.equal(isError, true);
        assert.equal(text.split("\n").length, 1);
        assert.match(text, /no complete answer within 2 s/);
      },
    );
    await t.step("a body that never ends is cut at the size cap", async () => {
      const { text } = await call({ url: `${http.url}/huge`, source: "huge" });
      assert.match(text, /truncated at the size cap/);
    });
    await t.step("a redirect loop is refused", async () => {
      const { text, isError } = await call({ url: `${http.url}/loop` });
      assert.equal(isError, true);
      assert.match(text, /redirect/i);
    });
    await t.step(
      "HTML that is all script is an error, not an empty source",
      async () => {
        const { isError } = await call({ url: `${http.url}/scripts` });
        assert.equal(isError, true);
      },
    );
    await t.step(
      "a second fetch within 24 h comes from the cache unless forced",
      async () => {
        const first = await call({ url: `${http.url}/count`, source: "count" });
        const second = await call({
          url: `${http.url}/count`,
          source: "count",
        });
        assert.doesNotMatch(first.text, /from the cache/);
        assert.match(second.text, /from the cache/);
        const forced = await call({
          url: `${http.url}/count`,
          source: "count",
          force: true,
        });
        assert.doesNotMatch(forced.text, /from the cache/);
      },
    );
    await t.step(
      "several URLs at once keep their order, one failing",
      async () => {
        const { text } = await call({
          requests: [{ url: `${http.url}/text`, source: "t1" }, {
            url: `${http.url}/missing`,
          }],
          concurrency: 2,
        });
        const parts = text.split("\n\n");
        assert.match(parts[0] ?? "", /Indexed "t1"/);
        assert.match(parts[1] ?? "", /404/);
      },
    );
  } finally {
    await http.shutdown();
  }
});
