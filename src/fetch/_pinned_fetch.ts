/**
 * One HTTP request sent to an address chosen in advance, never to what the
 * URL's name resolves to at connection time: the defence against DNS
 * rebinding, where a name passes the address check and then answers with an
 * internal address when `fetch` looks it up again.
 *
 * `fetch` keeps doing HTTP (decoding gzip and brotli, chunked bodies,
 * redirects left to the caller) but gets its connection from here:
 * - `http:` through a client whose `tcp` transport is the checked address;
 * - `https:` through a bridge of our own: `fetch` sends plain HTTP/1.1 to a
 *   Unix socket in a private folder, and the bridge connects to the checked
 *   address and speaks TLS to it, with the URL's name as server name and as
 *   the name the certificate must hold. The bridge takes one connection and
 *   closes with the request.
 *
 * The addresses are tried in order until one takes the connection. Proxies
 * from the environment (`HTTP_PROXY`, `HTTPS_PROXY`) are never used: a proxy
 * would resolve the name again, out of reach of the check. This module never
 * resolves a name and never decides which addresses are allowed.
 *
 * @module
 */

import { isIP } from "node:net";
import { join } from "node:path";

/** A response, and the connections behind it, closed on dispose. */
export interface PinnedResponse extends AsyncDisposable {
  /** The response; read its body before disposing. */
  response: Response;
}

/** What a pinned request needs. */
export interface PinnedOptions {
  /** The fetch that speaks HTTP over the pinned connection. */
  fetch: typeof fetch;
  /** The request's headers. */
  headers: Record<string, string>;
  /** Ends the request (connecting included). */
  signal: AbortSignal;
}

/**
 * Sends a GET for `url` to the first of `addresses` that accepts a
 * connection, never to any other.
 *
 * @param url An http or https URL; its name goes into `Host` and TLS, not into DNS.
 * @param addresses IP addresses already checked, tried in order.
 * @param options The fetch, the headers and the abort signal.
 * @returns The response, to be disposed once its body is read or cancelled.
 * @throws {Error} What the connection or `fetch` threw (a refused connection, a TLS error…).
 */
export async function pinnedFetch(
  url: URL,
  addresses: readonly string[],
  options: PinnedOptions,
): Promise<PinnedResponse> {
  if (addresses.length === 0 || addresses.some((a) => isIP(a) === 0)) {
    throw new TypeError(
      `Cannot connect to "${addresses.join(", ")}": not a list of IP addresses`,
    );
  }
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  return url.protocol === "https:"
    ? await throughBridge(url, addresses, port, options)
    : await direct(url, addresses, port, options);
}

/** Plain HTTP: the client's transport is the address itself. */
async function direct(
  url: URL,
  addresses: readonly string[],
  port: number,
  options: PinnedOptions,
): Promise<PinnedResponse> {
  for (let index = 0;; index++) {
    const address = addresses[index]!;
    const client = Deno.createHttpClient({
      proxy: { transport: "tcp", hostname: bracketed(address), port },
    });
    try {
      return await send(url, client, options, () => client.close());
    } catch (error) {
      client.close();
      const last = index === addresses.length - 1;
      if (last || options.signal.aborted || !failedToConnect(error)) {
        throw error;
      }
    }
  }
}

/** HTTPS: `fetch` speaks HTTP to our bridge, and the bridge makes the TLS connection. */
async function throughBridge(
  url: URL,
  addresses: readonly string[],
  port: number,
  options: PinnedOptions,
): Promise<PinnedResponse> {
  const bridge = await openBridge(url.hostname, addresses, port, options);
  const client = Deno.createHttpClient({ proxy: bridge.proxy, http2: false });
  const close = async () => {
    client.close();
    await bridge.close();
  };
  try {
    return await send(url, client, options, close);
  } catch (error) {
    await close();
    // The bridge's own connect or TLS error says more than the closed socket fetch saw.
    throw bridge.failure() ?? error;
  }
}

