/**
 * A warm pool whose calls come faster than hosts start starts one
 * replacement host as soon as a run took one (so that calls back to back
 * find hosts started ahead), and the rest only after the run (`refill`), so
 * that they do not compete with it for the CPU; at a slower pace it keeps
 * one host, replaced after the run. A confined host starts through one `sh` at most (each costs an exec).
 */

import assert from "node:assert/strict";
import { planHost } from "../../src/sandbox/_host_plan.ts";
import type { HostPlan } from "../../src/sandbox/_host_types.ts";
import { detectConfinement } from "../../src/sandbox/confine.ts";
import { currentRuntime } from "../../src/sandbox/js_launch.ts";
import { findOnPath } from "../../src/sandbox/_languages.ts";
import { discardProcess, startProcess } from "../../src/sandbox/_process.ts";
import { type Host, WarmHosts } from "../../src/sandbox/warm_hosts.ts";
import { BWRAP, tempDir } from "./_helpers.ts";

/** A stand-in host: a real process that waits, as a started host does. */
function sleepingHost(): Host {
  const process = startProcess(
    { argv: ["sleep", "600"], cwd: "/", env: { PATH: "/usr/bin:/bin" } },
    true,
  );
  return { plan: {} as HostPlan, process, cleanup: () => Promise.resolve() };
}

/** Resolves once every timer already due (a replacement scheduled at 0 ms) has fired. */
function afterDueTimers(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Closes a pool and ends the hosts a test took from it. */
async function closeAll(
  warm: WarmHosts,
  taken: readonly Host[],
): Promise<void> {
  warm.close();
  for (const host of taken) {
    discardProcess(host.process);
    await host.process.child.status;
  }
}

Deno.test({
  name:
    "a hot pool starts one replacement as soon as a run took a host, and fills up only after the run",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const warm = new WarmHosts({
      hotWithinMs: 60_000,
      hotDepth: 2,
      upAfterMs: 0,
    });
    const taken: Host[] = [];
    let launches = 0;
    const launch = () => {
      launches++;
      return sleepingHost();
    };
    const key = "key";
    try {
      taken.push(warm.take(key, launch)); // cold: starts its own, nothing more
      await afterDueTimers();
      assert.equal(launches, 1);
      warm.refill(key, launch); // after the run: one waits
      assert.equal(launches, 2);
      // Hot now: one starts once the run's request is on its way, not before.
      taken.push(warm.take(key, launch));
      assert.equal(launches, 2);
      await afterDueTimers();
      assert.equal(launches, 3);
      assert.equal(warm.ready, 1);
      // Still one at a time while a run goes, though a hot key keeps two.
      taken.push(warm.take(key, launch));
      await afterDueTimers();
      assert.equal(launches, 4);
      assert.equal(warm.ready, 1);
      warm.refill(key, launch); // after the run: a hot key keeps two
      assert.equal(warm.ready, 2);
      assert.equal(launches, 5);
      warm.refill(key, launch);
      assert.equal(launches, 5, "a full pool starts nothing");
    } finally {
      await closeAll(warm, taken);
    }
  },
});

Deno.test({
  name:
    "a hot pool keeps one more host per call that found none up, up to its most, and cools back to one",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const upAfterMs = 100;
    const warm = new WarmHosts({
      hotWithinMs: 60_000,
      hotDepth: 2,
      maxDepth: 4,
      upAfterMs,
      coolAfterMs: 2000,
    });
    const taken: Host[] = [];
    const launch = () => sleepingHost();
    const key = "burst";
    try {
      taken.push(warm.take(key, launch)); // cold
      assert.equal(warm.depth(key), 1);
      // A burst: each call finds the pool empty (no run ended yet to refill it).
      taken.push(warm.take(key, launch));
      assert.equal(warm.depth(key), 3, "hot (2) and one miss");
      await afterDueTimers();
      // The host started for it is there, but started moments ago: a miss too.
      assert.equal(warm.ready, 1);
      taken.push(warm.take(key, launch));
      assert.equal(warm.depth(key), 4, "a host not up yet counts as none");
      taken.push(warm.take(key, launch));
      taken.push(warm.take(key, launch));
      assert.equal(warm.depth(key), 4, "never past its most");
      await afterDueTimers();
      warm.refill(key, launch);
      assert.equal(warm.ready, 4);
      // A call that finds a host up does not grow it.
      await new Promise((resolve) => setTimeout(resolve, upAfterMs + 10));
      taken.push(warm.take(key, launch));
      assert.equal(warm.depth(key), 4);
      // Quiet: back to one host, the oldest.
      const deadline = Date.now() + 30_000;
      while (warm.depth(key) !== 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(warm.depth(key), 1);
      assert.equal(warm.ready, 1);
    } finally {
      await closeAll(warm, taken);
    }
  },
});

