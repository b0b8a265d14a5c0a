/**
 * Red team, fetch: DNS rebinding. The address check resolves a name, then
 * `fetch()` resolves it again; the server must connect only to the address
 * it checked, on every hop. The names here resolve to loopback through the
 * system resolver, while the checking lookup (injected, as the fetcher
 * allows) answers with a public address, which is what a rebinding DNS
 * server does between two lookups. Loopback is refused by the policy, so
 * the loopback server the test starts must see no request.
 */

import assert from "node:assert/strict";
import { fetchUrl } from "../../src/fetch/_fetch_url.ts";
import { ENABLED } from "./_redteam_harness.ts";

const POLICY = {
  loopback: { access: "deny" as const, from: "the red team" },
  private: { access: "deny" as const, from: "the red team" },
};

for (
  const [name, path] of [
    ["the first hop", "/"],
    ["a redirect hop", "/hop"],
  ] as const
) {
  Deno.test({
    name:
      `red team: ctx_fetch_and_index connects only to the address it checked, on ${name}${
        ENABLED ? "" : " (skipped: red-team suite: set CTX_MODE_REDTEAM=1)"
      }`,
    ignore: !ENABLED,
    fn: async () => {
      let hits = 0;
      const server: Deno.HttpServer<Deno.NetAddr> = Deno.serve(
        { hostname: "127.0.0.1", port: 0, onListen() {} },
        (request): Response => {
          hits++;
          const url = new URL(request.url);
          return url.pathname === "/hop"
            ? Response.redirect(`http://localhost:${server.addr.port}/`, 302)
            : new Response("internal", {
              headers: { "content-type": "text/plain" },
            });
        },
      );
      try {
        // The first lookup of each name says public; the system's resolver says loopback.
        const result = await fetchUrl(
          new URL(`http://localhost:${server.addr.port}${path}`),
          {
            timeoutMs: 5_000,
            maxBytes: 1024,
            maxRedirects: 2,
            network: POLICY,
            retryDelayMs: 10,
            userAgent: "red-team",
            fetch: globalThis.fetch,
            lookup: () => Promise.resolve(["93.184.215.14"]),
            signal: undefined,
            refuseType: () => undefined,
          },
        );
        assert.equal(
          hits,
          0,
          `the server connected to loopback: ${JSON.stringify(result)}`,
        );
      } finally {
        await server.shutdown();
      }
    },
  });
}
