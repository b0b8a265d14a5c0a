import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  fetchAndIndex,
  fetchAndIndexMany,
  type FetchOptions,
  formatFetchResult,
} from "../../src/fetch/mod.ts";
import { KnowledgeBase } from "../../src/store/mod.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import {
  failed,
  ISSUES,
  loopbackFetch,
  PAGE,
  receipt,
  startFixtureServer,
  startResettingServer,
} from "./_server.ts";

const HOUR = 60 * 60 * 1000;

function fast(seen: string[] = []): FetchOptions {
  return { fetch: loopbackFetch(seen), retryDelayMs: 10, timeoutMs: 5000 };
}

/** Every chunk body of the database, read through a second connection. */
function indexedText(path: string): string {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare("SELECT body FROM chunks ORDER BY id").all()
      .map((row) => String(row.body)).join("\n");
  } finally {
    db.close();
  }
}

Deno.test("fetchAndIndex() indexes a page as Markdown without its boilerplate and returns only a receipt and the outline", async () => {
  await using server = startFixtureServer();
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  using kb = KnowledgeBase.open(path);
  const url = `${server.origin}/page.html`;

  const result = receipt(await fetchAndIndex(kb, { url }, fast()));

  assert.equal(result.source, `${new URL(server.origin).host}/page.html`);
  assert.equal(result.finalUrl, url);
  assert.equal(result.status, 200);
  assert.equal(result.contentType, "text/html");
  assert.equal(result.kind, "markdown");
  assert.equal(result.fromCache, false);
  assert.equal(result.truncated, false);
  assert.ok(result.chunks >= 2, `chunks: ${result.chunks}`);
  assert.equal(
    result.outline,
    [
      "- Frobnicator Guide",
      "  - Installation",
      "    - Requirements",
      "  - Usage",
    ].join("\n"),
  );

  const indexed = indexedText(path);
  assert.match(indexed, /The frobnicator rotates quaternions/);
  assert.match(
    indexed,
    /```ts\nconst frobnicated = frobnicate\(quaternion\);\n```/,
  );
  assert.match(indexed, /Install the frobnicator package from the registry/);
  for (
    const chrome of [
      PAGE.nav,
      PAGE.script,
      PAGE.style,
      PAGE.footer,
      PAGE.cookie,
    ]
  ) {
    assert.ok(!indexed.includes(chrome), `"${chrome}" was indexed`);
  }

  const [found] = kb.search(["quaternions gimbal lock"]);
  assert.equal(found?.hits[0]?.source, result.source);
  const [code] = kb.search(["frobnicated"]);
  assert.match(code?.hits[0]?.snippet ?? "", /frobnicate\(quaternion\)/);

  const shown = `${JSON.stringify(result)}\n${formatFetchResult(result)}`;
  for (const raw of [PAGE.content, PAGE.code, "<html", "<p>", "Install the"]) {
    assert.ok(!shown.includes(raw), `the result shows "${raw}"`);
  }
  assert.match(formatFetchResult(result), /^Indexed ".+\/page\.html" from /);
  assert.match(formatFetchResult(result), /\nOutline:\n- Frobnicator Guide\n/);
});

Deno.test("fetchAndIndex() sends JSON to the JSON chunker and outlines its keys", async () => {
  await using server = startFixtureServer();
  using kb = KnowledgeBase.open(":memory:");

  const result = receipt(
    await fetchAndIndex(kb, {
      url: `${server.origin}/api.json`,
      source: "issues",
    }, fast()),
  );

  assert.equal(result.source, "issues");
  assert.equal(result.kind, "json");
  assert.equal(result.contentType, "application/json");
  assert.equal(result.bytes, JSON.stringify(ISSUES).length);
  assert.equal(result.outline, "- total: number\n- issues: array(3)");
  const [hit] = kb.search(["Gizmo leaks descriptors"], { source: "issues" });
  assert.match(hit?.hits[0]?.title ?? "", /^\$/);
  assert.match(formatFetchResult(result), /\nKeys:\n- total: number/);
});