Deno.test({
  name:
    "a hot pool whose calls find a host up keeps only the one they use, replaced after the run",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const upAfterMs = 50;
    const warm = new WarmHosts({ hotWithinMs: 60_000, upAfterMs });
    const taken: Host[] = [];
    const launch = () => sleepingHost();
    const key = "paced";
    try {
      taken.push(warm.take(key, launch)); // cold
      warm.refill(key, launch);
      for (let call = 0; call < 3; call++) {
        // Spaced past a host's start: the one started after the last call is up.
        await new Promise((resolve) => setTimeout(resolve, upAfterMs + 10));
        taken.push(warm.take(key, launch));
        await afterDueTimers();
        assert.equal(warm.depth(key), 1, `call ${call}`);
        // At this pace the replacement waits for the run's end, not to take its CPU.
        assert.equal(warm.ready, 0, `call ${call}`);
        warm.refill(key, launch);
        assert.equal(warm.ready, 1, `call ${call}`);
      }
    } finally {
      await closeAll(warm, taken);
    }
  },
});

Deno.test({
  name: "a key with no call for a while ends its last host",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const warm = new WarmHosts({ idleAfterMs: 100 });
    const taken: Host[] = [];
    const started: Host[] = [];
    const launch = () => {
      const host = sleepingHost();
      started.push(host);
      return host;
    };
    try {
      taken.push(warm.take("left", launch));
      warm.refill("left", launch);
      assert.equal(warm.ready, 1);
      const waiting = started.at(-1)!;
      const ready = () => warm.ready;
      const deadline = Date.now() + 30_000;
      while (ready() !== 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(ready(), 0);
      // Ended, not only forgotten.
      assert.notEqual((await waiting.process.child.status).signal, null);
    } finally {
      await closeAll(warm, taken);
    }
  },
});

Deno.test("a confined host starts through one sh at most, whichever process limit holds", async (t) => {
  const parent = Deno.env.toObject();
  const confinement = await detectConfinement({ env: parent, bwrap: true });
  const project = await Deno.realPath(await Deno.makeTempDir());
  try {
    for (
      const env of [
        {},
        { CTX_MODE_PID_NAMESPACE: "off" },
        { CTX_MODE_PID_NAMESPACE: "off", CTX_MODE_PIDS_CGROUP: "off" },
      ]
    ) {
      for (
        const language of ["shell", "python", "javascript", "perl"] as const
      ) {
        await t.step({
          name: `${language} with ${JSON.stringify(env)}`,
          ignore: confinement.kind !== "bwrap" ||
            (language === "perl" && !findOnPath("perl", parent)),
          fn: async () => {
            const plan = planHost(language, {
              project,
              scratch: "/tmp/ctx-mode-run-test",
              scratchInside: true,
            }, {
              confinement,
              runtime: currentRuntime(),
              parent: { ...parent, ...env },
              denyEnv: [],
              heapMb: 512,
              memoryMb: 512,
              idleMs: 1000,
            });
            await plan.processLimit?.release();
            const bwrap = plan.argv.indexOf(confinement.command ?? "bwrap");
            assert.ok(bwrap > 0 || plan.argv[0] === confinement.command);
            const shells = plan.argv.slice(0, Math.max(bwrap, 0)).filter((
              word,
            ) => word === "/bin/sh");
            assert.ok(
              shells.length <= 1,
              JSON.stringify(plan.argv.slice(0, bwrap + 1)),
            );
          },
        });
      }
    }
  } finally {
    await Deno.remove(project, { recursive: true });
  }
});

Deno.test({
  name:
    "after back-to-back shell runs the PID namespace chain leaves no zombie below the server",
  // The chain (setpriv, unshare, sh) is root's: an ordinary user's host is bwrap alone.
  ignore: !BWRAP || Deno.uid() !== 0,
  fn: async () => {
    await using project = await tempDir();
    // As root the chain is setpriv, unshare and its sh (where the kernel
    // bounds a namespace). The runs go in a process of their own: this one
    // holds other test files' children too.
    const runner = new URL("./_chain_runner.ts", import.meta.url).pathname;
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", runner, project.path],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(stdout);
    assert.equal(code, 0, new TextDecoder().decode(stderr));
    const report = JSON.parse(text) as {
      outputs: string[];
      chain: string[];
      ready: number;
    };
    assert.deepEqual(report.outputs, Array(6).fill("hi"));
    assert.deepEqual(report.chain.filter((state) => state.endsWith(":Z")), []);
    assert.equal(report.chain.length, report.ready, report.chain.join(" "));
  },
});
