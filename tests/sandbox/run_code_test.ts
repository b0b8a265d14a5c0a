import assert from "node:assert/strict";
import { join } from "node:path";
import { runCode, type RunOptions } from "../../src/sandbox/mod.ts";
import {
  assertPidGone,
  BWRAP,
  eventually,
  exists,
  spawnRunner,
  stopsChanging,
  tempDir,
} from "./_helpers.ts";

const unix = Deno.build.os !== "windows";

/** Runs shell code in `projectDir` and returns the result. */
function sh(
  projectDir: string,
  code: string,
  options: RunOptions = {},
  timeoutMs?: number,
) {
  return runCode({
    language: "shell",
    code,
    projectDir,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  }, options);
}

Deno.test("runCode rejects bad requests with one-line errors before starting anything", async (t) => {
  await using project = await tempDir();
  const base = { language: "shell", code: "echo hi", projectDir: project.path };
  const rejects = async (
    request: Parameters<typeof runCode>[0],
    kind: new (...args: never[]) => Error,
    message: RegExp,
    options: RunOptions = {},
  ) => {
    await assert.rejects(runCode(request, options), (error: Error) => {
      assert.ok(error instanceof kind, `${error.name}: ${error.message}`);
      assert.match(error.message, message);
      assert.equal(error.message.includes("\n"), false);
      return true;
    });
  };
  await t.step(
    "empty code",
    () =>
      rejects(
        { ...base, code: "  \n" },
        TypeError,
        /^Cannot run code "": it is empty$/,
      ),
  );
  for (const timeoutMs of [0, -5, Number.NaN, Infinity, 300_001]) {
    await t.step(
      `a timeout of ${timeoutMs}`,
      () =>
        rejects(
          { ...base, timeoutMs },
          RangeError,
          new RegExp(
            `^Cannot use timeout "${timeoutMs}": it must be more than 0 and at most 300000 ms$`,
          ),
        ),
    );
  }
  await t.step(
    "a timeout over a lowered maximum",
    () =>
      rejects({ ...base, timeoutMs: 2_000 }, RangeError, /at most 1000 ms/, {
        maxTimeoutMs: 1_000,
      }),
  );
  await t.step(
    "an unknown language",
    () =>
      rejects(
        { ...base, language: "cobol" },
        RangeError,
        /^Cannot run language "cobol": unknown; available: javascript, typescript, shell/,
      ),
  );
  await t.step(
    "a missing project dir",
    () =>
      rejects(
        { ...base, projectDir: join(project.path, "nope") },
        Deno.errors.NotFound,
        /^Cannot run code in ".*nope": no such directory$/,
      ),
  );
  await t.step(
    "a missing exec-file target",
    () =>
      rejects(
        { ...base, file: { path: "missing.log" } },
        Deno.errors.NotFound,
        /^Cannot read file "missing.log": no such file$/,
      ),
  );
});

Deno.test({
  name: "a shell command that exits 1 with output is a result, not an error",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const result = await sh(
      project.path,
      "echo looking; grep -q needle /dev/null",
    );
    assert.equal(result.stdout, "looking\n");
    assert.equal(result.exitCode, 1);
    assert.equal(result.timedOut, false);
    assert.equal(result.signal, null);
  },
});

Deno.test({
  name:
    "shell code runs in the project dir and reports stderr and its exit code",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    await Deno.writeTextFile(join(project.path, "a.txt"), "alpha\n");
    const result = await sh(
      project.path,
      "pwd; cat a.txt; echo oops >&2; exit 7",
    );
    assert.equal(result.stdout, `${project.path}\nalpha\n`);
    assert.equal(result.stderr, "oops\n");
    assert.equal(result.exitCode, 7);
    assert.equal(
      result.bytesProduced,
      result.stdout.length + result.stderr.length,
    );
    assert.equal(result.bytesReturned, result.bytesProduced);
    assert.equal(result.truncated, false);
  },
});

Deno.test({
  name: "commands that read stdin get end of file at once",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const result = await sh(
      project.path,
      'cat; if read -r line; then echo "got $line"; else echo eof; fi',
      {},
      5_000,
    );
    assert.equal(result.stdout, "eof\n");
    assert.equal(result.timedOut, false);
  },
});

Deno.test({
  name: "invalid UTF-8 in output comes back with replacement characters",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const result = await sh(project.path, "printf 'ok \\377\\376 end\\n'");
    assert.equal(result.stdout, "ok \uFFFD\uFFFD end\n");
  },
});

