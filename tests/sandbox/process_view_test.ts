/**
 * A run sees only its own processes: its PID namespace (bubblewrap's, or
 * under Landlock the one tied to the server) hides the server, the agent and
 * every other process of the machine, so a run cannot read their command
 * lines or signal them by pid.
 */

import assert from "node:assert/strict";
import { assertRan, runConfined, testInModes } from "./_confine_modes.ts";

testInModes(
  "a run sees no process outside its own, not even the server that started it",
  async (setting) => {
    const [result] = await runConfined(setting, [{
      language: "shell",
      code: `echo ran
for p in /proc/[0-9]*; do
  printf 'proc %s %s\\n' "\${p#/proc/}" "$(tr '\\0' ' ' < "$p/cmdline" 2>/dev/null)"
done`,
    }]);
    assertRan([result!]);
    const seen = result!.stdout.split("\n").filter((line) =>
      line.startsWith("proc ")
    );
    assert.ok(seen.length > 0, result!.stdout);
    // The runner stands in for the server; the test runner for the agent.
    for (const line of seen) {
      assert.doesNotMatch(line, /_escape_runner|deno test/, result!.stdout);
    }
    assert.ok(
      seen.length < 20,
      `${seen.length} processes seen:\n${result!.stdout}`,
    );
  },
);