Deno.test("fetchAndIndex() picks the chunker for text by content type, extension and sniffing", async (t) => {
  await using server = startFixtureServer();
  using kb = KnowledgeBase.open(":memory:");

  await t.step("plain text is indexed as text with no outline", async () => {
    const result = receipt(
      await fetchAndIndex(kb, { url: `${server.origin}/notes.txt` }, fast()),
    );
    assert.equal(result.kind, "text");
    assert.equal(result.outline, "");
    const [hit] = kb.search(["ECONNREFUSED"]);
    assert.equal(hit?.hits[0]?.source, result.source);
  });

  await t.step(
    "a .md file served as text/plain is indexed as Markdown",
    async () => {
      const result = receipt(
        await fetchAndIndex(kb, { url: `${server.origin}/readme.md` }, fast()),
      );
      assert.equal(result.kind, "markdown");
      assert.equal(result.outline, "- Gadget\n  - Setup");
    },
  );

  await t.step(
    "HTML sent without a Content-Type is sniffed and converted",
    async () => {
      const result = receipt(
        await fetchAndIndex(kb, { url: `${server.origin}/untyped` }, fast()),
      );
      assert.equal(result.contentType, "");
      assert.equal(result.kind, "markdown");
      assert.equal(result.outline, "- Untyped");
      const [hit] = kb.search(["hypertext markup"]);
      assert.equal(hit?.hits[0]?.source, result.source);
      assert.doesNotMatch(hit?.hits[0]?.snippet ?? "", /<p>/);
    },
  );

  await t.step("the charset of the Content-Type decodes the body", async () => {
    const result = receipt(
      await fetchAndIndex(kb, { url: `${server.origin}/latin1` }, fast()),
    );
    const [hit] = kb.search(["café"], { source: result.source });
    assert.match(hit?.hits[0]?.snippet ?? "", /café/);
  });
});

Deno.test("fetchAndIndex() follows redirects only within the limit and only to http(s) addresses it may reach", async (t) => {
  await using server = startFixtureServer();
  using kb = KnowledgeBase.open(":memory:");
  const seen: string[] = [];

  await t.step(
    "a chain of five redirects arrives, with the final URL in the receipt",
    async () => {
      const result = receipt(
        await fetchAndIndex(kb, { url: `${server.origin}/hop/5` }, fast(seen)),
      );
      assert.equal(result.url, `${server.origin}/hop/5`);
      assert.equal(result.finalUrl, `${server.origin}/hop/0`);
      assert.match(formatFetchResult(result), /redirected to .*\/hop\/0/);
    },
  );

  await t.step("a sixth redirect is refused", async () => {
    const error = failed(
      await fetchAndIndex(kb, { url: `${server.origin}/hop/6` }, fast(seen)),
    );
    assert.equal(
      error,
      `Cannot fetch "${server.origin}/hop/6": more than 5 redirects`,
    );
  });

  await t.step("a redirect loop stops at the limit", async () => {
    const error = failed(
      await fetchAndIndex(kb, { url: `${server.origin}/loop` }, fast(seen)),
    );
    assert.match(error, /more than 5 redirects$/);
    assert.equal(server.hits("/loop"), 6);
  });

  await t.step("a redirect to file: is refused", async () => {
    const error = failed(
      await fetchAndIndex(kb, { url: `${server.origin}/to-file` }, fast(seen)),
    );
    assert.match(
      error,
      /the redirect to "file:\/\/\/etc\/passwd" is refused: the scheme "file:" is not http or https$/,
    );
  });

  await t.step(
    "a redirect to the cloud metadata address is refused without contacting it",
    async () => {
      const error = failed(
        await fetchAndIndex(
          kb,
          { url: `${server.origin}/to-metadata` },
          fast(seen),
        ),
      );
      assert.match(
        error,
        /169\.254\.169\.254 is a cloud metadata address, which ctx-mode never fetches$/,
      );
      assert.ok(
        seen.every((url) => url.startsWith(server.origin)),
        seen.join(", "),
      );
    },
  );

  assert.equal(kb.sources().length, 1);
});

