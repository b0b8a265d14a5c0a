/**
 * The safety-guard benchmark: analysis time per command in process (parse and
 * every rule), p50 and p99 over the guard's whole case table, plus the
 * slowest case, after a warm-up pass; then the evaluation set's rates per
 * half (scripts/guard_eval.ts).
 *
 * @module
 */

import { checkCommand } from "../src/safety/mod.ts";
import { CWD, GUARD_CASES, HOME } from "../tests/safety/guard_cases.ts";
import { percentile, printTable } from "./_table.ts";
import { printEval } from "./guard_eval.ts";

const ROUNDS = 20;
const TARGET_P50_MS = 0.05;
const TARGET_P99_MS = 1;

/** Runs the guard benchmark and prints its table. */
export function benchGuard(): void {
  const cases = Object.values(GUARD_CASES).flat();
  const run = ([command, , extra]: (typeof cases)[number]): void => {
    checkCommand(command, {
      cwd: extra?.cwd ?? CWD,
      home: extra?.home ?? HOME,
      ...(extra?.level ? { level: extra.level } : {}),
      ...(extra?.shell ? { shell: extra.shell } : {}),
    });
  };
  cases.forEach(run);
  const perCase = cases.map(() => Infinity);
  for (let round = 0; round < ROUNDS; round++) {
    cases.forEach((c, i) => {
      const started = performance.now();
      run(c);
      perCase[i] = Math.min(
        perCase[i] ?? Infinity,
        performance.now() - started,
      );
    });
  }
  const all: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const started = performance.now();
      run(c);
      all.push(performance.now() - started);
    }
  }
  all.sort((a, b) => a - b);
  const slowest = perCase.reduce(
    (best, ms, i) => (ms > best.ms ? { ms, i } : best),
    { ms: 0, i: 0 },
  );
  const p50 = percentile(all, 50);
  const p99 = percentile(all, 99);
  const label = (cases[slowest.i]?.[0] ?? "").replaceAll("\n", "\\n");
  printTable(
    `Safety guard: analysis time per command, ${cases.length} table cases × ${ROUNDS} rounds`,
    [
      {
        metric: "p50",
        value: `${(p50 * 1000).toFixed(0)} µs`,
        target: `< ${TARGET_P50_MS * 1000} µs`,
        ok: p50 < TARGET_P50_MS,
      },
      {
        metric: "p99",
        value: `${(p99 * 1000).toFixed(0)} µs`,
        target: `< ${TARGET_P99_MS * 1000} µs`,
        ok: p99 < TARGET_P99_MS,
      },
      {
        metric: `slowest case (best of ${ROUNDS}): ${
          label.length > 40 ? `${label.slice(0, 37)}...` : label
        }`,
        value: `${(slowest.ms * 1000).toFixed(0)} µs`,
        target: "(limit probes included)",
        ok: undefined,
      },
    ],
  );
  printEval();
}

if (import.meta.main) benchGuard();
