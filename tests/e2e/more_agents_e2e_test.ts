// deno-lint-ignore-file no-console -- the table is the test's report
/**
 * The rows of the end-to-end suite beyond Claude Code: OpenCode, KiloCode,
 * Pi and Copilot CLI (real CLIs from the npm registry, pinned) against the
 * scripted model. Heavy, so not in CI: runs only with CTX_MODE_E2E_AGENTS
 * set to `all` or to agent names (`opencode,pi`). An agent that cannot be
 * installed is an ignored test whose name says why; once installed, a
 * scenario counts only when it passed or the agent lacks what it needs
 * (e.g. a hook that adds context after compaction), and a test in which no
 * scenario passed fails.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type Agent, installAgent, notChosen } from "./_agent.ts";
import { formatTable, runAgent } from "./_suite.ts";
import { kiloCodeAgent, openCodeAgent } from "./agents/opencode.ts";
import { piAgent } from "./agents/pi.ts";
import { copilotCliAgent } from "./agents/copilot_cli.ts";

const AGENTS: readonly Agent[] = [
  openCodeAgent,
  kiloCodeAgent,
  piAgent,
  copilotCliAgent,
];

/** Why an agent's test cannot run here, found before it is declared: a skip is never a pass. */
async function whyNot(agent: Agent): Promise<string | undefined> {
  const skip = notChosen(agent.name);
  if (skip) return skip;
  const installed = await installAgent(agent);
  return "skip" in installed ? installed.skip : undefined;
}

for (const agent of AGENTS) {
  const name =
    `${agent.name} drives ctx-mode end to end through the seven scenarios`;
  const skip = await whyNot(agent);
  Deno.test({
    name: skip === undefined ? name : `${name} (ignored: ${skip})`,
    ignore: skip !== undefined,
    // Agent CLIs leave timers and child processes of their own; each run is awaited to its exit.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const outcomes = await runAgent(agent, { concurrency: 1 });
      console.log(formatTable(outcomes));
      const missing = "missing" in agent.compact
        ? agent.compact.missing
        : undefined;
      const wrong = outcomes.filter((o) =>
        o.status === "fail" || o.status === "skip" && o.why !== missing
      );
      assert.deepEqual(
        wrong.map((o) => `S${o.scenario} ${o.status}: ${o.why}`),
        [],
      );
      assert.ok(
        outcomes.some((o) => o.status === "pass"),
        "no scenario passed",
      );
    },
  });
}