Deno.test("fetchAndIndex() reports HTTP errors in one line without indexing them, retrying only 502–504", async (t) => {
  await using server = startFixtureServer();
  using kb = KnowledgeBase.open(":memory:");

  await t.step("404 is reported once", async () => {
    const url = `${server.origin}/missing`;
    const error = failed(await fetchAndIndex(kb, { url }, fast()));
    assert.equal(error, `Cannot fetch "${url}": HTTP 404 Not Found`);
    assert.equal(server.hits("/missing"), 1);
  });

  await t.step("500 is reported without a retry", async () => {
    const error = failed(
      await fetchAndIndex(kb, { url: `${server.origin}/broken` }, fast()),
    );
    assert.match(error, /: HTTP 500 Internal Server Error$/);
    assert.equal(server.hits("/broken"), 1);
  });

  await t.step(
    "503 is retried once and the second answer is indexed",
    async () => {
      const result = receipt(
        await fetchAndIndex(kb, { url: `${server.origin}/flaky-503` }, fast()),
      );
      assert.equal(server.hits("/flaky-503"), 2);
      assert.equal(result.status, 200);
    },
  );

  assert.deepEqual(kb.sources().map((source) => source.label), [
    `${new URL(server.origin).host}/flaky-503`,
  ]);
});

Deno.test("fetchAndIndex() gives up on a server that is too slow, after one retry", async (t) => {
  await using server = startFixtureServer();
  using kb = KnowledgeBase.open(":memory:");
  const options = { ...fast(), timeoutMs: 300 };

  await t.step("no response headers within the deadline", async () => {
    const error = failed(
      await fetchAndIndex(kb, { url: `${server.origin}/slow` }, options),
    );
    assert.match(error, /: no complete answer within 0\.3 s \(tried twice\)$/);
    assert.equal(server.hits("/slow"), 2);
  });

  await t.step("a body that stops arriving", async () => {
    const error = failed(
      await fetchAndIndex(kb, { url: `${server.origin}/trickle` }, options),
    );
    assert.match(error, /: no complete answer within 0\.3 s \(tried twice\)$/);
  });

  assert.equal(kb.sources().length, 0);
});

Deno.test("fetchAndIndex() stops reading at the size cap, says so, and indexes what it read", async () => {
  await using server = startFixtureServer();
  using kb = KnowledgeBase.open(":memory:");
  const maxBytes = 1024 * 1024;

  const result = receipt(
    await fetchAndIndex(kb, { url: `${server.origin}/endless` }, {
      ...fast(),
      maxBytes,
    }),
  );

  assert.equal(result.truncated, true);
  assert.equal(result.bytes, maxBytes);
  assert.match(formatFetchResult(result), /truncated at the size cap/);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    server.endlessCancelled,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error("the stream went on")), 2000);
    }),
  ]).finally(() => clearTimeout(timer));
  // Once cancelled, the stream is never pulled again: what it produced stays put.
  const produced = server.endlessBytes();
  assert.equal(kb.search(["endless"])[0]?.hits[0]?.source, result.source);
  assert.equal(server.endlessBytes(), produced, "the server kept sending");
});

Deno.test("fetchAndIndex() refuses content it cannot index, in one line", async (t) => {
  await using server = startFixtureServer();
  using kb = KnowledgeBase.open(":memory:");
  const cases: [string, RegExp][] = [
    [
      "/image.png",
      /^Cannot index ".+": binary content \(image\/png\) is not indexed$/,
    ],
    [
      "/blob",
      /^Cannot index ".+": binary content \(application\/octet-stream\) is not indexed$/,
    ],
    [
      "/script-only.html",
      /: the page has no text once scripts, styles and navigation are removed/,
    ],
    ["/empty", /: the response is empty$/],
  ];
  for (const [path, expected] of cases) {
    await t.step(path, async () => {
      const error = failed(
        await fetchAndIndex(kb, { url: `${server.origin}${path}` }, fast()),
      );
      assert.match(error, expected);
      assert.doesNotMatch(error, /\n/);
    });
  }
  assert.equal(kb.sources().length, 0);
});

