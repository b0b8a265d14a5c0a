/**
 * The sandbox benchmark: round trip of `console.log(1)` through the JS
 * sandbox next to a bare `deno run` of the same one-liner, a shell `echo`
 * round trip, and this process's peak memory while a child prints 1 GB.
 *
 * @module
 */

import { join } from "node:path";
import { runCode } from "../src/sandbox/mod.ts";
import { percentile, printTable } from "./_table.ts";

const RUNS = 30;

async function timeRuns(run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
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
    const sandbox = await timeRuns(() =>
      runCode({
        language: "javascript",
        code: "console.log(1)",
        projectDir: project,
      })
    );
    const unconfined = await timeRuns(() =>
      runCode(
        { language: "javascript", code: "console.log(1)", projectDir: project },
        { confine: false },
      )
    );
    const shell = await timeRuns(() =>
      runCode({ language: "shell", code: "echo 1", projectDir: project })
    );

    let peak = Deno.memoryUsage().rss;
    const before = peak;
    const sampler = setInterval(
      () => peak = Math.max(peak, Deno.memoryUsage().rss),
      20,
    );
    const flood = await runCode(
      {
        language: "shell",
        code: "head -c 1000000000 /dev/zero | tr '\\0' 'x' | fold -w 100",
        projectDir: project,
        timeoutMs: 120_000,
      },
      { maxTimeoutMs: 120_000 },
    );
    clearInterval(sampler);
    peak = Math.max(peak, Deno.memoryUsage().rss);

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
            `JS sandbox round trip of console.log(1), ${flood.confinement}`,
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
      ],
    );
  } finally {
    await Deno.remove(project, { recursive: true });
  }
}

if (import.meta.main) await benchSandbox();
