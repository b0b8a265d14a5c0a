/**
 * The soak benchmark: one real server (`deno run -A main.ts serve`) under
 * eight concurrent callers for two minutes, multiplexed as raw JSON-RPC lines
 * on its stdin (an MCP stdio server has one client; raw lines are how the
 * malformed and oversized ones get in). About 5% of the lines are malformed
 * (truncated requests and garbage), 1% oversized (11 MiB), and every few
 * seconds a pathological HTML page from a loopback server is fetched and
 * converted.
 *
 * Reports the calls answered, the answers by kind, the latency of normal
 * calls (search, index, stats, tools/list) overall and while a pathological
 * page converts, that of `ctx_execute` (a subprocess each) apart, and the
 * server's memory. Set `CTX_BENCH_SOAK_SECONDS` for a shorter or longer run.
 *
 * @module
 */

import { percentile, printTable } from "./_table.ts";
import { createRandom, type Random } from "./bench_server/random.ts";
import { MAIN } from "./bench_server/mcp_session.ts";
import { childEnv } from "../tests/_helpers/run_cli.ts";
import { PATHOLOGICAL, slowPage } from "../tests/_helpers/pathological_html.ts";

const CALLERS = 8;
const MALFORMED = 0.05;
const OVERSIZED = 0.01;
const PATHOLOGICAL_EVERY_MS = 10_000;
const REPLY_TIMEOUT_MS = 120_000;
const P99_TARGET_MS = 1000;
const RSS_TARGET_MB = 512;

type Reply = Record<string, unknown>;

/** A server spoken to in raw lines, replies matched by id. */
interface RawLink {
  call(
    method: string,
    params: Record<string, unknown>,
  ): Promise<Reply | undefined>;
  /** Writes a line that carries the given id somewhere the server can find it, or none. */
  raw(line: string, id?: number): Promise<Reply | undefined>;
  /** A fresh request id. */
  nextId(): number;
  /** Replies whose id was null. */
  nullReplies(): number;
  stderr(): string;
  rssMb(): Promise<number>;
  close(): Promise<void>;
}

async function startLink(project: string): Promise<RawLink> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "serve"],
    cwd: project,
    clearEnv: true,
    env: childEnv(project, {
      CTX_MODE_PROJECT_DIR: project,
      // The pathological pages must not be stopped by the fetch deadline before they convert for a while.
      CTX_MODE_FETCH_TIMEOUT_MS: "20000",
    }),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const encoder = new TextEncoder();
  const pending = new Map<number, (reply: Reply) => void>();
  let nulls = 0;
  let stderr = "";
  let nextId = 1;
  (async () => {
    for await (
      const text of child.stderr.pipeThrough(new TextDecoderStream())
    ) stderr += text;
  })();
  (async () => {
    let rest = "";
    for await (
      const text of child.stdout.pipeThrough(new TextDecoderStream())
    ) {
      const lines = (rest + text).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.trim()) continue;
        const reply = JSON.parse(line) as Reply;
        if (reply.id === null) nulls++;
        const waiter = pending.get(reply.id as number);
        pending.delete(reply.id as number);
        waiter?.(reply);
      }
    }
  })();
  const awaitReply = (id: number | undefined): Promise<Reply | undefined> => {
    if (id === undefined) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(undefined);
      }, REPLY_TIMEOUT_MS);
      pending.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
    });
  };
  const link: RawLink = {
    async call(method, params) {
      const id = nextId++;
      const answer = awaitReply(id);
      await writer.write(
        encoder.encode(
          `${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`,
        ),
      );
      return answer;
    },
    async raw(line, id) {
      const answer = awaitReply(id);
      await writer.write(encoder.encode(`${line}\n`));
      return answer;
    },
    nextId: () => nextId++,
    nullReplies: () => nulls,
    stderr: () => stderr,
    async rssMb() {
      const status = await Deno.readTextFile(`/proc/${child.pid}/status`);
      const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN);
      return kb / 1024;
    },
    async close() {
      await writer.close().catch(() => {});
      await child.status;
    },
  };
  const init = await link.call("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "ctx-soak", version: "1.0.0" },
  });
  if (!init?.result) throw new Error(`Cannot start the server: ${stderr}`);
  await link.raw(
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  );
  return link;
}

