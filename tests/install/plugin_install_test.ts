import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { snapshot } from "./_fixture.ts";

Deno.test("ctx-mode install opencode writes its plugin with this installation's command; uninstall takes it away", async () => {
  await using dir = await tempDir();
  const home = join(dir.path, "home");
  await Deno.mkdir(join(home, ".config", "opencode"), { recursive: true });
  const before = snapshot(dir.path);
  const install = await runCli(["install", "opencode", "--yes"], { home });
  assert.equal(install.code, 0, install.stderr);
  const plugin = await Deno.readTextFile(
    join(home, ".config", "opencode", "plugins", "ctx-mode.js"),
  );
  assert.match(plugin, /const CTX_MODE_COMMAND = \[.*main\.ts"\];/);
  assert.match(plugin, /ctxModeChannel\("opencode", directory\)/);
  const again = await runCli(["install", "opencode", "--yes"], { home });
  assert.equal(again.code, 0, again.stderr);
  const uninstall = await runCli(["uninstall", "opencode", "--yes"], { home });
  assert.equal(uninstall.code, 0, uninstall.stderr);
  assert.deepEqual(snapshot(dir.path), before);
});

Deno.test("ctx-mode install never overwrites a plugin file it did not write", async () => {
  await using dir = await tempDir();
  const home = join(dir.path, "home");
  const plugins = join(home, ".config", "opencode", "plugins");
  await Deno.mkdir(plugins, { recursive: true });
  await Deno.writeTextFile(
    join(plugins, "ctx-mode.js"),
    "export const Mine = 1;\n",
  );
  const before = snapshot(dir.path);
  const install = await runCli(["install", "opencode", "--yes"], { home });
  assert.notEqual(install.code, 0);
  assert.match(
    install.stderr,
    /Cannot write ".*ctx-mode\.js": it holds a file ctx-mode did not write/,
  );
  assert.deepEqual(snapshot(dir.path), before);
});