Deno.test({
  name: "a timeout kills the whole process tree, background children included",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const result = await sh(
      project.path,
      "sleep 100 & echo $! > bg.pid; (sleep 100; echo never) & echo $! > sub.pid; echo started; sleep 100",
      { confine: false },
      // Long enough for the first lines on a loaded machine; the run never ends by itself.
      5_000,
    );
    assert.equal(result.timedOut, true);
    assert.equal(result.signal, "SIGKILL");
    assert.equal(result.exitCode, null);
    assert.equal(result.stdout, "started\n");
    for (const file of ["bg.pid", "sub.pid"]) {
      await assertPidGone(join(project.path, file));
    }
  },
});

Deno.test({
  name: "a background process does not outlive a run that exits normally",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const started = performance.now();
    const result = await sh(
      project.path,
      "sleep 100 & echo $! > bg.pid; echo done",
      { confine: false },
    );
    // Behaviour, not speed: a run that waited for its background child would take 100 s.
    assert.ok(
      performance.now() - started < 50_000,
      "the run waited for its background child",
    );
    assert.equal(result.stdout, "done\n");
    assert.equal(result.exitCode, 0);
    await assertPidGone(join(project.path, "bg.pid"));
  },
});

Deno.test({
  name:
    "a timeout in a bubblewrap-confined run stops its background children too" +
    (BWRAP ? "" : " (bwrap does not work here)"),
  ignore: !BWRAP,
  fn: async () => {
    await using project = await tempDir();
    const beat = join(project.path, "beat");
    const result = await sh(
      project.path,
      "(while true; do date +%s%N > beat; sleep 0.05; done) & sleep 100",
      {},
      5_000,
    );
    assert.equal(result.timedOut, true);
    assert.equal(result.confinement, "bwrap");
    // A loop left running writes every 50 ms and never falls quiet.
    assert.ok(
      await stopsChanging(beat),
      "the background loop is still writing",
    );
  },
});

Deno.test({
  name:
    "a 200 MB flood of output leaves a bounded result and counts what was dropped",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const total = 200_000_000;
    const line = "a line of flood output\n";
    const heapBefore = Deno.memoryUsage().heapUsed;
    const result = await sh(
      project.path,
      `yes '${line.trimEnd()}' | head -c ${total}`,
      { maxOutputBytes: 64 * 1024 },
      60_000,
    );
    assert.equal(result.exitCode, 0, result.stderr);
    assert.equal(result.bytesProduced, total);
    assert.equal(result.bytesReturned, 64 * 1024);
    assert.equal(result.droppedBytes, total - 64 * 1024);
    assert.ok(result.truncated);
    assert.ok(
      result.stdout.length < 64 * 1024 + 200,
      `${result.stdout.length} characters kept`,
    );
    assert.ok(result.stdout.startsWith(line.repeat(10)));
    const expectedLines = total / line.length;
    assert.ok(
      Math.abs(result.droppedLines - expectedLines) <
        64 * 1024 / line.length + 2,
      String(result.droppedLines),
    );
    assert.match(
      result.stdout,
      new RegExp(
        `\\[ctx-mode: ${result.droppedBytes} bytes \\(${result.droppedLines} lines\\) dropped here\\]`,
      ),
    );
    assert.ok(
      Deno.memoryUsage().heapUsed - heapBefore < 50_000_000,
      "the heap grew with the flood",
    );
  },
});

Deno.test({
  name: "eight shell runs at once each get their own output",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const results = await Promise.all(
      Array.from(
        { length: 8 },
        (_, i) => sh(project.path, `sleep 0.2; echo run-${i}; exit ${i}`),
      ),
    );
    results.forEach((result, i) => {
      assert.equal(result.stdout, `run-${i}\n`);
      assert.equal(result.exitCode, i);
    });
  },
});

Deno.test({
  name: "aborting a run kills it and rejects with the abort reason",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const controller = new AbortController();
    const pending = sh(project.path, "echo $$ > sh.pid; sleep 100", {
      signal: controller.signal,
      confine: false,
    });
    const pidFile = join(project.path, "sh.pid");
    assert.ok(await eventually(() => exists(pidFile)));
    controller.abort(new Error("stop-now"));
    await assert.rejects(pending, /stop-now/);
    await assertPidGone(pidFile);
  },
});

Deno.test({
  name:
    "runs do not inherit code-injecting variables or the user's denied ones",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const startup = join(project.path, "startup.sh");
    await Deno.writeTextFile(startup, "echo INJECTED-BY-BASH_ENV\n");
    const env = {
      ...Deno.env.toObject(),
      BASH_ENV: startup,
      ENV: startup,
      "BASH_FUNC_echo%%": "() { builtin echo INJECTED-BY-FUNCTION; }",
      CTX_TEST_SECRET: "do-not-pass",
      CTX_TEST_KEEP: "kept",
    };
    const result = await sh(
      project.path,
      'echo "keep=$CTX_TEST_KEEP secret=${CTX_TEST_SECRET:-unset} bash_env=${BASH_ENV:-unset} color=$NO_COLOR lang=$LC_ALL py=$PYTHONUNBUFFERED"',
      {
        env,
        denyEnv: ["CTX_TEST_SECRET"],
      },
    );
    assert.equal(
      result.stdout,
      "keep=kept secret=unset bash_env=unset color=1 lang=C.UTF-8 py=1\n",
    );
    assert.doesNotMatch(result.stdout + result.stderr, /INJECTED/);
  },
});

