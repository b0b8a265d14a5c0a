import assert from "node:assert/strict";
import { join } from "node:path";
import {
  detectConfinement,
  runCode,
  WarmHosts,
} from "../../src/sandbox/mod.ts";
import { launchHost } from "../../src/sandbox/warm_hosts.ts";
import { currentRuntime } from "../../src/sandbox/js_launch.ts";
import {
  AVAILABLE,
  BWRAP,
  eventually,
  exists,
  LANDLOCK,
  scratchDirsOf,
  spawnRunner,
  stopsChanging,
  tempDir,
} from "./_helpers.ts";

const linux = Deno.build.os === "linux";
const MODES = [
  { name: "bubblewrap", confine: true as const, available: BWRAP },
  { name: "Landlock", confine: "landlock" as const, available: LANDLOCK },
  { name: "no confinement", confine: false as const, available: true },
];

const JS_BUSY =
  "let last = 0; while (true) { if (Date.now() - last > 100) { last = Date.now(); Deno.writeTextFileSync(PROJECT_DIR + '/beat-js', String(last)); } }";
const SHELL_LOOP =
  "while :; do date +%s%N > beat-sh; i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done; done";

for (const mode of MODES) {
  Deno.test({
    name:
      `under ${mode.name}, busy loops end when the server is killed with SIGKILL, and no temp dir stays behind once the next server runs`,
    ignore: !linux || !mode.available,
    fn: async () => {
      await using project = await tempDir();
      const runs = [
        `runCode({ language: "js", code: ${
          JSON.stringify(JS_BUSY)
        }, projectDir: ${
          JSON.stringify(project.path)
        }, timeoutMs: 120000 }, { confine: ${JSON.stringify(mode.confine)} })`,
      ];
      if (mode.confine !== false) {
        runs.push(
          `runCode({ language: "sh", code: ${
            JSON.stringify(SHELL_LOOP)
          }, projectDir: ${
            JSON.stringify(project.path)
          }, timeoutMs: 120000 }, { confine: ${
            JSON.stringify(mode.confine)
          } })`,
        );
      }
      const runner = await spawnRunner(
        project.path,
        `await Promise.all([${runs.join(", ")}]);`,
      );
      const beats = runs.length === 2 ? ["beat-js", "beat-sh"] : ["beat-js"];
      for (const beat of beats) {
        assert.ok(
          await eventually(
            () =>
              Deno.stat(join(project.path, beat)).then(() => true, () => false),
            30_000,
          ),
          `${beat}: the run started`,
        );
      }
      runner.kill("SIGKILL");
      await runner.status;
      for (const beat of beats) {
        assert.ok(
          await stopsChanging(join(project.path, beat)),
          `${beat}: the loop outlived the server`,
        );
      }
      // A Landlock host in a PID namespace of its own dies with the server,
      // before it can remove its temp dir: the next server's first run does.
      const later = await spawnRunner(
        project.path,
        `await runCode({ language: "js", code: "1", projectDir: ${
          JSON.stringify(project.path)
        } }, { confine: ${JSON.stringify(mode.confine)} });`,
      );
      assert.ok((await later.status).success, "the later server ran");
      assert.ok(
        await eventually(() => scratchDirsOf(runner.pid).length === 0, 10_000),
        `left behind: ${scratchDirsOf(runner.pid).join(", ")}`,
      );
    },
  });

  Deno.test({
    name:
      `under ${mode.name}, a run that allocates past the memory cap is ended as out of memory`,
    ignore: !linux || !mode.available,
    fn: async () => {
      await using project = await tempDir();
      const result = await runCode({
        language: "js",
        // ArrayBuffers live outside the JavaScript heap cap.
        code:
          "const keep = []; for (let i = 0; i < 60; i++) { keep.push(new Uint8Array(20 * 1024 * 1024).fill(1)); await new Promise((r) => setTimeout(r, 20)); } console.log('done', keep.length);",
        projectDir: project.path,
      }, { confine: mode.confine, maxMemoryMb: 300 });
      assert.equal(result.outOfMemory, true, result.stderr);
      assert.doesNotMatch(result.stdout, /done/);
      assert.match(result.stderr, /the run used more than 300 MB/);
      if (mode.confine !== false && AVAILABLE.has("python")) {
        const python = await runCode({
          language: "python",
          code:
            "import time\nkeep = []\nfor i in range(60):\n    keep.append(b'x' * (20 * 1024 * 1024))\n    time.sleep(0.02)\nprint('done')",
          projectDir: project.path,
        }, { confine: mode.confine, maxMemoryMb: 300 });
        assert.equal(python.outOfMemory, true, python.stderr);
        assert.doesNotMatch(python.stdout, /done/);
      }
    },
  });
}

