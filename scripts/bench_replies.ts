// deno-lint-ignore-file no-console -- a script: it prints its tables on stdout
/**
 * The reply benchmark (`deno task bench replies`): the bytes `ctx_execute`
 * returns for large outputs of each kind (program output, logs, `git log`,
 * test runs, listings, JSON, HTML fetched with curl), through the real MCP
 * server, without and with an intent, and which of each output's key facts
 * the reply holds; side by side with the older tool (context-mode, installed
 * from the npm registry into a cache folder, on Node) in the same run. A
 * receipt that names a source is checked by searching that source.
 *
 * The outputs (the tuned set and each held-out set, a table each) are
 * gathered in `bench_server/reply_sets.ts`. `BENCH_OLDER=0` skips the older tool;
 * `BENCH_REPLIES_SHOW=1` prints every reply; `BENCH_REPLIES_ONLY=<regex>`
 * runs only the outputs whose names match.
 *
 * @module
 */

import { join } from "node:path";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { resultText } from "../tests/_helpers/mcp_client.ts";
import { replySets } from "./bench_server/reply_sets.ts";
import { startSession } from "./bench_server/mcp_session.ts";
import type { ReplyOutput } from "./bench_server/reply_outputs.ts";
import { OLDER, olderToolCommands } from "./bench_warm.ts";
import { printTable, type Row } from "./_table.ts";

type ReplyCase = ReplyOutput;

/** A tool that runs shell code for the benchmark. */
interface ReplyTool extends AsyncDisposable {
  run(code: string, intent: string | undefined): Promise<string>;
  search(query: string, source: string): Promise<string>;
}

async function ours(project: string, home: string): Promise<ReplyTool> {
  const session = await startSession(project, home);
  return {
    run: async (code, intent) =>
      (await session.call("ctx_execute", {
        language: "shell",
        code,
        ...(intent === undefined ? {} : { intent }),
      })).text,
    search: async (query, source) =>
      (await session.call("ctx_search", { queries: [query], source })).text,
    [Symbol.asyncDispose]: () => session[Symbol.asyncDispose](),
  };
}

async function older(project: string, home: string): Promise<ReplyTool> {
  const [node] = await olderToolCommands();
  const transport = new StdioClientTransport({
    command: node!.argv[0]!,
    args: node!.argv.slice(1),
    cwd: project,
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: home,
      CLAUDE_PROJECT_DIR: project,
    },
    stderr: "ignore",
  });
  const client = new Client({ name: "ctx-bench", version: "1" });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) =>
    resultText(await client.callTool({ name, arguments: args }));
  return {
    run: (code, intent) =>
      call("ctx_execute", {
        language: "shell",
        code,
        ...(intent === undefined ? {} : { intent }),
      }),
    search: (query, source) => call("ctx_search", { queries: [query], source }),
    [Symbol.asyncDispose]: () => client.close(),
  };
}

interface Measured {
  bytes: number;
  kept: number;
  total: number;
  missing: string[];
}

function measure(c: ReplyCase, intent: string | undefined, reply: string) {
  const facts = {
    ...c.facts,
    ...(intent === undefined ? {} : c.intentFacts ?? {}),
  };
  const missing = Object.entries(facts).filter(([, pattern]) =>
    !pattern.test(reply)
  ).map(([name]) => name);
  const total = Object.keys(facts).length;
  return {
    bytes: new TextEncoder().encode(reply).length,
    kept: total - missing.length,
    total,
    missing,
  } satisfies Measured;
}

/**
 * Whether the receipt's `ctx_search(…, source: "…")` finds the output again;
 * a reply that is the whole output (one too small to index) needs none.
 */
async function receiptWorks(
  tool: ReplyTool,
  reply: string,
  query: string,
  output: string,
): Promise<string> {
  if (reply.includes("<label>")) return "receipt names <label>";
  const source = reply.match(/source: "((?:[^"\\]|\\.)+)"/)?.[1];
  if (source === undefined) {
    return reply.trim() === output.trim() ? "" : "no receipt";
  }
  const found = await tool.search(query, JSON.parse(`"${source}"`));
  return /No results/.test(found) ? `source "${source}" finds nothing` : "";
}

