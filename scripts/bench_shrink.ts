/**
 * The shrink benchmark (`deno task bench shrink`): bytes in and out per case
 * of the evaluation set (`shrink_eval_cases.ts`) and per half (tuning,
 * held-out), the shrink time of 1 MB and 5 MB command outputs and logs and
 * how it scales from one to the other, the indexing time of the same (the
 * part that may finish after the hook's answer), and what loading
 * `src/shrink` costs a process.
 *
 * Times are the best of a few rounds after a warm-up, in process.
 *
 * @module
 */

import { evalCases } from "./shrink_eval_cases.ts";
import { indexShrunk, shrinkToolResult } from "../src/shrink/mod.ts";
import type { ToolResult } from "../src/shrink/types.ts";
import { KnowledgeBase } from "../src/store/knowledge_base.ts";
import { formatBytes } from "../src/store/format_bytes.ts";
import { fastestMs, printTable, type Row } from "./_table.ts";

const TARGET_RATIO = 0.15;
const ROUNDS = 5;
/** The 1 MB and 5 MB timings take the best of more rounds: their ratio is a row of its own. */
const TIMING_ROUNDS = 11;
/** Five times the output may take at most this many times as long: about linear. */
const MAX_SCALING = 5.5;

/** A command's output of about `bytes`: test-run noise with failures spread through it. */
function testOutput(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = i % 997 === 500
      ? `  ● Orders › refunds order ${i}\n    Expected: ${i}\n    Received: ${
        i + 1
      }\n      at Object.<anonymous> (src/orders.test.ts:${i % 300}:9)`
      : `    ✓ computes the invoice line ${i} for customer ${i * 7} (${
        i % 40
      } ms)`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.push("Tests:       9 failed, 12000 passed, 12009 total");
  return lines.join("\n");
}

/** A log of about `bytes`, mostly INFO with a few kinds of error. */
function logOutput(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const stamp = new Date(Date.UTC(2026, 0, 1) + i * 97).toISOString();
    const line = i % 211 === 0
      ? `${stamp} ERROR [db] connection refused to db-${i % 3}:5432 (attempt ${
        i % 5
      })`
      : `${stamp} INFO  [http] GET /api/items/${i} 200 ${i % 90}ms req=${
        (i * 2654435761 >>> 0).toString(16)
      }`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n");
}

async function moduleLoadMs(): Promise<number> {
  const script = new URL("./_module_load.ts", import.meta.url).pathname;
  let fastest = Infinity;
  for (let i = 0; i < 5; i++) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", script, "src/shrink/mod.ts"],
      cwd: new URL("..", import.meta.url).pathname,
      stdout: "piped",
    }).output();
    fastest = Math.min(
      fastest,
      Number(new TextDecoder().decode(output.stdout)),
    );
  }
  return fastest;
}

/** Runs the shrink benchmark and prints its tables. */
export async function benchShrink(): Promise<void> {
  const cases = evalCases();
  const rows: Row[] = [];
  const halves = new Map<string, { original: number; view: number }>();
  for (const [n, evalCase] of cases.entries()) {
    const shrunk = shrinkToolResult(evalCase.result, { now: n });
    const ms = fastestMs(
      () => shrinkToolResult(evalCase.result, { now: n }),
      ROUNDS,
    );
    if (!shrunk.shrunk) {
      rows.push({
        metric: `${evalCase.half}: ${evalCase.name}`,
        value: `not shrunk: ${shrunk.reason}`,
        target: `≤ ${TARGET_RATIO}×`,
        ok: false,
      });
      continue;
    }
    const half = halves.get(evalCase.half) ?? { original: 0, view: 0 };
    half.original += shrunk.originalBytes;
    half.view += shrunk.viewBytes;
    halves.set(evalCase.half, half);
    const ratio = shrunk.viewBytes / shrunk.originalBytes;
    rows.push({
      metric: `${evalCase.half}: ${evalCase.name} (${shrunk.format})`,
      value: `${formatBytes(shrunk.originalBytes)} → ${
        formatBytes(shrunk.viewBytes)
      } = ${ratio.toFixed(4)}×, ${ms.toFixed(1)} ms`,
      target: `≤ ${TARGET_RATIO}×`,
      ok: ratio <= TARGET_RATIO,
    });
  }
  for (const [half, { original, view }] of halves) {
    const ratio = view / original;
    rows.push({
      metric: `${half} half, summed`,
      value: `${formatBytes(original)} → ${formatBytes(view)} = ${
        ratio.toFixed(4)
      }×`,
      target: `≤ ${TARGET_RATIO}×`,
      ok: ratio <= TARGET_RATIO,
    });
  }
  printTable(
    "Shrink: bytes the model gets per case of the evaluation set",
    rows,
  );

  const timing: Row[] = [];
  const inputs: Array<[string, ToolResult]> = [
    ["test output 1 MB", {
      toolKind: "shell",
      toolName: "Bash",
      subject: "npm test",
      content: testOutput(1024 * 1024),
      exitCode: 1,
    }],
    ["test output 5 MB", {
      toolKind: "shell",
      toolName: "Bash",
      subject: "npm test",
      content: testOutput(5 * 1024 * 1024),
      exitCode: 1,
    }],
    ["log 1 MB", {
      toolKind: "read",
      toolName: "Read",
      subject: "/srv/app.log",
      content: logOutput(1024 * 1024),
    }],
    ["log 5 MB", {
      toolKind: "read",
      toolName: "Read",
      subject: "/srv/app.log",
      content: logOutput(5 * 1024 * 1024),
    }],
  ];
  const shrinkMs = new Map<string, number>();
  for (const [name, result] of inputs) {
    shrinkToolResult(result, { now: 1 });
    const ms = fastestMs(
      () => shrinkToolResult(result, { now: 1 }),
      TIMING_ROUNDS,
    );
    shrinkMs.set(name, ms);
    const mb = name.includes("5 MB") ? 5 : 1;
    timing.push({
      metric: `shrink ${name}`,
      value: `${ms.toFixed(1)} ms`,
      target: `≤ ${mb * 10} ms`,
      ok: ms <= mb * 10,
    });
  }
  // Work that grows faster than the output (a quadratic pass, a pattern that backtracks) shows here first.
  for (const kind of ["test output", "log"]) {
    const one = shrinkMs.get(`${kind} 1 MB`)!;
    const five = shrinkMs.get(`${kind} 5 MB`)!;
    const ratio = five / one;
    timing.push({
      metric: `shrink ${kind}: time for 5 MB over time for 1 MB`,
      value: `${ratio.toFixed(2)}×`,
      target: `≤ ${MAX_SCALING}×`,
      ok: ratio <= MAX_SCALING,
    });
  }
  for (const [name, result] of inputs) {
    const shrunk = shrinkToolResult(result, { now: 1 });
    if (!shrunk.shrunk) continue;
    const ms = fastestMs(() => {
      using kb = KnowledgeBase.open(":memory:");
      indexShrunk(kb, shrunk);
    }, 2);
    timing.push({
      metric: `index ${name} (may follow the answer)`,
      value: `${ms.toFixed(0)} ms`,
      target: "",
      ok: undefined,
    });
  }
  const loadMs = await moduleLoadMs();
  timing.push({
    metric: "load src/shrink/mod.ts (its whole graph, in a fresh process)",
    value: `${loadMs.toFixed(1)} ms`,
    target: "≤ 10 ms",
    ok: loadMs <= 10,
  });
  printTable("Shrink: time in process", timing);
}

if (import.meta.main) await benchShrink();
