/**
 * A run that ends by itself ends whole: its main process forks hundreds of
 * `sleep`ing children as fast as it can, each one double-forked into a
 * session of its own, and exits; right after the run returns, no process
 * of the run is alive (a marker in their argv and environment, looked for
 * host-wide in `/proc`). A run's end once killed a snapshot of the
 * processes below its host, and in about 1 run in 16 some of a burst like
 * this one outlived it. Many runs per mode, in one runner (the server).
 *
 * `CTX_MODE_RUN_END_RUNS` sets the runs per mode (for measuring the rate).
 *
 * Under a loaded machine about 1 run in 400 once left sleepers alive under
 * bubblewrap as an ordinary user: bubblewrap's first process had reported
 * the exit and left before the run's end was read, and its namespace's
 * init, still ending the namespace, was never looked for
 * (`namespace_init_test.ts` has that order on purpose). The default suite
 * runs that mode once; the red team's full run (`deno task redteam`,
 * `CTX_MODE_REDTEAM=1`) runs every mode, with and without a pids cgroup.
 */

import assert from "node:assert/strict";
import {
  type ConfineSetting,
  runConfined,
  testInModes,
} from "./_confine_modes.ts";
import type { Attack } from "./_escape_runner.ts";

const RUNS = Number(Deno.env.get("CTX_MODE_RUN_END_RUNS") ?? 6);
const SWITCH = Deno.env.get("CTX_MODE_REDTEAM");
const FULL = SWITCH === "1";

/** The children each run forks (below every mode's process limit, with room for their parents). */
const CHILDREN = 450;

function burst(mark: string): Attack {
  return {
    language: "shell",
    mark,
    timeoutMs: 30_000,
    // Each child makes its own session and forks the sleeper, then exits:
    // the sleeper is the child of no process of the run's that is alive.
    code:
      `echo ran; CTX_RUN_END_MARK=${mark} /usr/bin/perl -e 'use POSIX (); my $n = 0; for (1 .. ${CHILDREN}) { my $p = fork; last unless defined $p; if (!$p) { POSIX::setsid(); my $q = fork; if (defined $q && !$q) { $0 = "${mark}"; sleep 600 } POSIX::_exit(0) } $n++ } print "forked=$n\\n"'`,
  };
}

async function burstRuns(
  setting: ConfineSetting,
  serverEnv: Record<string, string>,
): Promise<void> {
  const marks = Array.from(
    { length: RUNS },
    () => `ctxend${crypto.randomUUID().replaceAll("-", "")}`,
  );
  const results = await runConfined(
    setting,
    marks.map(burst),
    undefined,
    serverEnv,
  );
  const outlived = results.filter((result) => result.leftAlive?.length !== 0);
  for (const result of results) {
    assert.match(result.stdout, /^forked=\d+$/m, JSON.stringify(result));
  }
  assert.deepEqual(
    outlived.map((result) => result.leftAlive!.length),
    [],
    `${outlived.length} of ${RUNS} runs left processes alive: ${
      JSON.stringify(
        outlived.map((result) => [result.stdout, result.leftAliveStatus]),
      )
    }`,
  );
}

for (
  const [how, serverEnv] of [
    ["", {}],
    // The pids cgroup forced (as on a kernel older than 6.14).
    [" with a pids cgroup", { CTX_MODE_PID_NAMESPACE: "off" }],
  ] as const
) {
  testInModes(
    `${RUNS} runs that each leave ${CHILDREN} detached sleepers and exit leave none alive when they return${how}`,
    (setting) => burstRuns(setting, serverEnv),
    SWITCH === "0"
      ? "red-team suite switched off (CTX_MODE_REDTEAM=0)"
      : FULL
      ? undefined
      : (mode) =>
        how === "" && mode.kind === "bwrap" && mode.uid !== 0
          ? undefined
          : "default subset: bubblewrap as an ordinary user (CTX_MODE_REDTEAM=1 for all)",
  );
}
