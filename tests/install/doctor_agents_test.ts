// Fixture set-up reads and writes small files in order; sync calls keep the steps plain.
// deno-lint-ignore-file no-sync-fn-in-async-fn
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { MAIN, runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { copyTree } from "./_fixture.ts";

const PLUGIN = fileURLToPath(
  new URL("../../configs/claude-code-plugin/", import.meta.url),
);

Deno.test("doctor reads the new agents' registrations where install wrote them and runs what they register", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  Deno.mkdirSync(project);
  const options = { home: dir.path, cwd: project, env: { PATH: "" } };
  const install = await runCli(
    ["install", "kimi", "hermes", "pi", "openclaw", "--yes"],
    options,
  );
  assert.equal(install.code, 0, install.stderr);
  const good = await runCli(["doctor"], options);
  for (
    const line of [
      /^✓ kimi \(user\) MCP server: ~\/\.kimi-code\/mcp\.json: .*main\.ts \(ctx-mode \d+\.\d+\.\d+\)$/m,
      /^✓ kimi \(user\) hooks \(6\): ~\/\.kimi-code\/config\.toml: .*main\.ts hook kimi PreToolUse/m,
      /^✓ hermes \(user\) hooks \(4\): ~\/\.hermes\/config\.yaml: /m,
      /^✓ hermes \(user\) MCP server: ~\/\.hermes\/config\.yaml: /m,
      /^✓ pi \(user\) plugin: ~\/\.pi\/agent\/extensions\/ctx-mode\.js: .*main\.ts \(ctx-mode /m,
      /^✓ openclaw \(user\) plugin: ~\/\.openclaw\/extensions\/ctx-mode\/index\.js: /m,
      /^✓ openclaw \(user\) MCP server: ~\/\.openclaw\/openclaw\.json: /m,
      // The adapters' own checks look in the same places.
      /^✓ kimi hooks: all \d+ hooks call ctx-mode$/m,
      /^✓ pi plugin: found at .*\.pi\/agent\/extensions\/ctx-mode\.js$/m,
    ]
  ) assert.match(good.stdout, line);
  // Pi has no MCP: nothing to miss; Hermes's plugin is not installed.
  assert.doesNotMatch(good.stdout, /pi \(user\) MCP server|hermes-plugin/);

  // A plugin written for a clone that has moved since.
  const extension = join(dir.path, ".pi/agent/extensions/ctx-mode.js");
  Deno.writeTextFileSync(
    extension,
    Deno.readTextFileSync(extension).replace(
      /const CTX_MODE_COMMAND = \[.*\];/,
      'const CTX_MODE_COMMAND = ["/moved/ctx-mode"];',
    ),
  );
  const moved = await runCli(["doctor"], options);
  assert.equal(moved.code, 1);
  assert.match(
    moved.stdout,
    /^✗ pi \(user\) plugin: .*`\/moved\/ctx-mode` does not run \(\/moved\/ctx-mode does not exist\); run: .*main\.ts install --repair$/m,
  );
  const repair = await runCli(["install", "--repair"], options);
  assert.equal(repair.code, 0, repair.stderr);
  assert.match(
    repair.stdout,
    /^pi \(user\): wrote ~\/\.pi\/agent\/extensions\/ctx-mode\.js$/m,
  );
  assert.doesNotMatch(
    repair.stdout,
    /hermes-plugin/,
    "not installed: kept off",
  );
  const repaired = await runCli(["doctor"], options);
  assert.match(repaired.stdout, /^✓ pi \(user\) plugin: /m);
});

Deno.test("doctor counts the hooks and server of ctx-mode's Claude Code plugin, runs its script, and warns when they are registered twice", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  Deno.mkdirSync(project);
  const installPath = join(
    dir.path,
    ".claude/plugins/cache/ctx-mode/ctx-mode/0.1.0",
  );
  copyTree(PLUGIN, installPath);
  Deno.writeTextFileSync(
    join(dir.path, ".claude/plugins/installed_plugins.json"),
    JSON.stringify({
      version: 2,
      plugins: { "ctx-mode@ctx-mode": [{ scope: "user", installPath }] },
    }),
  );
  Deno.writeTextFileSync(
    join(dir.path, ".claude/settings.json"),
    JSON.stringify({ enabledPlugins: { "ctx-mode@ctx-mode": true } }),
  );
  const options = {
    home: dir.path,
    cwd: project,
    env: {
      PATH: "/usr/bin:/bin",
      CTX_MODE_COMMAND: `${Deno.execPath()} run -A ${MAIN}`,
    },
  };
  const run = await runCli(["doctor"], options);
  assert.match(
    run.stdout,
    /^✓ claude-code hooks: all 6 hooks call ctx-mode, through the plugin ctx-mode@ctx-mode$/m,
  );
  assert.match(
    run.stdout,
    /^✓ claude-code MCP server: registered by the plugin ctx-mode@ctx-mode$/m,
  );
  assert.match(
    run.stdout,
    /^✓ claude-code plugin ctx-mode@ctx-mode: .*scripts\/ctx-mode\.sh \(ctx-mode \d+\.\d+\.\d+\)$/m,
  );
  assert.doesNotMatch(run.stdout, /registered with no agent/);

  // Disabled: its hooks are not counted.
  Deno.writeTextFileSync(
    join(dir.path, ".claude/settings.json"),
    JSON.stringify({ enabledPlugins: { "ctx-mode@ctx-mode": false } }),
  );
  const off = await runCli(["doctor"], options);
  assert.match(off.stdout, /^! claude-code hooks: not registered: PreToolUse/m);

  // Enabled again, and registered by hand as well: each would run twice.
  Deno.writeTextFileSync(
    join(dir.path, ".claude/settings.json"),
    JSON.stringify({ enabledPlugins: { "ctx-mode@ctx-mode": true } }),
  );
  const twice = await runCli(["install", "claude-code", "--yes"], options);
  assert.equal(twice.code, 0, twice.stderr);
  const both = await runCli(["doctor"], options);
  assert.match(
    both.stdout,
    /^! claude-code hooks: registered twice, by the plugin ctx-mode@ctx-mode and in a settings file: PreToolUse, .* run twice; keep the plugin and run: .*main\.ts uninstall claude-code$/m,
  );
  assert.match(both.stdout, /^! claude-code MCP server: registered twice, /m);
});
