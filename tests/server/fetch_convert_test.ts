import assert from "node:assert/strict";
import {
  resultText,
  startServerInTempProject,
} from "../_helpers/mcp_client.ts";
import { PATHOLOGICAL, slowPage } from "../_helpers/pathological_html.ts";

/** A loopback site serving the pathological pages; it tells when a page has been served. */
function pathologicalSite() {
  const served = new Map<string, PromiseWithResolvers<void>>();
  const servedOnce = (path: string) => {
    if (!served.has(path)) served.set(path, Promise.withResolvers<void>());
    return served.get(path)!;
  };
  const pages: Record<string, string> = {
    "/slow": slowPage(200_000),
    "/divs": PATHOLOGICAL.nestedDivs,
    "/bold": PATHOLOGICAL.unclosedBold,
    "/crowded": "<span>x</span>".repeat(260_000),
    "/small": "<title>Small</title><p>A small page.</p>",
  };
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => {
      const path = new URL(request.url).pathname;
      const page = pages[path];
      if (page === undefined) return new Response("?", { status: 404 });
      const body = new TextEncoder().encode(page);
      servedOnce(path).resolve();
      return new Response(body, {
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    },
  );
  return {
    url: (path: string) => `http://127.0.0.1:${server.addr.port}${path}`,
    served: (path: string) => servedOnce(path).promise,
    shutdown: () => server.shutdown(),
  };
}

Deno.test("the server answers other calls while a pathological page converts, and indexes deep pages", async (t) => {
  const site = pathologicalSite();
  try {
    await using server = await startServerInTempProject({
      env: { CTX_MODE_FETCH_TIMEOUT_MS: "300000" },
    });
    await server.callText("ctx_index", {
      content: "# Notes\n\nThe quokka sleeps in the afternoon.",
      source: "notes",
    });

    await t.step(
      "ctx_search answers while the slow page is converting",
      async () => {
        // A first page loads the converter's modules, so the slow one converts as soon as it arrives.
        await server.call("ctx_fetch_and_index", { url: site.url("/small") });
        let fetchSettled = false;
        const fetching = server.call("ctx_fetch_and_index", {
          url: site.url("/slow"),
          source: "slow",
        }).finally(() => fetchSettled = true);
        fetching.catch(() => {});
        await site.served("/slow");
        // Calls in a row, each answered before the conversion ends; ctx_search is throttled past a few a minute.
        for (let i = 0; i < 10; i++) {
          const stats = await server.callText("ctx_stats");
          assert.match(stats, /ctx_index/);
          assert.equal(fetchSettled, false, "a call waited for the conversion");
        }
        const found = await server.callText("ctx_search", {
          queries: ["quokka afternoon"],
        });
        assert.match(found, /quokka sleeps/);
        assert.equal(
          fetchSettled,
          false,
          "the search waited for the conversion",
        );
      },
    );

    await t.step(
      "1.1 MB of nested divs and 15 KB of unclosed bold are indexed",
      async () => {
        for (
          const [path, text] of [["/divs", "deep text"], ["/bold", "bold text"]]
        ) {
          const result = await server.call("ctx_fetch_and_index", {
            url: site.url(path!),
            source: path!.slice(1),
          });
          assert.equal(result.isError, undefined, resultText(result));
          const found = await server.callText("ctx_search", {
            queries: [text!],
            source: path!.slice(1),
          });
          assert.match(found, new RegExp(text!));
        }
      },
    );

    await t.step(
      "a page with too many elements is refused in one line",
      async () => {
        const result = await server.call("ctx_fetch_and_index", {
          url: site.url("/crowded"),
        });
        assert.equal(result.isError, true);
        assert.match(
          resultText(result),
          /^Cannot index "[^"]+": the HTML cannot be converted \(the page has more than 250000 elements\)$/,
        );
      },
    );
  } finally {
    await site.shutdown();
  }
});
