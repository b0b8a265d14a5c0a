import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers/serve_tree.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { checkLightCommands, checkServe } from "./_flows.ts";

/**
 * Builds the binary for this machine with `deno task compile`'s script, or
 * says in one line why it cannot (the Deno runtime download is out of reach).
 */
async function build(
  outDir: string,
): Promise<{ binary?: string; why: string }> {
  const target = Deno.build.target;
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      join(ROOT, "scripts/compile.ts"),
      "--out-dir",
      outDir,
      target,
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(stderr).trim();
  if (code === 0) {
    const suffix = Deno.build.os === "windows" ? ".exe" : "";
    return { binary: join(outDir, `ctx-mode-${target}${suffix}`), why: "" };
  }
  // Anything but the one-line runtime-download message is a failure of the script.
  assert.match(
    err,
    /^Cannot compile for "[^"]+": the Deno runtime cannot be downloaded/,
    err,
  );
  assert.equal(err.split("\n").length, 1, err);
  return { why: err };
}

const out = await Deno.makeTempDir({ prefix: "ctx-mode-binary-" });
const built = await build(out);

Deno.test({
  name: built.binary
    ? "the compiled binary runs the first-run flows end to end"
    : `the compiled binary runs the first-run flows end to end (skipped: ${built.why})`,
  ignore: built.binary === undefined,
  async fn(t) {
    try {
      await using home = await tempDir();
      const launcher = { command: built.binary ?? "", args: [] };
      // No Deno cache at all: the binary carries everything.
      const env = { DENO_DIR: join(home.path, "no-cache") };
      await checkLightCommands(t, launcher, { home: home.path, env });
      await t.step("serve answers tools/list and runs code", async () => {
        await checkServe(launcher, { home: home.path, env });
      });
    } finally {
      await Deno.remove(out, { recursive: true });
    }
  },
});

if (!built.binary) await Deno.remove(out, { recursive: true });
