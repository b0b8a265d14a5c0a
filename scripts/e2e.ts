// deno-lint-ignore-file no-console -- a script: it prints its table on stdout
/**
 * `deno task e2e`: real agent CLIs (installed from the npm registry at
 * pinned versions into the user's cache) drive ctx-mode against a scripted
 * model on loopback. Prints the agent × scenario table and the bytes each
 * scenario's requests carried to the model.
 *
 * Arguments narrow the run: agent names (`claude-code`, `codex`, …) and
 * scenario numbers (`2 3`); `--jobs=N` runs N scenarios of an agent at once
 * (default 2).
 *
 * @module
 */

import {
  AGENTS,
  formatTable,
  type Outcome,
  runAgent,
} from "../tests/e2e/_suite.ts";
import {
  formatNativeTable,
  NATIVE_MEASURES,
} from "../tests/e2e/_native_scenarios.ts";

const jobs = Number(
  Deno.args.find((arg) => arg.startsWith("--jobs="))?.slice(7) ?? 2,
);
const names = Deno.args.filter((arg) => !/^(\d+|--jobs=.*)$/.test(arg));
const scenarios = Deno.args.filter((arg) => /^\d+$/.test(arg)).map(Number);
const agents = AGENTS.filter((a) =>
  names.length === 0 || names.includes(a.name)
);
if (agents.length === 0) {
  console.error(
    `Cannot run agents "${names.join(" ")}": known are ${
      AGENTS.map((a) => a.name).join(", ")
    }`,
  );
  Deno.exit(2);
}

const outcomes: Outcome[] = [];
for (const agent of agents) {
  outcomes.push(
    ...await runAgent(agent, {
      ...(scenarios.length ? { scenarios } : {}),
      concurrency: jobs,
      onOutcome: (o) =>
        console.error(
          `${o.agent} S${o.scenario}: ${o.status}${o.why ? ` (${o.why})` : ""}`,
        ),
    }),
  );
}
console.log(formatTable(outcomes));
const native = formatNativeTable(NATIVE_MEASURES);
if (native) {
  console.log(`
${native}`);
}
// A run in which nothing passed showed nothing: every scenario skipped is no success.
const passed = outcomes.some((o) => o.status === "pass");
Deno.exit(outcomes.some((o) => o.status === "fail") || !passed ? 1 : 0);
