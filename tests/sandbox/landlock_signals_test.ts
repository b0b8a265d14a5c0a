/**
 * Under Landlock (ABI 6 and later) no signal from a run reaches its host:
 * not by its pid, nor by `kill -1`, nor to every thread of it, so the host
 * stays to end what the run started and reports the run's end itself. A
 * claim of `docs/sandbox.md`, attacked in the modes it names (Landlock as
 * root and as an ordinary user).
 */

import assert from "node:assert/strict";
import { landlockAbi } from "../../src/sandbox/_landlock.ts";
import { runConfined, testInModes } from "./_confine_modes.ts";

const SCOPED = Deno.build.os === "linux" && landlockAbi() >= 6;

testInModes(
  "under Landlock no signal from a run reaches its host, by pid, thread or kill -1",
  async (setting, t) => {
    if (setting.mode.kind !== "landlock") {
      await t.step({ name: "(Landlock only)", ignore: true, fn: () => {} });
      return;
    }
    if (!SCOPED) {
      await t.step({
        name: "(skipped: Landlock ABI below 6 does not scope signals)",
        ignore: true,
        fn: () => {},
      });
      return;
    }
    const [result] = await runConfined(setting, [{
      language: "shell",
      code: `host=$PPID
kill -9 "$host" 2>/dev/null && echo "pid reached"
for t in /proc/$host/task/*; do kill -9 "\${t##*/}" 2>/dev/null && echo "thread reached"; done
kill -STOP "$host" 2>/dev/null && echo "stop reached"
sh -c 'kill -9 -1' 2>/dev/null
sleep 0.2
echo ran`,
    }]);
    assert.ok(result, "no result");
    assert.doesNotMatch(result.stdout, /reached/, JSON.stringify(result));
    assert.match(result.stdout, /^ran$/m, JSON.stringify(result));
    assert.equal(result.exitCode, 0, JSON.stringify(result));
    assert.equal(result.timedOut, false, JSON.stringify(result));
  },
);
