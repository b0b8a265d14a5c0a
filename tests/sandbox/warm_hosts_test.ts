/**
 * The warm pool starts a replacement host while a run goes only when the
 * run took its last host: otherwise the replacement waits for the run's end
 * (`refill`), so that it does not compete with the run for the CPU. A
 * confined host starts through one `sh` at most (each costs an exec).
 */

import assert from "node:assert/strict";
import { type HostPlan, planHost } from "../../src/sandbox/_host_launch.ts";
import { detectConfinement } from "../../src/sandbox/confine.ts";
import { currentRuntime } from "../../src/sandbox/js_launch.ts";
import { findOnPath } from "../../src/sandbox/_languages.ts";
import { discardProcess, startProcess } from "../../src/sandbox/_process.ts";
import { type Host, WarmHosts } from "../../src/sandbox/warm_hosts.ts";
import { runCode } from "../../src/sandbox/run_code.ts";
import { BWRAP, eventually, tempDir } from "./_helpers.ts";

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

Deno.test({
  name:
    "a hot pool starts no replacement while a run goes unless the run took its last host",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const warm = new WarmHosts({ hotWithinMs: 60_000 });
    const taken: Host[] = [];
    let launches = 0;
    const launch = () => {
      launches++;
      return sleepingHost();
    };
    const key = "key";
    try {
      taken.push(warm.take(key, launch)); // cold: starts its own
      warm.refill(key, launch); // after the run: one waits
      assert.equal(launches, 2);
      // Hot now, and it took the last host: one starts at once.
      taken.push(warm.take(key, launch));
      await afterDueTimers();
      assert.equal(launches, 3);
      assert.equal(warm.ready, 1);
      warm.refill(key, launch); // after the run: a hot key keeps two
      assert.equal(warm.ready, 2);
      assert.equal(launches, 4);
      // A host still waits: nothing starts before the run's end.
      taken.push(warm.take(key, launch));
      await afterDueTimers();
      assert.equal(launches, 4);
      assert.equal(warm.ready, 1);
      warm.refill(key, launch);
      assert.equal(warm.ready, 2);
    } finally {
      warm.close();
      for (const host of taken) {
        discardProcess(host.process);
        await host.process.child.status;
      }
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

/** The states of this process's children, by command name (`sh:Z`). */
function childStates(): string[] {
  const states: string[] = [];
  for (const task of Deno.readDirSync("/proc/self/task")) {
    const text = Deno.readTextFileSync(`/proc/self/task/${task.name}/children`);
    for (const word of text.split(" ").filter((word) => word.trim())) {
      try {
        const stat = Deno.readTextFileSync(`/proc/${word}/stat`);
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        states.push(`${name}:${stat.charAt(stat.lastIndexOf(")") + 2)}`);
      } catch {
        // reaped meanwhile
      }
    }
  }
  return states;
}

Deno.test({
  name:
    "after back-to-back shell runs the PID namespace chain leaves no zombie below the server",
  ignore: !BWRAP,
  fn: async () => {
    await using project = await tempDir();
    const warm = new WarmHosts({ hotWithinMs: 60_000 });
    // As root the chain is setpriv, unshare and its sh (where the kernel bounds a namespace).
    const env = { ...Deno.env.toObject(), CTX_MODE_PID_NAMESPACE: "on" };
    try {
      for (let i = 0; i < 6; i++) {
        const result = await runCode(
          { language: "shell", code: "echo hi", projectDir: project.path },
          { warm, env },
        );
        assert.equal(result.stdout.trim(), "hi");
      }
      // The chain's own processes (other test files share this process's children).
      const chain = () =>
        childStates().filter((state) => /^(sh|unshare):/.test(state));
      // Only the pool's hosts stay: each one unshare below the server.
      assert.ok(
        await eventually(() => chain().length === warm.ready, 10_000),
        chain().join(" "),
      );
      assert.deepEqual(chain().filter((state) => state.endsWith(":Z")), []);
    } finally {
      warm.close();
    }
  },
});
