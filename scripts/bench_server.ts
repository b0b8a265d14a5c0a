// deno-lint-ignore-file no-console -- a script: it prints its tables on stdout
/**
 * The MCP server benchmark: how fast the real server answers `tools/list`
 * after it is started, and how much context its tools keep out of an agent's
 * window on realistic tasks (raw bytes the agent would otherwise read versus
 * the bytes every tool result of the task returned, and whether the answer is
 * in what came back).
 *
 * The server is spawned as `deno run -A main.ts serve` and driven by the MCP
 * SDK's `Client` over stdio; web pages and API responses come from a loopback
 * HTTP server. All data is generated from fixed seeds.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { byteLength, type Dataset } from "./bench_server/dataset.ts";
import { startSession } from "./bench_server/mcp_session.ts";
import { type Scenario, SCENARIOS } from "./bench_server/scenarios.ts";
import { percentile, printTable, type Row } from "./_table.ts";

const STARTS = 10;
const SAVED_TARGET = 0.95;
const TOTAL_TARGET = 0.98;

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** Starts the server `STARTS` times (after one warm-up) and times `tools/list`. */
async function benchStartup(work: string): Promise<Row[]> {
  const project = join(work, "startup-project");
  const home = join(work, "startup-home");
  await Deno.mkdir(project, { recursive: true });
  await Deno.mkdir(home, { recursive: true });
  const times: number[] = [];
  let tools = 0;
  for (let run = 0; run <= STARTS; run++) {
    const started = performance.now();
    await using session = await startSession(project, home);
    const listed = await session.client.listTools();
    const elapsed = performance.now() - started;
    tools = listed.tools.length;
    // The first start may refresh Deno's transpile cache after a source edit.
    if (run > 0) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p90 = percentile(times, 90);
  return [
    {
      metric: `start → tools/list answered, p50 (${STARTS} starts)`,
      value: `${p50.toFixed(0)} ms`,
      target: "< 1000 ms",
      ok: p50 < 1000,
    },
    {
      metric: "p90",
      value: `${p90.toFixed(0)} ms`,
      target: "",
      ok: undefined,
    },
    {
      metric: "tools listed",
      value: String(tools),
      target: "10",
      ok: tools === 10,
    },
  ];
}

interface Outcome {
  scenario: Scenario;
  data: Dataset;
  raw: number;
  returned: number;
  calls: number;
  answered: boolean;
  errors: string[];
  texts: string[];
}

/** A tiny loopback HTTP server whose routes the scenarios fill in. */
function startLoopback(): {
  serve(path: string, body: string, contentType: string): string;
  close(): Promise<void>;
} {
  const routes = new Map<string, { body: string; contentType: string }>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request) => {
      const url = new URL(request.url);
      const route = routes.get(url.pathname + url.search);
      return route
        ? new Response(route.body, {
          headers: { "content-type": route.contentType },
        })
        : new Response("Not Found", { status: 404 });
    },
  );
  return {
    serve(path, body, contentType) {
      routes.set(path, { body, contentType });
      return `http://127.0.0.1:${server.addr.port}${path}`;
    },
    close: () => server.shutdown(),
  };
}

/** Runs one scenario against its own server, project and data home. */
async function runScenario(
  scenario: Scenario,
  work: string,
  index: number,
  loopback: ReturnType<typeof startLoopback>,
): Promise<Outcome> {
  const project = join(work, `project-${index}`);
  const home = join(work, `home-${index}`);
  await Deno.mkdir(project, { recursive: true });
  await Deno.mkdir(home, { recursive: true });
  const data = scenario.generate();
  const texts: string[] = [];
  const errors: string[] = [];
  await using session = await startSession(project, home);
  try {
    await scenario.ask({
      async writeFile(path, text) {
        const file = join(project, path);
        await Deno.mkdir(dirname(file), { recursive: true });
        await Deno.writeTextFile(file, text);
      },
      serve: (path, body, contentType) =>
        loopback.serve(path, body, contentType),
      async call(tool, args) {
        const reply = await session.call(tool, args);
        texts.push(reply.text);
        if (reply.isError) {
          errors.push(`${tool}: ${reply.text.split("\n")[0]}`);
        }
        return reply.text;
      },
    }, data);
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  const all = texts.join("\n");
  return {
    scenario,
    data,
    raw: byteLength(data.text),
    returned: texts.reduce((sum, text) => sum + byteLength(text), 0),
    calls: texts.length,
    answered: data.answer.every((part) => all.includes(part)),
    errors,
    texts,
  };
}

function savingsRows(outcomes: readonly Outcome[]): Row[] {
  const rows = outcomes.map((o): Row => {
    const saved = 1 - o.returned / o.raw;
    return {
      metric: `${o.scenario.name} (${o.scenario.tools})`,
      value: `${formatSize(o.raw).padStart(9)} → ${
        formatSize(o.returned).padStart(8)
      } ${(saved * 100).toFixed(1).padStart(5)}% saved, answer ${
        o.answered ? "present" : "MISSING"
      }`,
      target: `≥ ${SAVED_TARGET * 100}%, answer`,
      ok: saved >= SAVED_TARGET && o.answered && o.errors.length === 0,
    };
  });
  const raw = outcomes.reduce((sum, o) => sum + o.raw, 0);
  const returned = outcomes.reduce((sum, o) => sum + o.returned, 0);
  const total = 1 - returned / raw;
  const answered = outcomes.filter((o) => o.answered).length;
  const mean = outcomes.reduce((sum, o) => sum + (1 - o.returned / o.raw), 0) /
    outcomes.length;
  rows.push(
    {
      metric: `total (${outcomes.length} scenarios)`,
      value: `${formatSize(raw).padStart(9)} → ${
        formatSize(returned).padStart(8)
      } ${
        (total * 100).toFixed(1).padStart(5)
      }% saved, ${answered}/${outcomes.length} answers`,
      target: `≥ ${TOTAL_TARGET * 100}%, all`,
      ok: total >= TOTAL_TARGET && answered === outcomes.length,
    },
    {
      metric: "mean of the rows (each scenario weighted equally)",
      value: `${" ".repeat(20)}${(mean * 100).toFixed(1).padStart(5)}% saved`,
      target: "",
      ok: undefined,
    },
  );
  return rows;
}

/**
 * Runs the server benchmark and prints its two tables: start-up latency and
 * context savings per scenario.
 *
 * @param options `verbose` also prints every tool result of every scenario.
 */
export async function benchServer(
  options: { verbose?: boolean } = {},
): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "ctx-bench-server-" });
  const loopback = startLoopback();
  try {
    printTable("MCP server start-up", await benchStartup(work));

    const outcomes: Outcome[] = [];
    for (const [index, scenario] of SCENARIOS.entries()) {
      outcomes.push(await runScenario(scenario, work, index, loopback));
    }
    printTable(
      "Context savings (raw bytes the agent would read → bytes all tool results returned)",
      savingsRows(outcomes),
    );
    console.log("\nQuestions (expected answer, computed from the data):");
    for (const [index, o] of outcomes.entries()) {
      console.log(
        `  ${
          index + 1
        }. ${o.scenario.question} → ${o.data.summary}; ${o.calls} call${
          o.calls === 1 ? "" : "s"
        }`,
      );
      for (const error of o.errors) console.log(`     error: ${error}`);
      if (options.verbose) {
        for (const text of o.texts) {
          console.log(`     ---\n${text.replace(/^/gm, "     ")}`);
        }
      }
    }
  } finally {
    await loopback.close();
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  await benchServer({ verbose: Deno.args.includes("--verbose") });
}
