/**
 * A long-running server keeps no process of its runs, not even a zombie:
 * after many runs in one process (ended by themselves, by the done mark with
 * a `setsid` child left behind, by their timeout, on a warm host), nothing
 * is left below it. The bubblewrap of a run (and the one that is its PID
 * namespace's init) was once killed with the host and never reaped, so the
 * zombies piled up for as long as the server ran.
 */

import assert from "node:assert/strict";
import { runConfined, testInModes } from "./_confine_modes.ts";
import type { Attack } from "./_escape_runner.ts";

/** The runs of one long-lived server: each way a run ends, again and again. */
function manyRuns(): Attack[] {
  const runs: Attack[] = [];
  for (let round = 0; round < 6; round++) {
    runs.push(
      { language: "shell", code: "echo ran" },
      {
        language: "shell",
        code:
          "setsid sh -c 'sleep 600' </dev/null >/dev/null 2>&1 &\n( sleep 600 </dev/null >/dev/null 2>&1 & )\necho ran",
      },
      {
        language: "shell",
        code:
          "echo ran\nsetsid sleep 600 </dev/null >/dev/null 2>&1 &\nsleep 600",
        timeoutMs: 1_500,
      },
      { language: "javascript", code: 'console.log("ran")' },
      { language: "shell", code: "echo ran", warm: true },
    );
  }
  runs.push({ language: "shell", code: "echo ran", childrenLeft: true });
  return runs;
}

testInModes(
  "a server that ran 31 runs, ended every way, has no process left below it, not even a zombie",
  async (setting) => {
    const results = await runConfined(setting, manyRuns());
    for (const result of results) {
      assert.match(result.stdout, /^ran$/m, JSON.stringify(result));
    }
    assert.deepEqual(results.at(-1)!.childrenLeft, []);
  },
);
