/**
 * A run is never killed, and never loses its output, because another run of
 * the same process ended: not one of the same module state, nor one started
 * by another isolate of the process (a Worker; `deno test --parallel` runs
 * every test file so). The sweep after a run that ended badly once killed the
 * Landlock host of a run another isolate had started, which then came back
 * with empty output.
 */

import assert from "node:assert/strict";
import { spawnRunner, testInModes } from "./_confine_modes.ts";

const RUNNER = new URL("./_overlap_runner.ts", import.meta.url).pathname;

testInModes(
  "runs that overlap a run that times out, or ends, keep running and keep all their output",
  async (setting) => {
    const output = await spawnRunner(setting, RUNNER, {
      project: setting.project,
    });
    assert.ok(
      output.success,
      `runner failed: ${output.stdout}${output.stderr}`,
    );
    const results = JSON.parse(output.stdout);
    assert.deepEqual(results.ending, [
      { timedOut: true, confinement: setting.mode.kind },
      { timedOut: false, confinement: setting.mode.kind },
      { timedOut: true, confinement: setting.mode.kind },
    ]);
    for (const isolate of ["own", "worker"] as const) {
      const { js, shell } = results[isolate];
      const summary = JSON.stringify(results[isolate]);
      assert.equal(js.stdout, `${isolate}-js survived\n`, summary);
      assert.equal(
        shell.stdout,
        `${isolate}-shell child done\n${isolate}-shell survived\n`,
        summary,
      );
      for (const run of [js, shell]) {
        assert.equal(run.exitCode, 0, summary);
        assert.equal(run.confinement, setting.mode.kind, summary);
      }
    }
  },
);
