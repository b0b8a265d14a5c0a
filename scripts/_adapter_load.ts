// deno-lint-ignore-file no-console -- a script: it prints figures
/**
 * How long loading one platform's adapter takes, in milliseconds, as the
 * hook process does it when no server answers: the hook command (and with it
 * the registry) loaded by computed specifier, as `main.ts` loads it, then
 * the adapter by name.
 *
 * `deno run -A scripts/_adapter_load.ts <platform>` prints one number (the
 * hook benchmark runs it so). Without a platform it prints one row per
 * platform: the modules its adapter adds to the hook command's, and the
 * best and median load over fresh processes
 * (`deno run -A scripts/_adapter_load.ts [--runs <n>]`, 15 by default).
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { ADAPTER_MODULES, adapterFor } from "../adapters/registry.ts";
import { percentile, printTable } from "./_table.ts";
import { codeGraph } from "./_code_graph.ts";

const SELF = fileURLToPath(import.meta.url);
const REGISTRY = new URL("../adapters/registry.ts", import.meta.url);
/** The hook command, loaded before the adapter on the hook path. */
const HOOK_COMMAND = new URL("../src/cli/hook.ts", import.meta.url);
/** The target the issue sets for every adapter. */
const TARGET_MS = 2;

/** One load of a platform's adapter in a fresh process, in milliseconds. */
async function loadOnce(name: string): Promise<number> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-config", SELF, name],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(output.stdout).trim();
  if (!output.success || !Number.isFinite(Number(text))) {
    throw new Error(
      `Cannot load the adapter "${name}": ${
        new TextDecoder().decode(output.stderr).trim()
      }`,
    );
  }
  return Number(text);
}

/** Prints one row per platform: modules read, best and median load. */
async function loadTable(runs: number): Promise<void> {
  const loaded = await codeGraph(HOOK_COMMAND);
  const rows = [];
  for (const [name, module] of Object.entries(ADAPTER_MODULES)) {
    const graph = await codeGraph(new URL(module, REGISTRY));
    const read = [...graph].filter((url) => !loaded.has(url)).map((url) =>
      url.replace(/^.*\/(adapters|src)\//, "$1/")
    );
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await loadOnce(name));
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    rows.push({
      metric: name,
      value: `best ${times[0]!.toFixed(2)} ms, p50 ${
        p50.toFixed(2)
      } ms, ${read.length} modules (${read.join(" ")})`,
      target: `p50 < ${TARGET_MS} ms`,
      ok: p50 < TARGET_MS,
    });
  }
  const load = await Deno.readTextFile("/proc/loadavg").catch(() => "?");
  printTable(
    `Adapter load on the hook path, ${runs} fresh processes each (load average ${
      load.split(" ").slice(0, 3).join(" ")
    })`,
    rows,
  );
}

if (import.meta.main) {
  const [first = "", second] = Deno.args;
  if (first === "" || first === "--runs") {
    const runs = Number(second ?? 15);
    if (!Number.isInteger(runs) || runs < 1) {
      throw new Error(`Cannot use "${second}" runs: give a positive integer`);
    }
    await loadTable(runs);
  } else {
    // As main.ts does; the first computed import also pays the runtime's set-up cost.
    await import(HOOK_COMMAND.href);
    const started = performance.now();
    const adapter = await adapterFor(first);
    const elapsed = performance.now() - started;
    if (!adapter) {
      throw new Error(`Cannot load the adapter "${first}": unknown`);
    }
    console.log(elapsed.toFixed(3));
  }
}
