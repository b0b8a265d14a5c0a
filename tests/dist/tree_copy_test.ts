import { cp } from "node:fs/promises";
import { join } from "node:path";
import { denoDir } from "../_helpers/run_cli.ts";
import { ROOT } from "../_helpers/serve_tree.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { checkLightCommands, checkServe, type Launcher } from "./_flows.ts";

/** What a clone needs at run time: the program, its config and lock file. */
const RUN_FILES = [
  "main.ts",
  "mod.ts",
  "deno.json",
  "deno.lock",
  "src",
  "adapters",
  "hooks",
];

Deno.test("a copy of the tree outside the clone runs the first-run flows with the documented command", async (t) => {
  await using copy = await tempDir();
  await using home = await tempDir();
  for (const name of RUN_FILES) {
    await cp(join(ROOT, name), join(copy.path, name), { recursive: true });
  }
  // The clone command README documents, run from another folder.
  const launcher: Launcher = {
    command: Deno.execPath(),
    args: [
      "run",
      "-A",
      "--config",
      join(copy.path, "deno.json"),
      join(copy.path, "main.ts"),
    ],
  };
  const env = { DENO_DIR: denoDir() };
  await checkLightCommands(t, launcher, { home: home.path, env });
  await t.step("serve answers tools/list and runs code", async () => {
    await checkServe(launcher, { home: home.path, env });
  });
});
