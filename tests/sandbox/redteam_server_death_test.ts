/**
 * A run dies with the server, however the server dies: killed with
 * `SIGTERM` (no unload handler runs) or `SIGKILL`, while the run is a fork
 * bomb held at its process limit, in every confinement mode and with each
 * process limit (a PID namespace, a run's own `pids` cgroup as on a kernel
 * older than 6.14, and for an ordinary user a user and PID namespace of the
 * host's own). A killed test server once left 511 processes of such a run
 * alive, as root under Landlock with a pids cgroup, and so did every
 * Landlock host of an ordinary user; a Landlock host now starts in a PID
 * namespace tied to the server, as a bubblewrap host does.
 *
 * The pids cgroup case (a root server on a kernel older than 6.14) is part
 * of the red team's full run only (`CTX_MODE_REDTEAM=1`): it runs the same
 * bombs a second time, beside the other bombs of the suite.
 */

import {
  type ConfineSetting,
  spawnRunner,
  testInModes,
} from "./_confine_modes.ts";
import { eventually } from "./_helpers.ts";
import { marked } from "./_escape_runner.ts";

const FULL = Deno.env.get("CTX_MODE_REDTEAM") === "1";
const RUNNER = new URL("./_escape_runner.ts", import.meta.url).pathname;

/**
 * A bomb that forks for ever, each process marked: held at its process
 * limit, every process tries again twice a second (often enough to take any
 * freed slot, seldom enough not to starve the tests running beside it).
 */
function bomb(mark: string): string {
  return `echo ran; /usr/bin/perl -e '$0 = "${mark}"; while (1) { fork // select(undef, undef, undef, 0.5) }'`;
}

async function bombOutlivesServer(
  setting: ConfineSetting,
  signal: "SIGTERM" | "SIGKILL",
  serverEnv: Record<string, string>,
): Promise<void> {
  const mark = `ctxdeath${crypto.randomUUID().replaceAll("-", "")}`;
  let runner = 0;
  const done = spawnRunner(
    setting,
    RUNNER,
    {
      project: setting.project,
      confine: true,
      attacks: [{ language: "shell", code: bomb(mark), timeoutMs: 300_000 }],
    },
    { serverEnv, onStart: (pid) => runner = pid },
  );
  const started = await eventually(() => marked(mark).length >= 20, 60_000);
  try {
    Deno.kill(runner, signal);
  } catch (error) {
    // The bomb made its host fail first (an ordinary user's host shares the
    // run's RLIMIT_NPROC) and the run ended with it: the runner is gone.
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  const output = await done;
  if (!started) {
    throw new Error(
      `the bomb never started: ${output.stdout} ${output.stderr.slice(-2_000)}`,
    );
  }
  const gone = await eventually(() => marked(mark).length === 0, 60_000);
  if (!gone) {
    const left = marked(mark).length;
    stopAndKill(mark);
    throw new Error(
      `${left} processes of the run outlived the server (${signal})`,
    );
  }
}

/** Ends what a failed check left: every marked process stopped, then killed, until none is left. */
function stopAndKill(mark: string): void {
  const signal = (pid: number, name: Deno.Signal) => {
    try {
      Deno.kill(pid, name);
    } catch {
      // gone meanwhile
    }
  };
  for (let round = 0; round < 100; round++) {
    const left = marked(mark);
    if (left.length === 0) return;
    for (const pid of left) signal(pid, "SIGSTOP");
    for (const pid of marked(mark)) signal(pid, "SIGSTOP");
    for (const pid of marked(mark)) signal(pid, "SIGKILL");
  }
}

for (
  const [how, serverEnv] of [
    ["", {}],
    // As on a kernel older than 6.14: a root server's run gets a pids cgroup.
    [" with a pids cgroup", { CTX_MODE_PID_NAMESPACE: "off" }],
  ] as const
) {
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    testInModes(
      `a fork bomb dies with the server killed with ${signal}${how}`,
      (setting) => bombOutlivesServer(setting, signal, serverEnv),
      (mode) => {
        if (Deno.build.os !== "linux") return "not Linux";
        if (how && mode.uid !== 0) {
          return "only a root server makes a pids cgroup";
        }
        if (how && !FULL) return "red team only: CTX_MODE_REDTEAM=1";
        return undefined;
      },
    );
  }
}
