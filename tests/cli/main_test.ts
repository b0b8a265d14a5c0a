import assert from "node:assert/strict";
import denoJson from "../../deno.json" with { type: "json" };
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

Deno.test("ctx-mode --help lists only commands that exist, each with working --help", async () => {
  await using home = await tempDir();
  const help = await runCli(["--help"], { home: home.path });
  assert.equal(help.code, 0);
  const commands = [...help.stdout.matchAll(/^ {2}([a-z-]+) {2,}/gm)].map((m) =>
    m[1]!
  );
  assert.ok(
    commands.includes("index") && commands.includes("search"),
    help.stdout,
  );
  for (const name of commands) {
    const usage = await runCli([name, "--help"], { home: home.path });
    assert.equal(usage.code, 0, `${name} --help failed: ${usage.stderr}`);
    assert.match(usage.stdout, new RegExp(`^Usage: ctx-mode ${name}`));
  }
});

Deno.test("ctx-mode version prints the version from deno.json", async () => {
  await using home = await tempDir();
  const run = await runCli(["version"], { home: home.path });
  assert.equal(run.stdout, `ctx-mode ${denoJson.version}\n`);
});

Deno.test("unknown commands and flags exit 2 with one line and a hint", async (t) => {
  await using home = await tempDir();
  for (
    const args of [["frobnicate"], ["search", "x", "--frob"], ["--frob"], [
      "search",
      "x",
      "--limit",
      "0",
    ]]
  ) {
    await t.step(args.join(" "), async () => {
      const run = await runCli(args, { home: home.path });
      assert.equal(run.code, 2);
      const lines = run.stderr.trim().split("\n");
      assert.equal(lines.length, 2, run.stderr);
      assert.match(lines[0]!, /^ctx-mode: /);
      assert.match(lines[1]!, /--help" for usage/);
    });
  }
});

const hasScript = await new Deno.Command("script", {
  args: ["--version"],
  stdout: "null",
  stderr: "null",
})
  .output().then((out) => out.success, () => false);

Deno.test({
  name: hasScript
    ? "ctx-mode on a terminal explains how to register the server instead of waiting"
    : "ctx-mode on a terminal explains how to register the server (SKIPPED: no `script` to make a terminal)",
  ignore: !hasScript,
  fn: async () => {
    await using home = await tempDir();
    const { childEnv, MAIN } = await import("../_helpers/run_cli.ts");
    const command = `${Deno.execPath()} run -A ${MAIN}`;
    const output = await new Deno.Command("script", {
      args: ["-qec", command, "/dev/null"],
      clearEnv: true,
      env: childEnv(home.path),
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(30_000),
    }).output();
    const text = new TextDecoder().decode(output.stdout);
    assert.equal(output.code, 0);
    assert.match(text, /ctx-mode is an MCP server/);
    // The commands that work for this installation (a clone here), not a bare `ctx-mode`.
    assert.match(
      text,
      /^ {2}\S+ run -q -A --config \S+deno\.json \S+main\.ts install\r?$/m,
    );
    assert.match(
      text,
      /claude mcp add ctx-mode -- \S+ run -q -A --config \S+deno\.json \S+main\.ts serve/,
    );
  },
});
