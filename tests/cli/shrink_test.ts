import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

function testRun(): string {
  const lines: string[] = [];
  for (let i = 0; i < 1500; i++) {
    lines.push(
      `ok ${i + 1} - computes invoice line ${i} for customer ${i * 7}`,
    );
  }
  lines.splice(700, 0, "not ok 701 - applies VAT to shipping");
  lines.push("# tests 1501", "# pass 1500", "# fail 1");
  return lines.join("\n");
}

Deno.test("ctx-mode shrink prints the view, and with --index the receipt's source answers a search", async () => {
  await using home = await tempDir();
  const project = join(home.path, "project");
  await Deno.mkdir(project);
  const shrunk = await runCli(
    ["shrink", "--command", "node --test", "--exit", "1", "--index", "--json"],
    { home: home.path, cwd: project, stdin: testRun() },
  );
  assert.equal(shrunk.code, 0, shrunk.stderr);
  const result = JSON.parse(shrunk.stdout);
  assert.equal(result.shrunk, true);
  assert.match(result.view, /exit 1/);
  assert.match(result.view, /Failed tests \(1\): applies VAT to shipping/);
  assert.match(result.source, /^shrunk\/shell\/node --test #/);
  assert.equal(result.indexText, undefined);
  const found = await runCli(
    ["search", "customer 4823", "--source", result.source, "--json"],
    { home: home.path, cwd: project },
  );
  assert.equal(found.code, 0, found.stderr);
  const hits = JSON.parse(found.stdout).results[0].hits;
  assert.ok(
    hits.some((hit: { snippet: string }) =>
      hit.snippet.includes("computes invoice line 689 for customer 4823")
    ),
    found.stdout,
  );
});

Deno.test("ctx-mode shrink says why a result is left as it is", async (t) => {
  await using home = await tempDir();
  const project = join(home.path, "project");
  await Deno.mkdir(project);
  await t.step("a read of a file the agent may edit", async () => {
    const run = await runCli(
      ["shrink", "--kind", "read", "--command", "src/app.ts"],
      { home: home.path, cwd: project, stdin: testRun() },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      "Left as it is: a read of a file the agent may edit.\n",
    );
  });
  await t.step("switched off in the environment", async () => {
    const run = await runCli(["shrink", "--json"], {
      home: home.path,
      cwd: project,
      stdin: testRun(),
      env: { CTX_MODE_SHRINK: "off" },
    });
    assert.deepEqual(JSON.parse(run.stdout), {
      shrunk: false,
      reason: "switched off (CTX_MODE_SHRINK)",
    });
  });
  await t.step("under the project's threshold", async () => {
    await Deno.writeTextFile(
      join(project, ".ctx-mode.json"),
      '{"shrink": {"thresholdBytes": 1000000}}',
    );
    const run = await runCli(["shrink"], {
      home: home.path,
      cwd: project,
      stdin: testRun(),
    });
    assert.equal(
      run.stdout,
      "Left as it is: under the threshold (1000000 bytes).\n",
    );
  });
});

Deno.test("ctx-mode shrink refuses an unknown kind with one line and exit code 2", async () => {
  await using home = await tempDir();
  const run = await runCli(["shrink", "--kind", "video"], {
    home: home.path,
    stdin: "x",
  });
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /^ctx-mode: Cannot use --kind "video": expected shell, read, grep, fetch, mcp, task, edit or other\n/,
  );
});
