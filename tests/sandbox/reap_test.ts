/**
 * No process of a run outlives it, however it hides: `setsid`, a double
 * fork, `nohup`, `disown`, a process that ignores SIGTERM, one that keeps
 * forking; whether the run ends by itself, by its timeout or by its memory
 * cap, which counts every descendant. Processes are found from outside by a
 * mark in their command line or environment, so the check holds in a PID
 * namespace too, right after the run returns (no process of the run may be
 * still dying then), on a host started for the run and on one a warm pool
 * started ahead.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { assertRan, runConfined, testInModes } from "./_confine_modes.ts";
import { eventually } from "./_helpers.ts";
import { marked } from "./_escape_runner.ts";

/** Shell code that leaves processes behind in every way it can, each marked. */
function escapes(mark: string): string {
  const sleeper = `sh -c 'sleep 7391' ${mark}`;
  return `
export CTX_REAP_MARK=${mark}
setsid ${sleeper} </dev/null >/dev/null 2>&1 &
( ${sleeper} </dev/null >/dev/null 2>&1 & ) &
setsid sh -c '${
    sleeper.replaceAll("'", "")
  } & sleep 7391' ${mark} </dev/null >/dev/null 2>&1 &
nohup ${sleeper} >/dev/null 2>&1 &
${sleeper} </dev/null >/dev/null 2>&1 & disown
setsid sh -c 'trap "" TERM HUP INT; while :; do sleep 1; done' ${mark} </dev/null >/dev/null 2>&1 &
setsid sh -c 'while :; do sleep 7391 & sleep 0.2; done' ${mark} </dev/null >/dev/null 2>&1 &
setsid sh -c 'sleep 4; echo late > late.txt' ${mark} </dev/null >/dev/null 2>&1 &
env -i setsid sh -c 'sleep 7391' ${mark} </dev/null >/dev/null 2>&1 &
sleep 1
echo ran
`;
}

testInModes(
  "no process of a run is left once it returns, whether it ended, timed out or ran out of memory",
  async (setting, t) => {
    const cases = [
      { name: "the run ends by itself", tail: "", timeoutMs: 60_000 },
      {
        name: "the run ends by itself on a warm host",
        tail: "",
        timeoutMs: 60_000,
        warm: true,
      },
      {
        // Every thread of the host, then the host: what it held must not go free.
        name: "the run kills its own host",
        tail:
          'for t in /proc/$PPID/task/*; do kill -9 "${t##*/}" 2>/dev/null; done; kill -9 "$PPID" 2>/dev/null; sleep 2',
        timeoutMs: 60_000,
      },
      {
        name: "the run times out",
        tail: "sleep 600",
        timeoutMs: 4_000,
      },
    ];
    for (const { name, tail, timeoutMs, warm } of cases) {
      await t.step(name, async () => {
        const mark = `ctxreap${crypto.randomUUID().replaceAll("-", "")}`;
        const attack = {
          language: "shell",
          code: escapes(mark) + tail,
          timeoutMs,
          mark,
        };
        // On a warm pool the first run starts the host the second one gets.
        const results = await runConfined(
          setting,
          warm
            ? [{ language: "shell", code: "echo ran", warm }, {
              ...attack,
              warm,
            }]
            : [attack],
        );
        const result = results.at(-1);
        assert.deepEqual(
          result!.leftAlive,
          [],
          `alive right after the run returned (${JSON.stringify(result)})`,
        );
        if (!name.includes("kills")) assertRan([result!]);
        assert.equal(
          result!.timedOut,
          timeoutMs < 60_000,
          JSON.stringify(result),
        );
        const left = marked(mark);
        assert.ok(
          await eventually(() => marked(mark).length === 0, 2_000),
          `left alive: ${left.join(", ")} (${JSON.stringify(result)})`,
        );
        assert.equal(
          await Deno.stat(join(setting.project, "late.txt")).then(
            () => true,
            () => false,
          ),
          false,
        );
      });
    }

    await t.step(
      "a detached child past the memory cap ends the run and dies with it",
      async () => {
        const mark = `ctxreap${crypto.randomUUID().replaceAll("-", "")}`;
        const [result] = await runConfined(setting, [{
          language: "shell",
          mark,
          code: `
echo ran
setsid perl -e '$x = "x" x (300 * 1024 * 1024); sleep 60' ${mark} </dev/null >/dev/null 2>&1 &
sleep 30
`,
          memoryMb: 64,
          timeoutMs: 60_000,
        }]);
        assertRan([result!]);
        assert.equal(result!.outOfMemory, true, JSON.stringify(result));
        assert.deepEqual(result!.leftAlive, [], JSON.stringify(result));
        assert.ok(
          await eventually(() => marked(mark).length === 0, 2_000),
          `left alive: ${marked(mark).join(", ")}`,
        );
      },
    );
  },
);
