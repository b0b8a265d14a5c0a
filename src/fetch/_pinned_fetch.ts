/**
 * One HTTP request sent to an address chosen in advance, never to what the
 * URL's name resolves to at connection time: the defence against DNS
 * rebinding, where a name passes the address check and then answers with an
 * internal address when `fetch` looks it up again.
 *
 * `fetch` keeps doing HTTP (HTTP/2, decoding gzip and brotli, chunked
 * bodies, TLS) but gets its connection from here:
 * - `http:` through a client whose `tcp` transport is the checked address;
 * - `https:` through a CONNECT tunnel of our own on loopback, which ignores
 *   the name it is asked for and connects to the checked address, so TLS
 *   (server name and certificate check) still runs against the URL's name.
 *   The tunnel takes only connections that carry its one-time secret, and
 *   closes with the request.
 *
 * The addresses are tried in order until one takes the connection. Proxies
 * from the environment (`HTTP_PROXY`, `HTTPS_PROXY`) are never used: a proxy
 * would resolve the name again, out of reach of the check. This module never
 * resolves a name and never decides which addresses are allowed.
 *
 * @module
 */

import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";

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

const MAX_CONNECT_HEAD = 16 * 1024;
const encoder = new TextEncoder();

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
    ? await throughTunnel(url, addresses, port, options)
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
      const response = await options.fetch(url, request(client, options));
      return {
        response,
        [Symbol.asyncDispose]: async () => {
          await response.body?.cancel().catch(() => {});
          client.close();
        },
      };
    } catch (error) {
      client.close();
      const last = index === addresses.length - 1;
      if (last || options.signal.aborted || !failedToConnect(error)) {
        throw error;
      }
    }
  }
}

/** HTTPS: `fetch` tunnels through us, and we connect to the checked address. */
async function throughTunnel(
  url: URL,
  addresses: readonly string[],
  port: number,
  options: PinnedOptions,
): Promise<PinnedResponse> {
  const tunnel = openTunnel(addresses, port, options.signal);
  const client = Deno.createHttpClient({
    proxy: {
      transport: "http",
      url: `http://127.0.0.1:${tunnel.port}`,
      basicAuth: { username: "ctx-mode", password: tunnel.secret },
    },
  });
  const close = async () => {
    client.close();
    await tunnel.close();
  };
  try {
    const response = await options.fetch(url, request(client, options));
    return {
      response,
      [Symbol.asyncDispose]: async () => {
        await response.body?.cancel().catch(() => {});
        await close();
      },
    };
  } catch (error) {
    await close();
    // The tunnel's own connect error says more than the proxy failure fetch saw.
    throw tunnel.connectError() ?? error;
  }
}

function request(
  client: Deno.HttpClient,
  options: PinnedOptions,
): RequestInit & { client: Deno.HttpClient } {
  return {
    client,
    redirect: "manual",
    headers: options.headers,
    signal: options.signal,
  };
}

interface Tunnel {
  port: number;
  secret: string;
  connectError(): unknown;
  close(): Promise<void>;
}

/**
 * A one-request CONNECT proxy on loopback: every authenticated CONNECT is
 * joined to the first checked address that accepts, whatever host it names.
 */
function openTunnel(
  addresses: readonly string[],
  port: number,
  signal: AbortSignal,
): Tunnel {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const secret = crypto.randomUUID();
  const expected = encoder.encode(`Basic ${btoa(`ctx-mode:${secret}`)}`);
  const open = new Set<Deno.Conn>();
  const joined: Promise<void>[] = [];
  let lastError: unknown;
  let working: string | undefined;

  const upstream = async (): Promise<Deno.TcpConn> => {
    const order = working ? [working] : addresses;
    for (const address of order) {
      try {
        const conn = await Deno.connect({ hostname: address, port, signal });
        working = address;
        return conn;
      } catch (error) {
        lastError = error;
        if (signal.aborted) break;
      }
    }
    throw lastError;
  };

  const serve = async (client: Deno.Conn): Promise<void> => {
    const mine = [client];
    open.add(client);
    try {
      const head = await readHead(client);
      if (!head || !authorized(head, expected)) {
        await client.write(
          encoder.encode("HTTP/1.1 407 Proxy Authentication Required\r\n\r\n"),
        );
        return;
      }
      let server: Deno.TcpConn;
      try {
        server = await upstream();
      } catch {
        await client.write(encoder.encode("HTTP/1.1 502 Bad Gateway\r\n\r\n"));
        return;
      }
      mine.push(server);
      open.add(server);
      await client.write(
        encoder.encode("HTTP/1.1 200 Connection established\r\n\r\n"),
      );
      await Promise.allSettled([
        client.readable.pipeTo(server.writable),
        server.readable.pipeTo(client.writable),
      ]);
    } catch {
      // The request ended (cancelled, closed); closing below is all there is to do.
    } finally {
      for (const conn of mine) {
        open.delete(conn);
        closeQuietly(conn);
      }
    }
  };

  const accepting = (async () => {
    try {
      for await (const conn of listener) joined.push(serve(conn));
    } catch {
      // The listener was closed.
    }
  })();

  return {
    port: (listener.addr as Deno.NetAddr).port,
    secret,
    connectError: () => working === undefined ? lastError : undefined,
    async close() {
      closeQuietly(listener);
      for (const conn of open) closeQuietly(conn);
      await accepting;
      await Promise.allSettled(joined);
    },
  };
}

/** The request head of a CONNECT; `undefined` when it is not one. */
async function readHead(conn: Deno.Conn): Promise<string | undefined> {
  const buffer = new Uint8Array(MAX_CONNECT_HEAD);
  let length = 0;
  while (length < buffer.length) {
    const read = await conn.read(buffer.subarray(length));
    if (read === null) return undefined;
    length += read;
    const text = new TextDecoder().decode(buffer.subarray(0, length));
    const end = text.indexOf("\r\n\r\n");
    // fetch sends nothing after the head until the tunnel is established.
    if (end >= 0) {
      return text.startsWith("CONNECT ") && end + 4 === length
        ? text
        : undefined;
    }
  }
  return undefined;
}

/** Whether the head carries the tunnel's secret in `Proxy-Authorization`. */
function authorized(head: string, expected: Uint8Array): boolean {
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (line.slice(0, colon).trim().toLowerCase() !== "proxy-authorization") {
      continue;
    }
    const bytes = encoder.encode(line.slice(colon + 1).trim());
    if (
      bytes.length === expected.length && timingSafeEqual(bytes, expected)
    ) {
      return true;
    }
  }
  return false;
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