/** What one answer was, for the table. */
function kindOf(reply: Reply | undefined): string {
  if (reply === undefined) return "unanswered";
  const error = reply.error as { code: number } | undefined;
  if (error) return `JSON-RPC error ${error.code}`;
  const result = reply.result as
    | { isError?: boolean; content?: Array<{ text: string }> }
    | undefined;
  if (!result?.isError) return "result";
  const text = result.content?.map((c) => c.text).join("\n") ?? "";
  if (/took longer than/.test(text)) return "tool error: conversion deadline";
  if (/more than \d+ elements/.test(text)) {
    return "tool error: too many elements";
  }
  if (/Input validation error/.test(text)) return "tool error: validation";
  if (/ctx_search calls in/.test(text)) return "tool error: search throttled";
  return "tool error: other";
}

/** One normal call, picked at random. */
function normalCall(
  random: Random,
  caller: number,
): [string, Record<string, unknown>] {
  const roll = random.next();
  if (roll < 0.3) {
    return ["tools/call", {
      name: "ctx_search",
      arguments: {
        queries: [random.pick(["quokka", "gyroscope drift", "caller note"])],
      },
    }];
  }
  if (roll < 0.55) {
    return ["tools/call", {
      name: "ctx_index",
      arguments: {
        content: `# Note ${caller}\n\nCaller ${caller} note ${
          random.hex(8)
        } about the quokka and the gyroscope drift.`,
        source: `soak-${caller}-${random.int(0, 20)}`,
      },
    }];
  }
  if (roll < 0.7) return ["tools/call", { name: "ctx_stats", arguments: {} }];
  if (roll < 0.9) return ["tools/list", {}];
  return ["tools/call", {
    name: "ctx_execute",
    arguments: { language: "shell", code: `echo soak ${random.hex(6)}` },
  }];
}

