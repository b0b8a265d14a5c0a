// deno-lint-ignore-file no-console -- the table is the test's report
/**
 * The Claude Code row of the end-to-end suite: the real CLI (from the npm
 * registry, pinned) against the scripted model, all seven scenarios. Runs only
 * with CTX_MODE_E2E=1 (it installs an agent and takes minutes); otherwise, or
 * when the agent cannot be installed, it is one ignored test whose name says
 * why. `deno task e2e` runs every agent and prints the table.
 *
 * @module
 */

import assert from "node:assert/strict";
import { installAgent } from "./_agent.ts";
import { SCENARIOS } from "./_scenarios.ts";
import { formatTable, runAgent } from "./_suite.ts";
import { claudeCodeAgent } from "./agents/claude_code.ts";

const NAME =
  "Claude Code drives ctx-mode end to end through all seven scenarios";

/** Why the test cannot run here, found before it is declared: a skip is never a pass. */
async function whyNot(): Promise<string | undefined> {
  if (Deno.env.get("CTX_MODE_E2E") !== "1") return "CTX_MODE_E2E=1 is not set";
  const installed = await installAgent(claudeCodeAgent);
  return "skip" in installed ? installed.skip : undefined;
}

const skip = await whyNot();

Deno.test({
  name: skip === undefined ? NAME : `${NAME} (ignored: ${skip})`,
  ignore: skip !== undefined,
  // Agent CLIs leave timers and child processes of their own; each run is awaited to its exit.
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    // The seven scenarios; the native-tool ones (11–15) measure, in `deno task e2e`.
    const outcomes = await runAgent(claudeCodeAgent, {
      concurrency: 2,
      scenarios: SCENARIOS.map((s) => s.id),
    });
    console.log(formatTable(outcomes));
    // A scenario skipped once the agent installed is a failure: it showed nothing.
    const failed = outcomes.filter((o) => o.status !== "pass");
    assert.deepEqual(
      failed.map((o) => `S${o.scenario} ${o.status}: ${o.why}`),
      [],
    );
  },
});
