/**
 * A run's limits hold against code that tries to get around them, in every
 * confinement mode and as every user: memory a process holds in an anonymous
 * memory file (`memfd_create`, in no process's resident set) counts against
 * the memory cap, and a fork bomb is stopped by the run's process limit,
 * ends with the run, and leaves the machine able to start processes.
 */

import assert from "node:assert/strict";
import {
  assertRan,
  type ConfineSetting,
  runConfined,
  testInModes,
} from "./_confine_modes.ts";

testInModes(
  "memory held in a memfd counts against the memory cap",
  async (setting) => {
    const results = await runConfined(setting, [{
      language: "shell",
      memoryMb: 128,
      code: `echo ran; /usr/bin/python3 -c 'import os, time
fd = os.memfd_create("fill")
chunk = b"a" * (1 << 20)
for _ in range(300): os.write(fd, chunk)
time.sleep(3); print("survived")'`,
    }]);
    assertRan(results);
    const run = results[0]!;
    assert.ok(
      run.outOfMemory && !/survived/.test(run.stdout),
      JSON.stringify(run),
    );
  },
);

for (
  const [how, serverEnv] of [
    ["", {}],
    // As on a kernel older than 6.14: as root a pids cgroup holds.
    [" in a pids cgroup", { CTX_MODE_PID_NAMESPACE: "off" }],
    // As on a machine without a pids cgroup (cgroup v2 only, no delegation): as root a PID namespace holds.
    [" without a pids cgroup", { CTX_MODE_PIDS_CGROUP: "off" }],
  ] as const
) {
  testInModes(
    `a fork bomb is stopped by the process limit${how}, ends with the run, and the machine still starts processes`,
    (setting) => forkBomb(setting, serverEnv),
  );
}

async function forkBomb(
  setting: ConfineSetting,
  serverEnv: Record<string, string>,
): Promise<void> {
  const token = `bomb${crypto.randomUUID().slice(0, 8)}`;
  const results = await runConfined(
    setting,
    [{
      language: "shell",
      // The bomb runs until this timeout: reaching the limit (812 in a PID
      // namespace) took under 4 s on two loaded cores, so 12 s is generous.
      timeoutMs: 12_000,
      // Each process forks two more for ever; the count of those that started is printed.
      code:
        `echo ran; /usr/bin/perl -e '$| = 1; $0 = "${token}"; my $n = 0; for (1 .. 3000) { my $p = fork; last unless defined $p; if (!$p) { sleep 600; exit } $n++ } print "started=$n\\n"; my $f = sub { while (1) { fork // next } }; $f->()' &
wait`,
    }],
    undefined,
    serverEnv,
  );
  assertRan(results);
  const run = results[0]!;
  const started = Number(/started=(\d+)/.exec(run.stdout)?.[1] ?? NaN);
  assert.ok(started < 3000, `started ${started}: ${JSON.stringify(run)}`);
  // The bomb held at the limit until the timeout ended it: the run's own
  // programs, never its host, ran out of processes.
  assert.ok(run.timedOut, JSON.stringify(run));
  assert.doesNotMatch(run.stderr, /sandbox host|Resource temporarily/i);
  // Nothing of the bomb is left, and a process still starts.
  const left: number[] = [];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const line = await Deno.readTextFile(`/proc/${entry.name}/cmdline`);
      if (line.includes(token)) left.push(Number(entry.name));
    } catch {
      // gone
    }
  }
  assert.deepEqual(left, []);
  const after = await new Deno.Command("true").output();
  assert.ok(after.success);
}

testInModes(
  "a run that leaves a fork bomb at the process limit behind ends with its own exit status, and its host still reports it",
  async (setting) => {
    const token = `held${crypto.randomUUID().slice(0, 8)}`;
    const results = await runConfined(setting, [{
      language: "shell",
      timeoutMs: 30_000,
      // Every process it may have is taken, then the script ends: the host
      // has to end the rest and report while none is left to it.
      code:
        `echo ran; /usr/bin/perl -e '$0 = "${token}"; my $n = 0; while (1) { my $p = fork; last unless defined $p; if (!$p) { sleep 600; exit } $n++ } print "held=$n\\n"'; exit 7`,
    }]);
    assertRan(results);
    const run = results[0]!;
    assert.match(run.stdout, /held=\d+/, JSON.stringify(run));
    assert.equal(run.timedOut ?? false, false, JSON.stringify(run));
    assert.equal(run.exitCode, 7, JSON.stringify(run));
  },
);