Deno.test({
  name: "no more runs go at once than the cap allows; the others wait",
  ignore: !linux,
  fn: async () => {
    await using project = await tempDir();
    // Each run counts the marker files present while it holds its own.
    const code =
      "const me = PROJECT_DIR + '/running-' + crypto.randomUUID(); Deno.writeTextFileSync(me, ''); await new Promise((r) => setTimeout(r, 400)); console.log([...Deno.readDirSync(PROJECT_DIR)].filter((e) => e.name.startsWith('running-')).length); Deno.removeSync(me);";
    const results = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          runCode({ language: "js", code, projectDir: project.path }, {
            confine: false,
            maxConcurrentRuns: 2,
          }),
      ),
    );
    const counts = results.map((result) => Number(result.stdout.trim()));
    assert.ok(counts.every((count) => count >= 1 && count <= 2), `${counts}`);
  },
});

Deno.test({
  name:
    "a warm host pool hands out a started host and keeps the next one ready",
  ignore: !linux,
  fn: async () => {
    await using project = await tempDir();
    // Calls never count as close together: the pool of a language that is not hot.
    const warm = new WarmHosts({ hotWithinMs: 0 });
    try {
      for (let i = 0; i < 3; i++) {
        const result = await runCode({
          language: "js",
          code: `console.log(${i} * 2)`,
          projectDir: project.path,
        }, { warm, confine: false });
        assert.equal(result.stdout, `${i * 2}\n`, result.stderr);
        // The next host starts shortly after the answer.
        assert.ok(await eventually(() => warm.ready === 1, 10_000));
        // Spaced calls keep one host: no second one comes.
        assert.equal(await stopsChangingCount(() => warm.ready), 1);
      }
    } finally {
      warm.close();
    }
    assert.equal(warm.ready, 0);
  },
});

/** The value of `read` once it held still for a while (generous deadline). */
async function stopsChangingCount(read: () => number): Promise<number> {
  let value = read();
  let since = performance.now();
  const deadline = performance.now() + 20_000;
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = read();
    if (now !== value) {
      value = now;
      since = performance.now();
    } else if (performance.now() - since > 1_000) break;
  }
  return value;
}

Deno.test({
  name:
    "calls back to back make a language hot: two hosts wait, every run gets its own, and the extra one ends once calls stop",
  ignore: !linux,
  fn: async () => {
    await using project = await tempDir();
    // At most two: a call that finds none ready (a loaded machine) would grow the pool further.
    const warm = new WarmHosts({
      hotWithinMs: 60_000,
      coolAfterMs: 3_000,
      maxDepth: 2,
    });
    try {
      const pids = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const result = await runCode({
          language: "js",
          code: "console.log(Deno.pid)",
          projectDir: project.path,
        }, { warm, confine: false });
        assert.equal(result.exitCode, 0, result.stderr);
        pids.add(result.stdout.trim());
      }
      assert.equal(pids.size, 4, "no host serves two runs");
      assert.ok(
        await eventually(() => warm.ready === 2, 20_000),
        `a hot language keeps two hosts (${warm.ready})`,
      );
      // Cooled down: one stays.
      assert.ok(
        await eventually(() => warm.ready === 1, 20_000),
        `a cooled language keeps one host (${warm.ready})`,
      );
      assert.equal(await stopsChangingCount(() => warm.ready), 1);
      const last = await runCode({
        language: "js",
        code: "console.log('after')",
        projectDir: project.path,
      }, { warm, confine: false });
      assert.equal(last.stdout, "after\n", last.stderr);
    } finally {
      warm.close();
    }
    assert.equal(warm.ready, 0);
  },
});

