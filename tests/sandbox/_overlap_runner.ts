/**
 * A server stand-in for `overlap_test.ts`: runs, in one process, runs that
 * overlap: one started by a Worker (another isolate of this process, as
 * `deno test --parallel` runs test files, each with its own module state)
 * and one by this isolate, each waiting in the project for a `go` file. Once
 * both are under way, runs of this isolate end in every way that makes the
 * server sweep up after them (a timeout, a host that ends without reporting,
 * a plain end), then `go` is written: the waiting runs must still be alive
 * and print all they were to print.
 *
 * Reads `{project, env}` on stdin; prints one JSON object.
 *
 * @module
 */

import { runCode, type RunResult } from "../../src/sandbox/mod.ts";
import { WAITING } from "./_overlap_code.ts";

const input = JSON.parse(await new Response(Deno.stdin.readable).text()) as {
  project: string;
  env: Record<string, string>;
};
const env = { ...Deno.env.toObject(), ...input.env };
const options = { confine: true, env, guard: false } as const;
const WORKER = new URL("./_overlap_worker.ts", import.meta.url).href;

async function startedAll(names: string[]): Promise<void> {
  const deadline = performance.now() + 60_000;
  for (const name of names) {
    for (;;) {
      try {
        await Deno.stat(`${input.project}/${name}.started`);
        break;
      } catch {
        if (performance.now() > deadline) {
          throw new Error(`Cannot wait for run "${name}": it never started`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }
}

const worker = new Worker(WORKER, { type: "module" });
const fromWorker = new Promise<Record<string, RunResult | string>>(
  (resolve) => worker.onmessage = (event) => resolve(event.data),
);
worker.postMessage({ project: input.project, env });
const own = {
  js: runCode(
    { language: "js", code: WAITING.js("own-js"), projectDir: input.project },
    options,
  ),
  shell: runCode(
    {
      language: "shell",
      code: WAITING.shell("own-shell"),
      projectDir: input.project,
    },
    options,
  ),
};
await startedAll(["own-js", "own-shell", "worker-js", "worker-shell"]);
// Runs that end while the others wait, each way a run can end.
const ending = await Promise.all([
  runCode({
    language: "shell",
    code: "sleep 30 & setsid sleep 30 & sleep 30",
    projectDir: input.project,
    timeoutMs: 500,
  }, options),
  runCode({
    language: "shell",
    code: "setsid sleep 30 & echo ended",
    projectDir: input.project,
  }, options),
  runCode({
    language: "js",
    code: "setInterval(() => {}, 1000)",
    projectDir: input.project,
    timeoutMs: 500,
  }, options),
]);
await Deno.writeTextFile(`${input.project}/go`, "");
const results = {
  ending: ending.map((run) => ({
    timedOut: run.timedOut,
    confinement: run.confinement,
  })),
  own: { js: await own.js, shell: await own.shell },
  worker: await fromWorker,
};
worker.terminate();
await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(results)));
