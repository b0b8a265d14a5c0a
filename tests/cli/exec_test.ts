import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

Deno.test("exec prints only what the code prints and exits with its code", async () => {
  await using project = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  const env = { CTX_MODE_PROJECT_DIR: project.path };
  const ok = await runCli(["exec", "--lang", "shell", "echo one; echo two"], {
    home: home.path,
    env,
  });
  assert.equal(ok.stdout, "one\ntwo\n");
  assert.equal(ok.code, 0);
  const failing = await runCli(
    ["exec", "--lang", "sh", "echo partial; exit 7"],
    { home: home.path, env },
  );
  assert.equal(failing.stdout, "partial\n");
  assert.equal(failing.code, 7);
  const js = await runCli(
    ["exec", "console.log(await Promise.resolve(6 * 7))"],
    { home: home.path, env },
  );
  assert.equal(js.stdout, "42\n");
});

Deno.test("exec --intent indexes large output and prints only the matching sections", async () => {
  await using project = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  const env = { CTX_MODE_PROJECT_DIR: project.path };
  const code =
    "for i in $(seq 1 2000); do echo \"GET /api/items/$i 200 12ms\"; done; echo 'GET /api/checkout 500 9001ms upstream timeout'";
  const run = await runCli([
    "exec",
    "--lang",
    "shell",
    "--intent",
    "server errors 500 upstream",
    code,
  ], { home: home.path, env });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /checkout 500 9001ms upstream timeout/);
  assert.ok(
    run.stdout.length < 6000,
    `printed ${run.stdout.length} chars of a 50 KB output`,
  );
  const search = await runCli(["search", "checkout", "--json"], {
    home: home.path,
    env,
  });
  assert.match(search.stdout, /upstream timeout/);
});

Deno.test("exec indexes the whole of a 1 MB output, the middle the capture drops included, and says nothing was dropped", async () => {
  await using project = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  const env = { CTX_MODE_PROJECT_DIR: project.path };
  const half =
    'for i in $(seq 1 14000); do echo "GET /api/items/$i 200 12ms from the edge"; done';
  const code =
    `${half}; echo 'GET /api/checkout 500 9001ms kestrelvault upstream'; ${half}`;
  const run = await runCli(
    ["exec", "--lang", "shell", "--intent", "kestrelvault upstream", code],
    { home: home.path, env },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^1\.\d MB of output indexed as "exec: /);
  assert.match(run.stdout, /checkout 500 9001ms kestrelvault upstream/);
  assert.doesNotMatch(run.stderr, /dropped from the middle/);
});

Deno.test("exec-file analyses a file without printing it", async () => {
  await using project = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  await writeFile(
    join(project.path, "data.csv"),
    "name,score\nada,9\nbob,4\ncyd,7\n",
  );
  const run = await runCli(
    [
      "exec-file",
      "data.csv",
      "--lang",
      "js",
      "console.log(FILE_CONTENT.trim().split('\\n').length - 1)",
    ],
    {
      home: home.path,
      cwd: project.path,
      env: { CTX_MODE_PROJECT_DIR: project.path },
    },
  );
  assert.equal(run.stdout, "3\n");
  const missing = await runCli(["exec-file", "nope.csv", "console.log(1)"], {
    home: home.path,
    cwd: project.path,
  });
  assert.equal(missing.code, 1);
  assert.match(
    missing.stderr,
    /^ctx-mode: Cannot analyse "nope\.csv": no such file\n$/,
  );
});

Deno.test("batch runs commands, reports each, and answers queries from their output", async () => {
  await using project = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  const run = await runCli(
    [
      "batch",
      "--cmd",
      "deps=echo 'lodash 4.17.21'; echo 'express 5.1.0'",
      "--cmd",
      "bad=exit 3",
      "--query",
      "express version",
      "--json",
    ],
    { home: home.path, env: { CTX_MODE_PROJECT_DIR: project.path } },
  );
  assert.equal(run.code, 1, "a failing command makes the batch exit 1");
  const json = JSON.parse(run.stdout);
  assert.deepEqual(
    json.commands.map((
      c: { label: string; exitCode: number },
    ) => [c.label, c.exitCode]),
    [["deps", 0], ["bad", 3]],
  );
  assert.match(json.results[0].hits[0].snippet, /express 5\.1\.0/);
});

Deno.test("exec and batch reject bad input with one line and exit 2", async (t) => {
  await using home = await tempDir();
  const cases = [
    { args: ["exec"], error: /Missing the code/ },
    { args: ["exec", "--timeout", "0", "1"], error: /--timeout "0"/ },
    { args: ["batch", "--cmd", "nolabel"], error: /expected LABEL=COMMAND/ },
    {
      args: ["batch", "--cmd", "a=true", "--concurrency", "50"],
      error: /--concurrency "50"/,
    },
  ];
  for (const c of cases) {
    await t.step(c.args.join(" "), async () => {
      const run = await runCli(c.args, { home: home.path });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr.split("\n")[0] ?? "", c.error);
    });
  }
  const unknown = await runCli(["exec", "--lang", "cobol", "x"], {
    home: home.path,
  });
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /Cannot run language "cobol": unknown\n/);
  assert.match(unknown.stderr, /Run "ctx-mode exec --help" for usage/);
});

Deno.test("doctor lists the checks and the languages with versions", async () => {
  await using home = await tempDir();
  const run = await runCli(["doctor", "--json"], { home: home.path });
  assert.equal(run.code, 0, run.stdout);
  const checks = JSON.parse(run.stdout).checks as Array<
    { name: string; status: string; detail: string }
  >;
  const languages = checks.find((check) => check.name === "languages");
  assert.match(languages?.detail ?? "", /shell \(\d+\.\d+/);
  assert.equal(checks.find((check) => check.name === "SQLite")?.status, "ok");
});