Deno.test({
  name:
    "a host that gets no run within its idle time ends and says so, whichever kind it is",
  ignore: !linux,
  fn: async () => {
    await using project = await tempDir();
    const cases = [
      { language: "shell", confine: BWRAP ? "bwrap" : "none" },
      { language: "javascript", confine: "none" },
      { language: "python", confine: LANDLOCK ? "landlock" : "none" },
    ] as const;
    for (const { language, confine } of cases) {
      const confinement = confine === "bwrap"
        ? await detectConfinement()
        : confine === "landlock"
        ? await detectConfinement({ bwrap: false })
        : { kind: "none" as const, reason: "test" };
      const host = launchHost(language, project.path, {
        confinement,
        runtime: currentRuntime(),
        parent: Deno.env.toObject(),
        denyEnv: [],
        heapMb: 256,
        memoryMb: 1024,
        idleMs: 1_000,
      });
      const [status, stderr] = await Promise.all([
        host.process.child.status,
        new Response(host.process.child.stderr).text(),
        host.process.child.stdout.cancel(),
      ]);
      await host.cleanup();
      assert.equal(status.code, 125, `${language} under ${confine}: ${stderr}`);
      assert.match(stderr, /ctx-mode sandbox host: idle, ended unused/);
    }
  },
});

Deno.test({
  name:
    "unconfined, a link that a parallel shell run makes cannot be used by a JavaScript run",
  ignore: !linux,
  fn: async () => {
    await using project = await tempDir();
    await using outside = await tempDir();
    await Deno.writeTextFile(join(outside.path, "secret.txt"), "TOP-SECRET");
    // The shell run makes its link late; the JavaScript run would read through it later still.
    const shell = runCode({
      language: "sh",
      code:
        `touch started; sleep 1; ln -s ${outside.path} ${project.path}/late-link; echo linked`,
      projectDir: project.path,
    }, { confine: false, guard: false });
    // The JavaScript run starts once the shell run is going on.
    assert.ok(
      await eventually(
        () => exists(join(project.path, "started")),
        30_000,
      ),
    );
    const js = runCode({
      language: "js",
      code:
        "await new Promise((r) => setTimeout(r, 2000)); try { console.log(Deno.readTextFileSync(PROJECT_DIR + '/late-link/secret.txt')); } catch (e) { console.log('blocked', e.name); }",
      projectDir: project.path,
    }, { confine: false }).then(
      (result) => result.stdout,
      (error: Error) => `refused: ${error.message}`,
    );
    assert.equal((await shell).stdout, "linked\n");
    const outcome = await js;
    assert.doesNotMatch(outcome, /TOP-SECRET/);
    assert.match(outcome, /refused: .*symbolic links lead out of the project/);
  },
});

Deno.test({
  name:
    "a control file made after a warm host started is still kept from its run",
  ignore: !linux,
  fn: async () => {
    await using project = await tempDir();
    const warm = new WarmHosts();
    try {
      const first = await runCode(
        { language: "sh", code: "echo one", projectDir: project.path },
        { warm, guard: false },
      );
      assert.equal(first.stdout, "one\n", first.stderr);
      assert.ok(await eventually(() => warm.ready === 1, 10_000));
      // Made after the ready host was set up: under bubblewrap that host gives way to one
      // whose mounts hold it read-only; elsewhere the clean-up puts it back.
      const policy = join(project.path, ".ctx-mode.json");
      await Deno.writeTextFile(policy, '{"guard": {"level": "paranoid"}}');
      const second = await runCode({
        language: "sh",
        code: `echo '{"guard": {"level": "standard"}}' > .ctx-mode.json`,
        projectDir: project.path,
      }, { warm, guard: false });
      assert.match(
        second.stderr,
        second.confinement === "bwrap"
          ? /\.ctx-mode\.json: Read-only file system/
          : /put back: \.ctx-mode\.json/,
      );
      assert.notEqual(second.exitCode, 0);
      assert.equal(
        await Deno.readTextFile(policy),
        '{"guard": {"level": "paranoid"}}',
      );
    } finally {
      warm.close();
    }
  },
});
