/**
 * Loopback HTTP servers for the fetch tests: a fixture site on
 * `Deno.serve`, and a raw TCP server that drops its first connection.
 *
 * @module
 */

import assert from "node:assert/strict";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FetchReceipt, FetchResult } from "../../src/fetch/mod.ts";

/** Sentences of the fixture page: the content ones must be indexed, the chrome ones dropped. */
export const PAGE = {
  content: "The frobnicator rotates quaternions without gimbal lock.",
  code: "const frobnicated = frobnicate(quaternion);",
  nav: "Pricing plans for enterprise customers",
  script: "trackVisitorWithBeacon",
  style: "darkmagenta",
  footer: "Copyright Frobnicator Incorporated",
  cookie: "We use cookies to improve your experience",
} as const;

/** The fixture page: boilerplate around a main article with headings and code. */
export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Frobnicator Guide</title>
  <style>body { color: ${PAGE.style}; }</style>
  <script>window.${PAGE.script} = function () {};</script>
</head>
<body>
  <header><a href="/">Frobnicator</a><nav><a href="/pricing">${PAGE.nav}</a></nav></header>
  <div class="cookie-consent">${PAGE.cookie}. <button>OK</button></div>
  <main>
    <h1>Frobnicator Guide</h1>
    <p>${PAGE.content}</p>
    <h2>Installation</h2>
    <p>Install the <a href="/pkg">frobnicator package</a> from the registry.</p>
    <h3>Requirements</h3>
    <p>A computer with a quaternion co-processor.</p>
    <h2>Usage</h2>
    <pre><code class="language-ts">${PAGE.code}</code></pre>
  </main>
  <footer>${PAGE.footer}</footer>
  <script>${PAGE.script}();</script>
</body>
</html>`;

/** The JSON fixture: a small issue-tracker answer. */
export const ISSUES = {
  total: 3,
  issues: [
    { id: 1, title: "Widget crashes on startup", state: "open" },
    { id: 2, title: "Gizmo leaks file descriptors", state: "closed" },
    { id: 3, title: "Sprocket misreports its torque", state: "open" },
  ],
};

/** The plain-text fixture: a log with one needle line. */
export const LOG_TEXT = [
  "2026-01-01T00:00:00Z boot ok",
  "2026-01-01T00:00:01Z cache warmed",
  "2026-01-01T00:00:02Z ERROR ECONNREFUSED upstream 10.0.0.7:5432 refused",
  "2026-01-01T00:00:03Z retry scheduled",
].join("\n");

/** A tiny PNG (signature, IHDR, some NULs). */
export const PNG_BYTES = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...new Array<number>(64).fill(0),
]);

/** A running fixture site. */
export interface FixtureServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Requests seen per path. */
  hits(path: string): number;
  /** The most requests to `/delayed/*` that were in flight at once. */
  maxInFlight(): number;
  /** Bytes the `/endless` stream produced so far. */
  endlessBytes(): number;
  /** Resolves when the `/endless` stream was cancelled by the client. */
  endlessCancelled: Promise<void>;
}