/** Sends the GET through `client`; disposing the answer cancels its body, then `release`s. */
async function send(
  url: URL,
  client: Deno.HttpClient,
  options: PinnedOptions,
  release: () => void | Promise<void>,
): Promise<PinnedResponse> {
  const response = await options.fetch(
    url,
    {
      client,
      redirect: "manual",
      headers: options.headers,
      signal: options.signal,
    } as RequestInit & { client: Deno.HttpClient },
  );
  return {
    response,
    [Symbol.asyncDispose]: async () => {
      await response.body?.cancel().catch(() => {});
      await release();
    },
  };
}

interface Bridge {
  proxy: Deno.Proxy;
  failure(): unknown;
  close(): Promise<void>;
}

/**
 * A one-connection bridge: `fetch` sends plain HTTP/1.1 to a Unix socket in
 * a private folder (on Windows, a loopback port closed after its first
 * connection), and the bridge forwards it over TLS, checked against
 * `servername`, to the first checked address that accepts.
 */
async function openBridge(
  servername: string,
  addresses: readonly string[],
  port: number,
  options: PinnedOptions,
): Promise<Bridge> {
  const { signal } = options;
  const unix = Deno.build.os !== "windows";
  // makeTempDir gives 0700: no other user reaches the socket.
  const folder = unix
    ? await Deno.makeTempDir({ prefix: "ctx-mode-fetch-" })
    : undefined;
  const listener = folder
    ? Deno.listen({ transport: "unix", path: join(folder, "tls") })
    : Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const proxy: Deno.Proxy = folder
    ? { transport: "unix", path: join(folder, "tls") }
    : {
      transport: "tcp",
      hostname: "127.0.0.1",
      port: (listener.addr as Deno.NetAddr).port,
    };
  const open = new Set<{ close(): void }>();
  let failure: unknown;

  const secure = async (): Promise<Deno.TlsConn> => {
    for (const address of addresses) {
      let conn: Deno.TcpConn;
      try {
        conn = await Deno.connect({ hostname: address, port, signal });
      } catch (error) {
        failure = error;
        if (signal.aborted) break;
        continue;
      }
      // Small TLS records must not wait for delayed acknowledgements.
      conn.setNoDelay(true);
      open.add(conn);
      const tls = await Deno.startTls(conn, {
        hostname: servername,
        alpnProtocols: ["http/1.1"],
      });
      open.add(tls);
      // Now, so that a certificate error is ours to report rather than a reset.
      await tls.handshake();
      failure = undefined; // An earlier address that refused no longer explains anything.
      return tls;
    }
    throw failure;
  };

  const serving = (async () => {
    let plain: Deno.Conn;
    try {
      plain = await listener.accept();
    } catch {
      return; // Closed before fetch connected.
    } finally {
      closeQuietly(listener);
    }
    open.add(plain);
    try {
      const tls = await secure();
      await Promise.allSettled([
        plain.readable.pipeTo(tls.writable),
        tls.readable.pipeTo(plain.writable),
      ]);
    } catch (error) {
      failure = error;
    } finally {
      for (const conn of open) closeQuietly(conn);
    }
  })();

  return {
    proxy,
    failure: () => failure,
    async close() {
      closeQuietly(listener);
      for (const conn of open) closeQuietly(conn);
      await serving;
      if (folder) {
        await Deno.remove(folder, { recursive: true }).catch(() => {});
      }
    },
  };
}

/** Whether `fetch` failed before a connection existed, so another address may do. */
function failedToConnect(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (/\(Connect\)/.test(String((cause as Error).message ?? cause))) {
      return !/certificate|tls|handshake/i.test(String(cause));
    }
    cause = (cause as Error).cause;
  }
  return false;
}

function bracketed(address: string): string {
  return isIP(address) === 6 ? `[${address}]` : address;
}

function closeQuietly(closer: { close(): void }): void {
  try {
    closer.close();
  } catch {
    // Already closed.
  }
}