Deno.test("fetchAndIndex() refuses URLs that are not http(s) or point at forbidden addresses", async (t) => {
  await using server = startFixtureServer();
  using kb = KnowledgeBase.open(":memory:");
  const seen: string[] = [];
  const port = new URL(server.origin).port;

  const cases: [string, FetchOptions, RegExp][] = [
    [
      "ftp://example.com/file",
      {},
      /^Cannot fetch "ftp:\/\/example\.com\/file": the scheme "ftp:" is not http or https$/,
    ],
    ["not a url", {}, /^Cannot fetch "not a url": not an absolute URL$/],
    [
      "http://169.254.169.254/latest/",
      {},
      /169\.254\.169\.254 is a cloud metadata address/,
    ],
    ["http://[fe80::1]/", {}, /fe80::1 is a link-local address/],
    ["http://0.0.0.0/", {}, /0\.0\.0\.0 is an unspecified/],
    ["http://224.0.0.1/", {}, /224\.0\.0\.1 is a multicast address/],
    [
      `${server.origin}/notes.txt`,
      {
        network: {
          loopback: { access: "deny", from: "CTX_MODE_NET_LOOPBACK=deny" },
          private: { access: "allow", from: "test" },
        },
      },
      /127\.0\.0\.1 is a loopback address, refused by the network policy \(CTX_MODE_NET_LOOPBACK=deny\)$/,
    ],
    [
      `http://localhost:${port}/notes.txt`,
      { lookup: () => Promise.resolve(["169.254.10.10"]) },
      /"localhost" resolves to 169\.254\.10\.10, a link-local address/,
    ],
  ];
  for (const [url, options, expected] of cases) {
    await t.step(url, async () => {
      const error = failed(
        await fetchAndIndex(kb, { url }, { ...fast(seen), ...options }),
      );
      assert.match(error, expected);
    });
  }
  assert.deepEqual(seen, []);
});

Deno.test("fetchAndIndex() retries a reset connection and a failed DNS lookup once", async (t) => {
  using kb = KnowledgeBase.open(":memory:");

  await t.step(
    "a connection closed before the response succeeds on the retry",
    async () => {
      await using server = startResettingServer(
        "answered by the second connection",
      );
      const result = receipt(
        await fetchAndIndex(kb, { url: server.url }, fast()),
      );
      assert.equal(server.connections(), 2);
      assert.match(
        kb.search(["second connection"])[0]?.hits[0]?.snippet ?? "",
        /second connection/,
      );
      assert.equal(result.kind, "text");
    },
  );

  await t.step("a refused connection is not retried", async () => {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const { port } = listener.addr as Deno.NetAddr;
    listener.close();
    const seen: string[] = [];
    const error = failed(
      await fetchAndIndex(kb, { url: `http://127.0.0.1:${port}/` }, fast(seen)),
    );
    assert.match(error, /: the connection was refused$/);
    assert.equal(seen.length, 1);
  });

  await t.step(
    "a DNS failure is retried, and reported after the second",
    async () => {
      await using server = startFixtureServer();
      const { port } = new URL(server.origin);
      let lookups = 0;
      const flaky = (host: string) => {
        lookups++;
        return lookups === 1
          ? Promise.reject(
            Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), {
              code: "ENOTFOUND",
            }),
          )
          : Promise.resolve(["127.0.0.1"]);
      };
      const url = `http://localhost:${port}/notes.txt`;
      receipt(await fetchAndIndex(kb, { url }, { ...fast(), lookup: flaky }));
      assert.equal(lookups, 2);

      const dead = () =>
        Promise.reject(
          Object.assign(new Error("getaddrinfo ENOTFOUND"), {
            code: "ENOTFOUND",
          }),
        );
      const error = failed(
        await fetchAndIndex(kb, { url }, {
          ...fast(),
          lookup: dead,
          force: true,
        }),
      );
      assert.equal(
        error,
        `Cannot fetch "${url}": DNS lookup of "localhost" failed: no such host (tried twice)`,
      );
    },
  );
});

