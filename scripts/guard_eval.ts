// deno-lint-ignore-file no-console -- a script: it prints its figures on stdout
/**
 * Scores the guard on its evaluation set (tests/safety/guard_eval_cases.ts):
 * for each half, the share of destructive cases it stops (deny or ask), the
 * share of everyday cases it allows, and how many get exactly the wanted
 * verdict. Also part of `deno task bench guard`.
 *
 *   deno run -A scripts/guard_eval.ts [--misses]
 *     --misses lists the development half's misses; the test half's are
 *     never listed, so nothing is tuned on them.
 *
 * @module
 */

import { checkCommand } from "../src/safety/mod.ts";
import {
  EVAL_CASES,
  type EvalCase,
  type Half,
  halfOf,
} from "../tests/safety/guard_eval_cases.ts";
import { CWD, HOME } from "../tests/safety/guard_cases.ts";
import { printTable, type Row } from "./_table.ts";

const TARGET_CAUGHT = 0.95;
const TARGET_ALLOWED = 0.97;

/** The figures of one half. */
export interface HalfScore {
  destructive: number;
  caught: number;
  everyday: number;
  allowed: number;
  exact: number;
  misses: string[];
}

/** Scores the cases of one half. */
export function scoreHalf(half: Half): HalfScore {
  const score: HalfScore = {
    destructive: 0,
    caught: 0,
    everyday: 0,
    allowed: 0,
    exact: 0,
    misses: [],
  };
  EVAL_CASES.forEach((c: EvalCase, i) => {
    if (halfOf(i) !== half) return;
    const v = checkCommand(c.command, { cwd: c.cwd ?? CWD, home: HOME });
    if (v.verdict === c.want) score.exact++;
    else {
      score.misses.push(
        `want ${c.want}, got ${v.verdict} (${v.rule ?? "-"}): ${
          JSON.stringify(c.command)
        } — ${c.why}`,
      );
    }
    if (c.want === "allow") {
      score.everyday++;
      if (v.verdict === "allow") score.allowed++;
    } else {
      score.destructive++;
      if (v.verdict !== "allow") score.caught++;
    }
  });
  return score;
}

function share(part: number, whole: number): string {
  return `${(part / whole).toFixed(3)} (${part}/${whole})`;
}

/** Prints the evaluation table of both halves. */
export function printEval(misses = false): void {
  const rows: Row[] = [];
  for (const half of ["dev", "test"] as const) {
    const s = scoreHalf(half);
    rows.push(
      {
        metric: `${half} half: destructive caught`,
        value: share(s.caught, s.destructive),
        target: `≥ ${TARGET_CAUGHT}`,
        ok: s.caught / s.destructive >= TARGET_CAUGHT,
      },
      {
        metric: `${half} half: everyday allowed`,
        value: share(s.allowed, s.everyday),
        target: `≥ ${TARGET_ALLOWED}`,
        ok: s.allowed / s.everyday >= TARGET_ALLOWED,
      },
      {
        metric: `${half} half: exact verdict`,
        value: share(s.exact, s.destructive + s.everyday),
        target: "(ask vs deny counted)",
        ok: undefined,
      },
    );
    if (misses && half === "dev") s.misses.forEach((m) => console.log(m));
  }
  printTable(`Safety guard: evaluation set, ${EVAL_CASES.length} cases`, rows);
}

if (import.meta.main) printEval(Deno.args.includes("--misses"));
