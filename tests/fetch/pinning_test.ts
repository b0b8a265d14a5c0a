import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { fetchAndIndex, type FetchResult } from "../../src/fetch/mod.ts";
import { KnowledgeBase } from "../../src/store/mod.ts";
import {
  failed,
  PINNED_TEXT,
  receipt,
  scriptedLookup,
  startPinServer,
  TLS_DIR,
} from "./_server.ts";

const CHILD = fileURLToPath(new URL("./_pinned_child.ts", import.meta.url));
const FAST = { retryDelayMs: 10, timeoutMs: 10_000 };

/** Runs `_pinned_child.ts` with extra environment (a CA file, proxies). */
async function inChild(
  config: { url: string; answers: Record<string, string[][]> },
  env: Record<string, string>,
): Promise<{ result: FetchResult; lookups: string[]; text: string }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CHILD, JSON.stringify(config)],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert.equal(output.code, 0, stderr);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

Deno.test("fetchAndIndex() connects to the address it checked, not to what the name resolves to a moment later", async () => {
  // The checked address is 127.0.0.2; the rebinding answer is the metadata service.
  await using server = startPinServer("127.0.0.2");
  if (!server) {
    // deno-lint-ignore no-console
    console.log("ignored: 127.0.0.2 cannot be bound here");
    return;
  }
  using kb = KnowledgeBase.open(":memory:");
  const lookups: string[] = [];
  const lookup = scriptedLookup({
    "rebind.test": [["127.0.0.2"], ["169.254.169.254"]],
  }, lookups);
  const url = `http://rebind.test:${server.port}/notes`;

  const result = receipt(await fetchAndIndex(kb, { url }, { ...FAST, lookup }));

  assert.equal(result.finalUrl, url);
  assert.deepEqual(lookups, ["rebind.test"], "one lookup per hop");
  assert.deepEqual(server.hosts, [`rebind.test:${server.port}`]);
  assert.match(
    kb.search(["pinned answer"])[0]?.hits[0]?.snippet ?? "",
    /pinned answer/,
  );
});

Deno.test("fetchAndIndex() re-resolves and checks every redirect hop, and refuses one whose name now points inside", async (t) => {
  await using server = startPinServer("127.0.0.1");
  assert.ok(server);
  using kb = KnowledgeBase.open(":memory:");
  const origin = `http://127.0.0.1:${server.port}`;
  const cases: [string, string[][], RegExp][] = [
    [
      "a name that resolves to the metadata address",
      [["169.254.169.254"]],
      /the redirect to "http:\/\/rebind\.test:\d+\/notes" is refused: "rebind\.test" resolves to 169\.254\.169\.254, a cloud metadata address/,
    ],
    [
      "a name that resolves to a private address",
      [["10.0.0.7"]],
      /"rebind\.test" resolves to 10\.0\.0\.7, a private-network address, refused by the network policy \(the default\)$/,
    ],
    [
      "a name with one good and one private address",
      [["127.0.0.1", "192.168.1.1"]],
      /resolves to 192\.168\.1\.1, a private-network address/,
    ],
    [
      "a name that resolves to CGNAT space",
      [["100.64.0.1"]],
      /resolves to 100\.64\.0\.1, a private-network address/,
    ],
    [
      "a name that resolves to an IPv4-mapped metadata address",
      [["::ffff:169.254.169.254"]],
      /resolves to ::ffff:169\.254\.169\.254, a cloud metadata address/,
    ],
  ];
  for (const [name, answers, expected] of cases) {
    await t.step(name, async () => {
      const lookups: string[] = [];
      const lookup = scriptedLookup({ "rebind.test": answers }, lookups);
      const target = `http://rebind.test:${server.port}/notes`;
      const url = `${origin}/to?${encodeURIComponent(target)}`;
      const before = server.hosts.length;
      const error = failed(
        await fetchAndIndex(kb, { url }, { ...FAST, lookup }),
      );
      assert.match(error, expected);
      assert.deepEqual(lookups, ["rebind.test"]);
      assert.equal(server.hosts.length, before + 1, "only the first hop");
    });
  }

  await t.step(
    "a redirect back to the same name is looked up again and refused when the answer changed",
    async () => {
      const lookups: string[] = [];
      const lookup = scriptedLookup({
        "rebind.test": [["127.0.0.1"], ["169.254.169.254"]],
      }, lookups);
      const again = `http://rebind.test:${server.port}/notes`;
      const url = `http://rebind.test:${server.port}/to?${
        encodeURIComponent(again)
      }`;
      const error = failed(
        await fetchAndIndex(kb, { url }, { ...FAST, lookup }),
      );
      assert.match(error, /resolves to 169\.254\.169\.254, a cloud metadata/);
      assert.deepEqual(lookups, ["rebind.test", "rebind.test"]);
    },
  );
  assert.equal(kb.sources().length, 0);
});