async function runCases(
  title: string,
  all: ReplyCase[],
  work: string,
): Promise<void> {
  const only = new RegExp(Deno.env.get("BENCH_REPLIES_ONLY") ?? "");
  const cases = all.filter((c) => only.test(c.name));
  if (cases.length === 0) return;
  const project = join(work, title.replace(/\W+/g, "-"));
  await Deno.mkdir(project, { recursive: true });
  const files = new Map<ReplyCase, string>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () =>
      new Response(all.find((c) => c.served)?.text ?? "", {
        headers: { "content-type": "text/html; charset=utf-8" },
      }),
  );
  try {
    for (const [i, c] of all.entries()) {
      // Both tools run shell code in the project folder.
      await Deno.writeTextFile(join(project, `output-${i}.txt`), c.text);
      files.set(
        c,
        c.served
          ? `curl -s http://127.0.0.1:${server.addr.port}/docs/options.html`
          : `cat output-${i}.txt`,
      );
    }
    const tools: Array<[string, ReplyTool]> = [];
    tools.push(["ctx-mode", await ours(project, join(work, "home-ours"))]);
    if (Deno.env.get("BENCH_OLDER") !== "0") {
      try {
        tools.push([
          OLDER.name,
          await older(project, join(work, `home-older-${title.length}`)),
        ]);
      } catch (error) {
        console.log(`older tool skipped: ${(error as Error).message}`);
      }
    }
    const rows: Row[] = [];
    for (const c of cases) {
      for (const intent of [undefined, c.intent]) {
        const results: Measured[] = [];
        let receipt = "";
        for (const [name, tool] of tools) {
          const reply = await tool.run(files.get(c)!, intent);
          results.push(measure(c, intent, reply));
          if (name === "ctx-mode") {
            // A word the output holds: the search must find the output again.
            const word = reply.match(/Searchable terms: (\w+)/)?.[1] ??
              c.text.match(/[A-Za-z]{5,}/)?.[0] ?? "error";
            receipt = await receiptWorks(tool, reply, word, c.text);
          }
          if (Deno.env.get("BENCH_REPLIES_SHOW")) {
            console.log(`--- ${name}: ${c.name} ${intent ?? ""}\n${reply}`);
          }
        }
        const [mine, theirs] = results as [Measured, Measured | undefined];
        const facts = (m: Measured) =>
          `${m.bytes} B, facts ${m.kept}/${m.total}${
            m.missing.length > 0 ? ` (missing: ${m.missing.join(", ")})` : ""
          }`;
        rows.push({
          metric: `${c.name}${intent === undefined ? "" : ` + intent`}`,
          value: `${facts(mine)}${
            theirs
              ? `; older ${facts(theirs)}; ${
                (mine.bytes / theirs.bytes).toFixed(2)
              }×`
              : ""
          }${receipt === "" ? "" : `; ${receipt}`}`,
          target: theirs
            ? "≤ older's bytes at ≥ its facts, or more facts"
            : "all facts",
          // More facts for more bytes passes: a reply of fewer facts is not the cheaper answer.
          ok: receipt === "" && (theirs
            ? mine.kept > theirs.kept ||
              (mine.kept === theirs.kept && mine.bytes <= theirs.bytes)
            : mine.missing.length === 0),
        });
      }
    }
    for (const [, tool] of tools) await tool[Symbol.asyncDispose]();
    printTable(title, rows);
  } finally {
    await server.shutdown();
  }
}

/** Runs the tuned and the held-out outputs and prints a table for each. */
export async function benchReplies(): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "ctx-bench-replies-" });
  try {
    for (const set of replySets()) {
      await runCases(set.title, set.cases, work);
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

if (import.meta.main) await benchReplies();
