/**
 * The sandbox benchmark: round trip of `console.log(1)` through the JS
 * sandbox next to a bare `deno run` of the same one-liner, a shell `echo`
 * round trip, this process's peak memory while a child prints 1 GB, and
 * while a child prints 200 MB whose first 64 MiB are spooled and indexed.
 *
 * @module
 */

import { join } from "node:path";
import { OutputSpool, runCode, WarmHosts } from "../src/sandbox/mod.ts";
import { shapeSpooledOutput } from "../src/sandbox/shape_output.ts";
import { KnowledgeBase } from "../src/store/knowledge_base.ts";
import { percentile, printTable } from "./_table.ts";

const RUNS = 30;

/** Runs `work` while sampling this process's RSS; returns its result, the peak and the starting RSS. */
async function peakRss<T>(
  work: () => Promise<T>,
): Promise<{ result: T; peak: number; before: number }> {
  const before = Deno.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(
    () => peak = Math.max(peak, Deno.memoryUsage().rss),
    20,
  );
  try {
    const result = await work();
    return { result, peak: Math.max(peak, Deno.memoryUsage().rss), before };
  } finally {
    clearInterval(sampler);
  }
}

/** CPU seconds this process has used (Linux; undefined elsewhere): the machine may be shared, the wall clock lies. */
function cpuSeconds(): number | undefined {
  try {
    const fields = Deno.readTextFileSync("/proc/self/stat").split(") ")[1]
      ?.split(" ");
    return (Number(fields?.[11]) + Number(fields?.[12])) / 100;
  } catch {
    return undefined;
  }
}

/** A run that prints 200 MB of log lines, spooled (64 MiB) and indexed into a file database. */
async function spooledFlood(project: string) {
  using kb = KnowledgeBase.open(join(project, "bench.db"));
  await using spool = new OutputSpool();
  const run = await runCode(
    {
      language: "shell",
      code:
        "awk 'BEGIN { for (i = 0; i < 4200000; i++) printf \"%08d GET /api/items/%d 200 %d ms worker-%d\\n\", i, i % 50000, i % 977, i % 16 }'",
      projectDir: project,
      timeoutMs: 300_000,
    },
    { maxTimeoutMs: 300_000, stdoutSink: spool },
  );
  const started = performance.now();
  const cpu = cpuSeconds();
  // Indexing, then the intent's search over the 64 MB source.
  const shaped = await shapeSpooledOutput(run.stdout, spool, {
    kb,
    source: "flood",
    intent: "items 4242",
  });
  const indexMs = performance.now() - started;
  const indexCpu = cpu === undefined ? undefined : (cpuSeconds() ?? cpu) - cpu;
  const searched = performance.now();
  kb.search(["worker items 4242"], { source: "flood", limit: 6 });
  return {
    run,
    shaped,
    spooled: spool.spooledBytes,
    indexMs,
    indexCpu,
    searchMs: performance.now() - searched,
  };
}

/** A pause before each timed run, as between an agent's calls (a warm host gets ready meanwhile). */
const PAUSE_MS = 300;

async function timeRuns(run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Runs the sandbox benchmark and prints its table. */
export async function benchSandbox(): Promise<void> {
  const project = await Deno.makeTempDir({ prefix: "ctx-bench-sandbox-" });
  try {
    const script = join(project, "one.js");
    await Deno.writeTextFile(script, "console.log(1)\n");
    const bare = await timeRuns(() =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "--quiet", script],
        stdout: "null",
        stderr: "null",
      }).output()
    );
    // As the server runs code: a warm host per language, started after each run.
    const warm = new WarmHosts();
    const js = {
      language: "javascript",
      code: "console.log(1)",
      projectDir: project,
    };
    const sandbox = await timeRuns(() => runCode(js, { warm }));
    const unconfined = await timeRuns(() =>
      runCode(js, { confine: false, warm })
    );
    const shell = await timeRuns(() =>
      runCode({ language: "shell", code: "echo 1", projectDir: project }, {
        warm,
      })
    );
    warm.close();
    // As `ctx-mode exec` runs code: the host starts with the run.
    const cold = await timeRuns(() => runCode(js));

    const {
      result: flood,
      peak,
      before,
    } = await peakRss(() =>
      runCode(
        {
          language: "shell",
          code: "head -c 1000000000 /dev/zero | tr '\\0' 'x' | fold -w 100",
          projectDir: project,
          timeoutMs: 120_000,
        },
        { maxTimeoutMs: 120_000 },
      )
    );
    const spooled = await peakRss(() => spooledFlood(project));

    const bareP50 = percentile(bare, 50);
    const sandboxP50 = percentile(sandbox, 50);
    const ratio = sandboxP50 / bareP50;
    const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
    printTable(
      `Sandbox (p50 of ${RUNS} runs; confinement: ${flood.confinement})`,
      [
        {
          metric: "bare `deno run` of console.log(1)",
          value: `${bareP50.toFixed(0)} ms`,
          target: "",
          ok: undefined,
        },
        {
          metric:
            `JS sandbox round trip of console.log(1), warm host, ${flood.confinement}`,
          value: `${sandboxP50.toFixed(0)} ms (${ratio.toFixed(2)}× bare)`,
          target: "≤ 1.5× bare",
          ok: ratio <= 1.5,
        },
        {
          metric: "… with Deno permissions only (confine: false)",
          value: `${percentile(unconfined, 50).toFixed(0)} ms (${
            (percentile(unconfined, 50) / bareP50).toFixed(2)
          }× bare)`,
          target: "≤ 1.5× bare",
          ok: percentile(unconfined, 50) / bareP50 <= 1.5,
        },
        {
          metric: "… a cold start, as `ctx-mode exec` runs it",
          value: `${percentile(cold, 50).toFixed(0)} ms`,
          target: "",
          ok: undefined,
        },
        {
          metric: "shell `echo 1` round trip",
          value: `${percentile(shell, 50).toFixed(0)} ms`,
          target: "",
          ok: undefined,
        },
        {
          metric: `server RSS while a child prints ${mb(flood.bytesProduced)}`,
          value: `peak ${mb(peak)} (start ${mb(before)}), kept ${
            (flood.bytesReturned / 1024).toFixed(0)
          } KB`,
          target: "bounded",
          ok: peak - before < 200 * 1048576 && flood.bytesProduced >= 1e9,
        },
        {
          metric: `server RSS while a child prints ${
            mb(spooled.result.run.bytesProduced)
          }, ${mb(spooled.result.spooled)} of it spooled and indexed`,
          value: `peak ${mb(spooled.peak)} (start ${mb(spooled.before)}), ${
            spooled.result.shaped.indexed?.chunks ?? 0
          } chunks in ${(spooled.result.indexMs / 1000).toFixed(1)} s${
            spooled.result.indexCpu === undefined
              ? ""
              : ` (${spooled.result.indexCpu.toFixed(1)} s CPU)`
          }, a scoped search ${spooled.result.searchMs.toFixed(0)} ms`,
          target: "bounded",
          ok: spooled.peak - spooled.before < 200 * 1048576 &&
            spooled.result.spooled === 64 * 1048576,
        },
      ],
    );
  } finally {
    await Deno.remove(project, { recursive: true });
  }
}

if (import.meta.main) await benchSandbox();