/** Starts the fixture site on an ephemeral loopback port. */
export function startFixtureServer(): FixtureServer {
  const hits = new Map<string, number>();
  const closing = Promise.withResolvers<void>();
  const endlessCancelled = Promise.withResolvers<void>();
  let inFlight = 0;
  let maxInFlight = 0;
  let endlessBytes = 0;
  const encoder = new TextEncoder();

  const handler = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const count = hits.get(pathname) ?? 0;
    const hop = pathname.match(/^\/hop\/(\d+)$/);
    if (hop) {
      const left = Number(hop[1]);
      return left === 0
        ? text("arrived after the redirect chain")
        : redirect(`/hop/${left - 1}`);
    }
    const delayed = pathname.match(/^\/delayed\/(\w+)$/);
    if (delayed) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 60));
      inFlight--;
      return text(`delayed document ${delayed[1]} mentions zanzibar`);
    }
    switch (pathname) {
      case "/page.html":
        return new Response(PAGE_HTML, {
          headers: { "content-type": "text/html; charset=utf-8" },
        });
      case "/api.json":
        return Response.json(ISSUES);
      case "/notes.txt":
        return text(LOG_TEXT);
      case "/readme.md":
        return text("# Gadget\n\nIntro.\n\n## Setup\n\nRun `gadget init`.\n");
      case "/untyped":
        // Bytes, not a string: Deno.serve sends no Content-Type then.
        return new Response(
          encoder.encode(
            "<!DOCTYPE html><html><head><title>Untyped</title></head><body><p>Sniffed as hypertext markup.</p></body></html>",
          ),
        );
      case "/latin1":
        return new Response(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), {
          headers: { "content-type": "text/plain; charset=iso-8859-1" },
        });
      case "/loop":
        return redirect("/loop");
      case "/to-file":
        return redirect("file:///etc/passwd");
      case "/to-metadata":
        return redirect("http://169.254.169.254/latest/meta-data/");
      case "/missing":
        return new Response("no such page", { status: 404 });
      case "/broken":
        return new Response("internal error", { status: 500 });
      case "/flaky-503":
        return count === 1
          ? new Response("try later", { status: 503 })
          : text("served on the second try");
      case "/slow":
        // Answers only when the server closes, long after any client gave up.
        await closing.promise;
        return text("too late");
      case "/trickle":
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(encoder.encode("first byte, then silence"));
            },
            pull: () => closing.promise,
          }),
          { headers: { "content-type": "text/plain" } },
        );
      case "/endless":
        return new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              const chunk = encoder.encode("endless line of text\n".repeat(
                3000,
              ));
              endlessBytes += chunk.byteLength;
              controller.enqueue(chunk);
            },
            cancel() {
              endlessCancelled.resolve();
            },
          }),
          { headers: { "content-type": "text/plain" } },
        );
      case "/image.png":
        return new Response(PNG_BYTES, {
          headers: { "content-type": "image/png" },
        });
      case "/blob":
        return new Response(PNG_BYTES, {
          headers: { "content-type": "application/octet-stream" },
        });
      case "/script-only.html":
        return new Response(
          "<html><head><title>App</title><script>boot()</script></head><body><script>render()</script><noscript>Enable JavaScript</noscript></body></html>",
          { headers: { "content-type": "text/html" } },
        );
      case "/empty":
        return text("");
      default:
        return new Response("not found", { status: 404 });
    }
  };

  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    handler,
  );
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    hits: (path) => hits.get(path) ?? 0,
    maxInFlight: () => maxInFlight,
    endlessBytes: () => endlessBytes,
    endlessCancelled: endlessCancelled.promise,
    async [Symbol.asyncDispose]() {
      closing.resolve();
      await server.shutdown();
    },
  };
}

/** A raw TCP server that closes its first connection unanswered, then serves text. */
export interface ResettingServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  /** Connections accepted so far. */
  connections(): number;
}

