// deno-lint-ignore-file no-console -- the table is the test's report
/**
 * The Claude Code row of the end-to-end suite: the real CLI (from the npm
 * registry, pinned) against the scripted model, all seven scenarios. Runs only
 * with CTX_MODE_E2E=1 (it installs an agent and takes minutes); otherwise it
 * is one ignored test. `deno task e2e` runs every agent and prints the table.
 *
 * @module
 */

import assert from "node:assert/strict";
import { formatTable, runAgent } from "./_suite.ts";
import { claudeCodeAgent } from "./agents/claude_code.ts";

const enabled = Deno.env.get("CTX_MODE_E2E") === "1";

Deno.test({
  name: "Claude Code drives ctx-mode end to end through all seven scenarios",
  ignore: !enabled,
  // Agent CLIs leave timers and child processes of their own; each run is awaited to its exit.
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const outcomes = await runAgent(claudeCodeAgent, { concurrency: 2 });
    console.log(formatTable(outcomes));
    const skipped = outcomes.filter((o) => o.status === "skip");
    if (skipped.length === outcomes.length) {
      console.log(`Claude Code end-to-end skipped: ${skipped[0]?.why}`);
      return;
    }
    const failed = outcomes.filter((o) => o.status !== "pass");
    assert.deepEqual(
      failed.map((o) => `S${o.scenario} ${o.status}: ${o.why}`),
      [],
    );
  },
});