Deno.test("fetchAndIndex() tries the checked addresses in order when one refuses the connection", async (t) => {
  await using server = startPinServer("127.0.0.1");
  assert.ok(server);
  using kb = KnowledgeBase.open(":memory:");
  const url = `http://rebind.test:${server.port}/notes`;

  await t.step("nothing listens on the first, the second answers", async () => {
    const lookup = scriptedLookup({
      "rebind.test": [["127.0.0.3", "127.0.0.1"]],
    });
    receipt(await fetchAndIndex(kb, { url }, { ...FAST, lookup, force: true }));
    assert.equal(server.hosts.length, 1);
  });

  await t.step("none answers: the refusal is reported", async () => {
    const lookup = scriptedLookup({
      "rebind.test": [["127.0.0.3", "127.0.0.4"]],
    });
    const error = failed(
      await fetchAndIndex(kb, { url }, { ...FAST, lookup, force: true }),
    );
    assert.match(error, /: the connection was refused$/);
  });

  await t.step("an IPv6 address is connected to as given", async () => {
    await using ipv6 = startPinServer("::1");
    if (!ipv6) {
      // deno-lint-ignore no-console
      console.log("ignored: ::1 cannot be bound here");
      return;
    }
    const lookup = scriptedLookup({ "rebind.test": [["::1"]] });
    receipt(
      await fetchAndIndex(kb, {
        url: `http://rebind.test:${ipv6.port}/notes`,
      }, { ...FAST, lookup, force: true }),
    );
    assert.deepEqual(ipv6.hosts, [`rebind.test:${ipv6.port}`]);
  });
});

Deno.test("fetchAndIndex() decodes gzip, brotli and chunked bodies from the pinned address", async () => {
  await using server = startPinServer("127.0.0.1");
  assert.ok(server);
  using kb = KnowledgeBase.open(":memory:");
  const lookup = scriptedLookup({ "rebind.test": [["127.0.0.1"]] });
  for (const path of ["/gzip", "/br", "/chunked"]) {
    const result = receipt(
      await fetchAndIndex(kb, {
        url: `http://rebind.test:${server.port}${path}`,
      }, { ...FAST, lookup }),
    );
    assert.equal(result.bytes, `${PINNED_TEXT}\n`.length * 50, path);
  }
});

Deno.test("fetchAndIndex() over https connects to the checked address and verifies the certificate against the name", async (t) => {
  await using server = startPinServer("127.0.0.1", { tls: true });
  assert.ok(server);
  const ca = fileURLToPath(new URL("ca.pem", TLS_DIR));
  const env = { DENO_CERT: ca, NO_COLOR: "1" };

  await t.step("the name the certificate is for is fetched", async () => {
    const { result, lookups, text } = await inChild({
      url: `https://rebind.test:${server.port}/gzip`,
      answers: { "rebind.test": [["127.0.0.1"], ["169.254.169.254"]] },
    }, env);
    receipt(result);
    assert.deepEqual(lookups, ["rebind.test"]);
    assert.match(text, /pinned answer/);
    assert.equal(server.hosts.at(-1), `rebind.test:${server.port}`);
  });

  await t.step(
    "a refused first address is skipped, and the bridge leaves no socket behind",
    async () => {
      const tmp = await Deno.makeTempDir({ prefix: "ctx-pin-tmp-" });
      try {
        const { result } = await inChild({
          url: `https://rebind.test:${server.port}/br`,
          answers: { "rebind.test": [["127.0.0.3", "127.0.0.1"]] },
        }, { ...env, TMPDIR: tmp });
        receipt(result);
        assert.deepEqual(await Array.fromAsync(Deno.readDir(tmp)), []);
      } finally {
        await Deno.remove(tmp, { recursive: true });
      }
    },
  );

  await t.step(
    "another name on the same address is refused by TLS",
    async () => {
      const before = server.hosts.length;
      const { result } = await inChild({
        url: `https://other.test:${server.port}/notes`,
        answers: { "other.test": [["127.0.0.1"]] },
      }, env);
      assert.match(failed(result), /: TLS failed: .*other\.test/);
      assert.equal(server.hosts.length, before);
    },
  );

  await t.step(
    "HTTPS_PROXY and HTTP_PROXY are not used, so no proxy resolves the name again",
    async () => {
      const proxy = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      let proxied = 0;
      const accepting = (async () => {
        for await (const conn of proxy) {
          proxied++;
          conn.close();
        }
      })().catch(() => {});
      const proxyUrl = `http://127.0.0.1:${(proxy.addr as Deno.NetAddr).port}`;
      try {
        const { result } = await inChild({
          url: `https://rebind.test:${server.port}/notes`,
          answers: { "rebind.test": [["127.0.0.1"]] },
        }, { ...env, HTTPS_PROXY: proxyUrl, HTTP_PROXY: proxyUrl });
        receipt(result);
        assert.equal(proxied, 0);
      } finally {
        proxy.close();
        await accepting;
      }
    },
  );
});

Deno.test("fetchAndIndex() over https gives up at the deadline on a server that never finishes the TLS handshake", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of listener) held.push(conn);
  })().catch(() => {});
  using kb = KnowledgeBase.open(":memory:");
  const { port } = listener.addr as Deno.NetAddr;
  try {
    const error = failed(
      await fetchAndIndex(kb, { url: `https://rebind.test:${port}/` }, {
        ...FAST,
        timeoutMs: 300,
        lookup: scriptedLookup({ "rebind.test": [["127.0.0.1"]] }),
      }),
    );
    assert.match(error, /: no complete answer within 0\.3 s \(tried twice\)$/);
    assert.equal(held.length, 2, "one connection per attempt");
  } finally {
    listener.close();
    for (const conn of held) conn.close();
    await accepting;
  }
});
