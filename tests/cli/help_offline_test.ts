import assert from "node:assert/strict";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** A registry address nothing listens on: any npm download fails at once. */
const CLOSED_REGISTRY = "http://127.0.0.1:9/";

/** Every command. */
const COMMANDS = [
  "serve",
  "index",
  "search",
  "exec",
  "exec-file",
  "batch",
  "doctor",
  "explain",
  "trust",
  "shrink",
  "audit",
  "fetch",
  "stats",
  "statusline",
  "session",
  "install",
  "uninstall",
  "hook",
  "purge",
  "version",
  "help",
];

Deno.test("--help of every command prints its usage alone, with an empty Deno cache and the npm registry out of reach", async (t) => {
  await using home = await tempDir();
  const env = {
    DENO_DIR: `${home.path}/empty-cache`,
    NPM_CONFIG_REGISTRY: CLOSED_REGISTRY,
  };
  const overview = await runCli(["--help"], { home: home.path, env });
  assert.equal(overview.code, 0, overview.stderr);
  assert.match(overview.stdout, /^ctx-mode .*\n\nUsage: ctx-mode <command>/);
  assert.equal(overview.stderr, "");
  for (const command of COMMANDS) {
    await t.step(command, async () => {
      const run = await runCli([command, "--help"], { home: home.path, env });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, new RegExp(`^Usage: ctx-mode ${command}\\b`));
      assert.equal(run.stderr, "", `${command} --help wrote to stderr`);
    });
  }
  await t.step("an npm import really would have failed", async () => {
    // Proves the setup can fail: indexing an HTML file needs the converter's packages.
    await Deno.writeTextFile(`${home.path}/page.html`, "<h1>Title</h1>");
    const run = await runCli(["index", "page.html"], { home: home.path, env });
    assert.match(run.stderr, /127\.0\.0\.1:9|turndown|domino/);
  });
});