/** Starts a server whose first connection is dropped after the request arrives. */
export function startResettingServer(body: string): ResettingServer {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open = new Set<Deno.Conn>();
  let connections = 0;
  const serve = async (conn: Deno.Conn, index: number): Promise<void> => {
    open.add(conn);
    try {
      await conn.read(new Uint8Array(8192));
      if (index > 1) {
        const payload = new TextEncoder().encode(body);
        const head =
          `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: ${payload.byteLength}\r\nconnection: close\r\n\r\n`;
        await conn.write(new TextEncoder().encode(head));
        await conn.write(payload);
      }
    } catch {
      // The client may go away first; nothing to do.
    } finally {
      open.delete(conn);
      conn.close();
    }
  };
  const pending: Promise<void>[] = [];
  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        connections++;
        pending.push(serve(conn, connections));
      }
    } catch {
      // The listener was closed.
    }
  })();
  return {
    url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}/`,
    connections: () => connections,
    async [Symbol.asyncDispose]() {
      listener.close();
      await accepting;
      await Promise.all(pending);
    },
  };
}

/**
 * A fetch that refuses anything but loopback, so that a guard bug can never
 * send a test's request elsewhere; it records every URL it was asked for.
 */
export function loopbackFetch(seen: string[] = []): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    seen.push(url.href);
    if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
      return Promise.reject(
        new Error(`the test tried to reach ${url.href}`),
      );
    }
    return fetch(input, init);
  };
}

function text(body: string): Response {
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location } });
}

/**
 * A resolver that answers from a script: per name, the first answer for the
 * first lookup, the next for the next, and the last one from then on (a
 * rebinding DNS server). Names it has no answer for fail as unknown. Every
 * name asked is pushed to `seen`.
 */
export function scriptedLookup(
  answers: Readonly<Record<string, readonly (readonly string[])[]>>,
  seen: string[] = [],
): (hostname: string) => Promise<string[]> {
  const asked = new Map<string, number>();
  return (hostname) => {
    seen.push(hostname);
    const script = answers[hostname];
    const count = asked.get(hostname) ?? 0;
    asked.set(hostname, count + 1);
    const answer = script?.[Math.min(count, script.length - 1)];
    if (!answer) {
      return Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
          code: "ENOTFOUND",
        }),
      );
    }
    return Promise.resolve([...answer]);
  };
}

/** The text every pinned-server page carries. */
export const PINNED_TEXT = "pinned answer from the checked address";

/** A server on one loopback address that records what reached it. */
export interface PinServer extends AsyncDisposable {
  /** The address it listens on. */
  hostname: string;
  /** Its port. */
  port: number;
  /** The `Host` header (or HTTP/2 authority) of every request, in order. */
  hosts: string[];
}

/**
 * Starts a server on `hostname` (TLS with the test certificate for
 * `rebind.test` when `tls`) that answers `/notes` as text, `/gzip` and
 * `/br` compressed, `/chunked` as a stream, and `/to?url` with a redirect
 * to `url`; `undefined` when the address cannot be bound here.
 */
export function startPinServer(
  hostname: string,
  options: { tls?: boolean; port?: number } = {},
): PinServer | undefined {
  const hosts: string[] = [];
  const encoder = new TextEncoder();
  const body = `${PINNED_TEXT}\n`.repeat(50);
  const handler = (request: Request): Response => {
    const url = new URL(request.url);
    hosts.push(request.headers.get("host") ?? url.host);
    const typed = { "content-type": "text/plain; charset=utf-8" };
    switch (url.pathname) {
      case "/notes":
        return new Response(body, { headers: typed });
      case "/gzip":
        return new Response(new Uint8Array(gzipSync(encoder.encode(body))), {
          headers: { ...typed, "content-encoding": "gzip" },
        });
      case "/br":
        return new Response(
          new Uint8Array(brotliCompressSync(encoder.encode(body))),
          {
            headers: { ...typed, "content-encoding": "br" },
          },
        );
      case "/chunked":
        return new Response(
          ReadableStream.from([body.slice(0, 100), body.slice(100)])
            .pipeThrough(
              new TextEncoderStream(),
            ),
          { headers: typed },
        );
      case "/to":
        return new Response(null, {
          status: 302,
          headers: { location: decodeURIComponent(url.search.slice(1)) },
        });
      default:
        return new Response("not found", { status: 404 });
    }
  };
  const tls = options.tls
    ? {
      cert: Deno.readTextFileSync(new URL("cert.pem", TLS_DIR)),
      key: Deno.readTextFileSync(new URL("key.pem", TLS_DIR)),
    }
    : {};
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve({
      hostname,
      port: options.port ?? 0,
      onListen() {},
      ...tls,
    }, handler);
  } catch {
    return undefined;
  }
  return {
    hostname,
    port: server.addr.port,
    hosts,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

/** The test certificate authority and the `rebind.test` certificate it signed. */
export const TLS_DIR = new URL("../fixtures/tls/", import.meta.url);

/** The receipt of a fetch that must have succeeded. */
export function receipt(result: FetchResult): FetchReceipt {
  assert.ok(result.ok, result.ok ? "" : result.error);
  return result;
}

/** The one-line error of a fetch that must have failed. */
export function failed(result: FetchResult): string {
  assert.ok(!result.ok, "expected a failure, got a receipt");
  return result.error;
}
