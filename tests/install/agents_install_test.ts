// Fixture set-up and snapshots read small files in order; sync calls keep the steps plain.
// deno-lint-ignore-file no-sync-fn-in-async-fn
import assert from "node:assert/strict";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { copyTree, FIXTURES, snapshot } from "./_fixture.ts";

const AGENTS = [
  "kimi",
  "hermes-plugin",
  "kilocode",
  "pi",
  "omp",
  "openclaw",
  "amp",
];

/** A home holding every new agent's realistic fixture. */
function realisticHome(root: string): string {
  for (
    const agent of [
      "kimi",
      "hermes",
      "kilocode",
      "pi",
      "omp",
      "openclaw",
      "amp",
    ]
  ) {
    copyTree(join(FIXTURES, agent, "realistic"), root);
  }
  return join(root, "home");
}

Deno.test("ctx-mode install of the plugin agents, Kimi and Hermes: --dry-run diffs and writes nothing, twice equals once, uninstall gives every byte back", async () => {
  await using dir = await tempDir();
  const home = realisticHome(dir.path);
  const before = snapshot(dir.path);

  const dry = await runCli(["install", ...AGENTS, "--dry-run"], { home });
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^--- .*\.kimi-code\/config\.toml\n\+\+\+ /m);
  assert.match(dry.stdout, /^\+# ctx-mode:begin .*\[\[hooks\]\]\r?$/m);
  assert.match(
    dry.stdout,
    /^--- \/dev\/null\n\+\+\+ .*\.hermes\/plugins\/ctx-mode\/__init__\.py$/m,
  );
  assert.match(dry.stdout, /^--- .*\.config\/amp\/settings\.json\n\+\+\+ /m);
  assert.deepEqual(snapshot(dir.path), before, "--dry-run changes nothing");

  const install = await runCli(["install", ...AGENTS, "--yes"], { home });
  assert.equal(install.code, 0, install.stderr);
  for (const agent of AGENTS) {
    assert.match(
      install.stdout,
      new RegExp(`^${agent} \\(user\\): wrote `, "m"),
    );
  }
  assert.match(
    Deno.readTextFileSync(join(home, ".pi/agent/extensions/ctx-mode.js")),
    /const CTX_MODE_COMMAND = \[.*main\.ts"\];/,
  );
  const hermes = parseYaml(
    Deno.readTextFileSync(join(home, ".hermes/config.yaml")),
  );
  assert.deepEqual(hermes.plugins.enabled, ["disk-guard", "ctx-mode"]);
  const installed = snapshot(dir.path);

  const again = await runCli(["install", ...AGENTS, "--yes"], { home });
  assert.equal(again.code, 0, again.stderr);
  for (const agent of AGENTS) {
    assert.match(
      again.stdout,
      new RegExp(`^${agent} \\(user\\): already installed$`, "m"),
    );
  }
  assert.deepEqual(snapshot(dir.path), installed, "twice equals once");

  const uninstall = await runCli(["uninstall", ...AGENTS, "--yes"], { home });
  assert.equal(uninstall.code, 0, uninstall.stderr);
  assert.deepEqual(snapshot(dir.path), before, "every byte given back");
});

Deno.test("Hermes runs ctx-mode through its shell hooks or its plugin, never both", async () => {
  await using dir = await tempDir();
  const home = realisticHome(dir.path);
  const before = snapshot(dir.path);
  const config = join(home, ".hermes/config.yaml");
  const read = () => parseYaml(Deno.readTextFileSync(config));
  const ours = (data: { hooks?: Record<string, { command: string }[]> }) =>
    Object.values(data.hooks ?? {}).flat().filter((hook) =>
      /main\.ts hook hermes /.test(hook.command)
    ).length;

  const shell = await runCli(["install", "hermes", "--yes"], { home });
  assert.equal(shell.code, 0, shell.stderr);
  assert.equal(ours(read()), 4);
  assert.deepEqual(read().plugins.enabled, ["disk-guard"]);
  // The user's own hook and comments stay where they were.
  assert.ok(
    Deno.readTextFileSync(config).includes(
      "hooks:\n  # Keep the shell tidy.\n  pre_tool_call:\n  - matcher: terminal\n",
    ),
  );

  const plugin = await runCli(["install", "hermes-plugin", "--yes"], { home });
  assert.equal(plugin.code, 0, plugin.stderr);
  assert.equal(ours(read()), 0, "the plugin replaces the shell hooks");
  assert.deepEqual(read().plugins.enabled, ["disk-guard", "ctx-mode"]);
  assert.equal(read().hooks.pre_tool_call[0].command, "~/bin/audit-shell");

  const back = await runCli(["install", "hermes", "--yes"], { home });
  assert.equal(back.code, 0, back.stderr);
  assert.equal(ours(read()), 4);
  assert.deepEqual(read().plugins.enabled, ["disk-guard"], "plugin off");

  for (const agent of ["hermes", "hermes-plugin"]) {
    const run = await runCli(["uninstall", agent, "--yes"], { home });
    assert.equal(run.code, 0, run.stderr);
  }
  assert.deepEqual(snapshot(dir.path), before);
});

Deno.test("ctx-mode install never overwrites an OpenClaw plugin file it did not write", async () => {
  await using dir = await tempDir();
  const home = join(dir.path, "home");
  const folder = join(home, ".openclaw/extensions/ctx-mode");
  Deno.mkdirSync(folder, { recursive: true });
  Deno.writeTextFileSync(
    join(folder, "package.json"),
    '{ "name": "my-extension" }\n',
  );
  const before = snapshot(dir.path);
  const run = await runCli(["install", "openclaw", "--yes"], { home });
  assert.equal(run.code, 1);
  assert.match(
    run.stderr,
    /Cannot write ".*package\.json": it holds a file ctx-mode did not write/,
  );
  assert.deepEqual(snapshot(dir.path), before);
});
