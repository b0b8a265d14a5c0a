// deno-lint-ignore-file no-console -- benchmark output goes to stdout
/**
 * The fetch benchmark: `fetchAndIndex` of a small text page from a loopback
 * server, by address and by a name (resolved once and connected to the
 * checked address), over http and over https (the test certificate, trusted
 * through `DENO_CERT` in a child process). Each figure is the median and the
 * 95th percentile of repeated forced fetches into an in-memory knowledge base.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { fetchAndIndex } from "../src/fetch/mod.ts";
import { KnowledgeBase } from "../src/store/knowledge_base.ts";
import { percentile, printTable, type Row } from "./_table.ts";

const ROUNDS = 60;
const TLS = new URL("../tests/fixtures/tls/", import.meta.url);
const PAGE = "fetch benchmark page with a paragraph of text\n".repeat(200);

/** Median and p95 of `ROUNDS` forced fetches of `url`, in milliseconds. */
async function measure(url: string): Promise<[number, number]> {
  const kb = KnowledgeBase.open(":memory:");
  const lookup = () => Promise.resolve(["127.0.0.1"]);
  const times: number[] = [];
  try {
    for (let i = 0; i < ROUNDS + 5; i++) {
      const started = performance.now();
      const result = await fetchAndIndex(kb, { url }, { force: true, lookup });
      if (!result.ok) throw new Error(result.error);
      if (i >= 5) times.push(performance.now() - started);
    }
  } finally {
    kb.close();
  }
  times.sort((a, b) => a - b);
  return [percentile(times, 50), percentile(times, 95)];
}

/** The child: serves the page over http and https and prints the timings as JSON. */
async function child(): Promise<void> {
  const handler = () =>
    new Response(PAGE, { headers: { "content-type": "text/plain" } });
  const plain = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    handler,
  );
  const secure = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen() {},
    cert: await Deno.readTextFile(new URL("cert.pem", TLS)),
    key: await Deno.readTextFile(new URL("key.pem", TLS)),
  }, handler);
  try {
    console.log(JSON.stringify({
      "http, by address": await measure(`http://127.0.0.1:${plain.addr.port}/`),
      "http, by name": await measure(`http://localhost:${plain.addr.port}/`),
      "https, by name": await measure(`https://localhost:${secure.addr.port}/`),
    }));
  } finally {
    await plain.shutdown();
    await secure.shutdown();
  }
}

/** Runs the fetch benchmark and prints its table. */
export async function benchFetch(): Promise<void> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", fileURLToPath(import.meta.url), "--child"],
    env: { DENO_CERT: fileURLToPath(new URL("ca.pem", TLS)) },
    stderr: "inherit",
  }).output();
  if (!output.success) throw new Error("the fetch benchmark child failed");
  const figures = JSON.parse(new TextDecoder().decode(output.stdout)) as Record<
    string,
    [number, number]
  >;
  // https opens a new TLS connection per fetch (to the checked address), so it gets more room.
  const rows: Row[] = Object.entries(figures).map(([name, [p50, p95]]) => {
    const target = name.startsWith("https") ? 100 : 50;
    return {
      metric: `fetchAndIndex of a 9 KB loopback page, ${name} (p50 / p95)`,
      value: `${p50.toFixed(1)} / ${p95.toFixed(1)} ms`,
      target: `< ${target} ms p50`,
      ok: p50 < target,
    };
  });
  printTable(`Fetch (${ROUNDS} forced fetches each)`, rows);
}

if (import.meta.main) {
  if (Deno.args.includes("--child")) await child();
  else await benchFetch();
}