Deno.test({
  name: "shell exec-file runs get FILE_PATH and FILE_CONTENT",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    await Deno.writeTextFile(
      join(project.path, "big.log"),
      "one\ntwo ERROR\nthree ERROR\n",
    );
    const result = await runCode({
      language: "bash",
      code:
        'echo "$(basename "$FILE_PATH") $(printf "%s\\n" "$FILE_CONTENT" | grep -c ERROR)"',
      projectDir: project.path,
      file: { path: "big.log" },
    });
    assert.equal(result.stdout, "big.log 2\n");
  },
});

Deno.test({
  name: "a confined shell run sees the project but no file outside it" +
    (BWRAP ? "" : " (bwrap does not work here)"),
  ignore: !BWRAP,
  fn: async () => {
    await using project = await tempDir();
    await using elsewhere = await tempDir();
    await Deno.writeTextFile(join(project.path, "mine.txt"), "mine");
    const secret = join(elsewhere.path, "secret.txt");
    await Deno.writeTextFile(secret, "TOP-SECRET");
    const code =
      `cat mine.txt; echo; cat ${secret} 2>/dev/null || echo hidden; ls "$HOME_BEFORE" 2>/dev/null | head -1 || true; echo written > out.txt`;
    const env = {
      ...Deno.env.toObject(),
      HOME_BEFORE: Deno.env.get("HOME") ?? "/root",
    };
    const confined = await sh(project.path, code, { env });
    assert.equal(confined.confinement, "bwrap");
    assert.equal(confined.stdout, "mine\nhidden\n");
    assert.equal(
      await Deno.readTextFile(join(project.path, "out.txt")),
      "written\n",
    );
    const open = await sh(project.path, code, { env, confine: false });
    assert.equal(open.confinement, "none");
    assert.match(open.stdout, /^mine\nTOP-SECRET/);
  },
});

Deno.test({
  name:
    "a run in flight is killed and its temp dir removed when the process that started it exits",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const runner = await spawnRunner(
      project.path,
      // The pid file appears whole (renamed into place), so the runner never exits before it is written.
      `const project = ${JSON.stringify(project.path)};
runCode({ language: "shell", code: "echo $TMPDIR > tmpdir; echo $$ > sh.pid.tmp; mv sh.pid.tmp sh.pid; sleep 60", projectDir: project }, { confine: false });
while (true) {
  try { Deno.statSync(project + "/sh.pid"); break; } catch { await new Promise((r) => setTimeout(r, 20)); }
}
Deno.exit(0);
`,
    );
    assert.equal((await runner.status).code, 0);
    await assertPidGone(join(project.path, "sh.pid"));
    const scratch = (await Deno.readTextFile(join(project.path, "tmpdir")))
      .trim();
    assert.match(scratch, /ctx-mode-run-/);
    assert.equal(await exists(scratch), false, `${scratch} was left behind`);
  },
});

/** Where the home folder lies inside /tmp, /tmp is rightly refused as a project. */
const HOME_IN_TMP = (() => {
  const home = Deno.env.get("HOME") ?? "";
  return home === "/tmp" || home.startsWith("/tmp/");
})();

Deno.test({
  name: `shell code runs in a project that is /tmp itself${
    HOME_IN_TMP ? " (skipped: the home folder is inside /tmp)" : ""
  }`,
  ignore: HOME_IN_TMP,
  fn: async () => {
    // /tmp as the project is bound over the namespace's own /tmp under bubblewrap.
    const inTmp = await runCode({
      language: "shell",
      code: "echo from-tmp",
      projectDir: "/tmp",
    });
    assert.equal(inTmp.exitCode, 0, inTmp.stderr);
    assert.equal(inTmp.stdout, "from-tmp\n");
  },
});

Deno.test("shell code's exit code comes back however the code ends", async () => {
  await using dir = await tempDir();
  const endings: [string, number, string][] = [
    ["exit 3", 3, ""],
    ["set -e; false; echo never", 1, ""],
    ["trap - EXIT; echo replaced", 0, "replaced\n"],
    ["exec echo replaced-by-exec", 0, "replaced-by-exec\n"],
    ["return 4", 4, ""],
  ];
  for (const [code, exitCode, stdout] of endings) {
    const run = await runCode({
      language: "shell",
      code,
      projectDir: dir.path,
    });
    assert.equal(run.exitCode, exitCode, code);
    assert.equal(run.stdout, stdout, code);
  }
});