Deno.test("fetchAndIndex() answers a second fetch within 24 h from the cache unless forced or stale", async (t) => {
  await using server = startFixtureServer();
  await using dir = await tempDir();
  using kb = KnowledgeBase.open(join(dir.path, "kb.db"));
  const url = `${server.origin}/api.json`;
  const start = Date.UTC(2026, 0, 1);
  let clock = start;
  const options = { ...fast(), now: () => clock };
  const first = receipt(await fetchAndIndex(kb, { url }, options));
  assert.equal(server.hits("/api.json"), 1);

  await t.step(
    "three hours later the cache answers, with its age",
    async () => {
      clock = start + 3 * HOUR;
      const cached = receipt(await fetchAndIndex(kb, { url }, options));
      assert.equal(server.hits("/api.json"), 1);
      assert.equal(cached.fromCache, true);
      assert.equal(cached.ageMs, 3 * HOUR);
      assert.deepEqual(
        { ...cached, fromCache: false, ageMs: 0 },
        first,
      );
      assert.match(
        formatFetchResult(cached),
        /from the cache, fetched 3 h 0 min ago \(force: true to refetch\)/,
      );
      assert.match(
        formatFetchResult(cached, { refetch: "--force" }),
        /from the cache, fetched 3 h 0 min ago \(--force to refetch\)/,
      );
    },
  );

  await t.step("force fetches again", async () => {
    const forced = receipt(
      await fetchAndIndex(kb, { url }, { ...options, force: true }),
    );
    assert.equal(forced.fromCache, false);
    assert.equal(server.hits("/api.json"), 2);
  });

  await t.step("after 24 hours the cache is stale", async () => {
    clock = start + 3 * HOUR + 24 * HOUR;
    const fresh = receipt(await fetchAndIndex(kb, { url }, options));
    assert.equal(fresh.fromCache, false);
    assert.equal(server.hits("/api.json"), 3);
  });

  await t.step(
    "a source replaced by other content makes the cache stale",
    async () => {
      kb.index({ label: first.source, content: "overwritten by hand" });
      const refetched = receipt(await fetchAndIndex(kb, { url }, options));
      assert.equal(refetched.fromCache, false);
      assert.equal(server.hits("/api.json"), 4);
    },
  );

  await t.step("a purge makes the cache stale", async () => {
    kb.purge();
    receipt(await fetchAndIndex(kb, { url }, options));
    assert.equal(server.hits("/api.json"), 5);
  });

  await t.step(
    "another source label for the same URL fetches again",
    async () => {
      const other = receipt(
        await fetchAndIndex(kb, { url, source: "other" }, options),
      );
      assert.equal(other.fromCache, false);
      assert.equal(server.hits("/api.json"), 6);
    },
  );

  await t.step("the cache survives reopening the database", async () => {
    kb.close();
    using reopened = KnowledgeBase.open(join(dir.path, "kb.db"));
    const cached = receipt(
      await fetchAndIndex(reopened, { url, source: "other" }, options),
    );
    assert.equal(cached.fromCache, true);
    assert.equal(server.hits("/api.json"), 6);
  });
});

Deno.test("fetchAndIndexMany() keeps the order of its requests, runs at most `concurrency` at once and survives a failure", async () => {
  await using server = startFixtureServer();
  using kb = KnowledgeBase.open(":memory:");
  const paths = [
    "/delayed/a",
    "/delayed/b",
    "/missing",
    "/delayed/c",
    "/delayed/d",
    "/delayed/a",
  ];
  const finished: number[] = [];

  const results = await fetchAndIndexMany(
    kb,
    paths.map((path) => ({ url: `${server.origin}${path}` })),
    { ...fast(), concurrency: 2, onResult: (_, index) => finished.push(index) },
  );

  assert.deepEqual(
    results.map((result) => new URL(result.url).pathname),
    paths,
  );
  assert.deepEqual(results.map((result) => result.ok), [
    true,
    true,
    false,
    true,
    true,
    true,
  ]);
  assert.match(failed(results[2]!), /HTTP 404 Not Found$/);
  assert.equal(server.maxInFlight(), 2);
  assert.equal(
    server.hits("/delayed/a"),
    1,
    "a repeated request is fetched once",
  );
  assert.deepEqual([...finished].sort(), [0, 1, 2, 3, 4, 5]);
  assert.equal(kb.search(["zanzibar"], { limit: 10 })[0]?.hits.length, 4);
});

Deno.test("fetchAndIndexMany() refuses a concurrency outside 1–8", async () => {
  using kb = KnowledgeBase.open(":memory:");
  for (const concurrency of [0, 9, 1.5]) {
    await assert.rejects(
      fetchAndIndexMany(kb, [], { concurrency }),
      RangeError,
    );
  }
  assert.deepEqual(await fetchAndIndexMany(kb, [], { concurrency: 8 }), []);
});
