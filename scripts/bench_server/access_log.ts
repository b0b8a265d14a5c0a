/**
 * An nginx access log (combined format) of 500 requests in which one client
 * keeps hitting a failing checkout endpoint.
 *
 * @module
 */

import { type Dataset, MONTHS, pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";

const PATHS = [
  "/",
  "/pricing",
  "/login",
  "/api/orders",
  "/api/orders/{id}",
  "/api/users/{id}",
  "/api/cart",
  "/api/search?q=wireless+headphones&page={n}",
  "/static/js/app.4f9c2e1b.js",
  "/static/css/main.91ab03d2.css",
  "/images/products/{id}.webp",
  "/healthz",
];

const AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_3) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "Mozilla/5.0 (X11; Linux x86_64; rv:123.0) Gecko/20100101 Firefox/123.0",
  "curl/8.5.0",
  "kube-probe/1.29",
];

/**
 * The log, and which client got the most HTTP 500 responses (counted from the
 * generated lines, not assumed).
 *
 * @param seed The random seed.
 * @param requests The number of requests (lines). @default {500}
 * @returns The log text and the answer: the IP and its count of 500s.
 */
export function accessLog(seed = 1, requests = 500): Dataset {
  const random = createRandom(seed);
  const ips = Array.from(
    { length: 48 },
    (_, i) =>
      i % 3 === 0
        ? `203.0.113.${random.int(2, 254)}`
        : i % 3 === 1
        ? `198.51.100.${random.int(2, 254)}`
        : `192.0.2.${random.int(2, 254)}`,
  );
  const culprit = ips[17]!;
  let time = Date.UTC(2025, 2, 12, 9, 58, 3);
  const lines: string[] = [];
  for (let i = 0; i < requests; i++) {
    time += random.int(0, 9) * 1000;
    const fromCulprit = i % 37 === 11;
    const ip = fromCulprit ? culprit : random.pick(ips);
    const path = fromCulprit ? "/api/checkout" : random.pick(PATHS)
      .replace("{id}", String(random.int(1000, 99999)))
      .replace("{n}", String(random.int(1, 9)));
    const method = fromCulprit || path === "/api/cart" && random.chance(0.5)
      ? "POST"
      : "GET";
    const roll = random.next();
    const status = fromCulprit
      ? 500
      : roll < 0.015
      ? 500
      : roll < 0.03
      ? 502
      : roll < 0.08
      ? 404
      : roll < 0.15
      ? 304
      : 200;
    const bytes = status === 304 ? 0 : random.int(180, 48_000);
    const date = new Date(time);
    const stamp = `${pad2(date.getUTCDate())}/${
      MONTHS[date.getUTCMonth()]
    }/${date.getUTCFullYear()}:${pad2(date.getUTCHours())}:${
      pad2(date.getUTCMinutes())
    }:${pad2(date.getUTCSeconds())} +0000`;
    const referer = path.startsWith("/static") || path.startsWith("/images")
      ? "https://shop.example.com/"
      : "-";
    lines.push(
      `${ip} - - [${stamp}] "${method} ${path} HTTP/1.1" ${status} ${bytes} "${referer}" "${
        random.pick(AGENTS)
      }" ${(random.int(2, 900) / 1000).toFixed(3)}`,
    );
  }
  const text = lines.join("\n") + "\n";
  const counts = new Map<string, number>();
  for (const line of lines) {
    const [, ip, status] = line.match(/^(\S+) .*?" (\d{3}) /) ?? [];
    if (ip && status === "500") counts.set(ip, (counts.get(ip) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [top, second] = ranked;
  if (!top || (second && second[1] === top[1])) {
    throw new RangeError(
      "Cannot generate the access log: no single client has the most 500s",
    );
  }
  return {
    text,
    answer: [`${top[0]} ${top[1]}`],
    summary: `${top[0]} (${top[1]} × 500)`,
  };
}