/** Runs the soak and prints its table. */
export async function benchSoak(): Promise<void> {
  const seconds = Number(Deno.env.get("CTX_BENCH_SOAK_SECONDS") ?? 120);
  const project = await Deno.makeTempDir({ prefix: "ctx-soak-" });
  const pages: Record<string, string> = {
    "/slow": slowPage(100_000),
    "/divs": PATHOLOGICAL.nestedDivs,
    "/bold": PATHOLOGICAL.unclosedBold,
    "/tables": PATHOLOGICAL.nestedTables,
  };
  const site = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => {
      const page = pages[new URL(request.url).pathname];
      return page === undefined
        ? new Response("?", { status: 404 })
        : new Response(page, { headers: { "content-type": "text/html" } });
    },
  );
  const link = await startLink(project);
  const kinds = new Map<string, number>();
  const count = (kind: string) => kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  const normal: number[] = [];
  const executes: number[] = [];
  const duringPathological: number[] = [];
  let sent = 0;
  let answered = 0;
  let garbage = 0;
  let pathologicalRunning = 0;
  let rssPeak = 0;
  const rssStart = await link.rssMb();
  const sampler = setInterval(async () => {
    rssPeak = Math.max(rssPeak, await link.rssMb().catch(() => 0));
  }, 1000);
  const ends = performance.now() + seconds * 1000;

  const track = async (
    reply: Promise<Reply | undefined>,
    latencies?: number[],
  ) => {
    sent++;
    const started = performance.now();
    const during = pathologicalRunning > 0 && latencies === normal;
    const answer = await reply;
    const elapsed = performance.now() - started;
    if (answer !== undefined) answered++;
    count(kindOf(answer));
    if (latencies && answer !== undefined) {
      latencies.push(elapsed);
      if (during) duringPathological.push(elapsed);
    }
  };

  const caller = async (index: number) => {
    const random = createRandom(1000 + index);
    while (performance.now() < ends) {
      const roll = random.next();
      if (roll < OVERSIZED) {
        const id = link.nextId();
        const line = JSON.stringify({
          method: "tools/call",
          params: {
            name: "ctx_index",
            arguments: { content: "o".repeat(11 * 1024 * 1024) },
          },
          jsonrpc: "2.0",
          id,
        });
        await track(link.raw(line, id));
      } else if (roll < OVERSIZED + MALFORMED / 2) {
        const id = link.nextId();
        await track(
          link.raw(`{"jsonrpc":"2.0","id":${id},"method":"tools/ca`, id),
        );
      } else if (roll < OVERSIZED + MALFORMED) {
        // Garbage carries no id: its answer (id null) is counted apart.
        garbage++;
        await link.raw(random.pick(["{not json", "]]]", '"just a string"']));
      } else {
        const [method, params] = normalCall(random, index);
        const runsCode = params.name === "ctx_execute";
        await track(link.call(method, params), runsCode ? executes : normal);
      }
    }
  };

  const pathological = async () => {
    const paths = ["/slow", "/divs", "/bold", "/slow", "/tables"];
    const running: Promise<void>[] = [];
    for (let i = 0; performance.now() < ends - 5000; i++) {
      const path = paths[i % paths.length]!;
      running.push((async () => {
        pathologicalRunning++;
        try {
          await track(link.call("tools/call", {
            name: "ctx_fetch_and_index",
            arguments: {
              url: `http://127.0.0.1:${site.addr.port}${path}`,
              source: `page-${i}`,
              force: true,
            },
          }));
        } finally {
          pathologicalRunning--;
        }
      })());
      await new Promise((resolve) =>
        setTimeout(resolve, PATHOLOGICAL_EVERY_MS)
      );
    }
    await Promise.all(running);
  };

  await Promise.all([
    ...Array.from({ length: CALLERS }, (_, i) => caller(i)),
    pathological(),
  ]);
  // Let the garbage lines' answers arrive: one more call is answered after them.
  await link.call("tools/list", {});
  clearInterval(sampler);
  const rssEnd = await link.rssMb();
  rssPeak = Math.max(rssPeak, rssEnd);
  const nulls = link.nullReplies();
  const stderrLines = link.stderr().trim().split("\n").filter(Boolean).length;
  await link.close();
  await site.shutdown();
  await Deno.remove(project, { recursive: true });

  normal.sort((a, b) => a - b);
  executes.sort((a, b) => a - b);
  duringPathological.sort((a, b) => a - b);
  const p99During = percentile(duringPathological, 99);
  const share = sent > 0 ? answered / sent : 0;
  printTable(
    `Soak: one server, ${CALLERS} concurrent callers, ${seconds} s, ${
      (MALFORMED * 100).toFixed(0)
    }% malformed, ${
      (OVERSIZED * 100).toFixed(0)
    }% oversized, a pathological page every ${PATHOLOGICAL_EVERY_MS / 1000} s`,
    [
      {
        metric: "calls answered (with an id)",
        value: `${answered} / ${sent} (${(share * 100).toFixed(2)}%)`,
        target: "100%",
        ok: answered === sent,
      },
      {
        metric: "garbage lines answered (id null)",
        value: `${nulls} / ${garbage}`,
        target: "all",
        ok: nulls === garbage,
      },
      ...[...kinds.entries()].sort((a, b) => b[1] - a[1]).map(([kind, n]) => ({
        metric: `  answers: ${kind}`,
        value: String(n),
        target: "",
        ok: undefined,
      })),
      {
        metric: "stderr lines (refused or unparsable input)",
        value: String(stderrLines),
        target: "",
        ok: undefined,
      },
      {
        metric: `ctx_execute calls p50 / p99 (${executes.length})`,
        value: `${percentile(executes, 50).toFixed(0)} / ${
          percentile(executes, 99).toFixed(0)
        } ms`,
        target: "",
        ok: undefined,
      },
      {
        metric: `normal calls p50 / p99 (${normal.length})`,
        value: `${percentile(normal, 50).toFixed(0)} / ${
          percentile(normal, 99).toFixed(0)
        } ms`,
        target: "",
        ok: undefined,
      },
      {
        metric:
          `normal calls while a pathological page converts p50 / p99 (${duringPathological.length})`,
        value: `${percentile(duringPathological, 50).toFixed(0)} / ${
          p99During.toFixed(0)
        } ms`,
        target: `p99 < ${P99_TARGET_MS} ms`,
        ok: p99During < P99_TARGET_MS,
      },
      {
        metric: "server RSS: start / peak / end",
        value: `${rssStart.toFixed(0)} / ${rssPeak.toFixed(0)} / ${
          rssEnd.toFixed(0)
        } MB`,
        target: `end < ${RSS_TARGET_MB} MB`,
        ok: rssEnd < RSS_TARGET_MB,
      },
    ],
  );
}

if (import.meta.main) await benchSoak();
