/**
 * The hook engine's bundles (and the fast path's): committed in step with
 * their sources, loaded by a hook process, and not needed for its answer.
 *
 * @module
 */

import assert from "node:assert/strict";
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { staleBundles } from "../../../scripts/bundle_hooks.ts";
import { childEnv, denoDir } from "../../_helpers/run_cli.ts";
import { ROOT } from "../../_helpers/serve_tree.ts";
import { tempDir } from "../../_helpers/temp_dir.ts";

const PRE_TOOL_BUNDLE = "hooks/engine/decide_pre_tool_use.bundle.js";

/**
 * Whether `deno bundle` has its esbuild in the Deno cache: without it, it
 * would download it from the npm registry (`.ci/run` fetches it first).
 */
function esbuildCached(): boolean {
  try {
    const dl = join(denoDir(), "dl");
    return [...Deno.readDirSync(dl)].some((entry) =>
      entry.isDirectory && entry.name.startsWith("esbuild-") &&
      [...Deno.readDirSync(join(dl, entry.name))].some((file) => file.isFile)
    );
  } catch {
    return false;
  }
}

const ESBUILD = esbuildCached();

Deno.test({
  name: ESBUILD
    ? "every committed hook bundle is what deno task bundle makes of its source"
    : "committed hook bundles (skipped: deno bundle's esbuild is not in the Deno cache, and tests fetch nothing)",
  ignore: !ESBUILD,
  async fn() {
    assert.deepEqual(await staleBundles(), []);
  },
});

/** Runs the PreToolUse hook of the tree in `dir` on a shell command, server off. */
async function preToolUse(
  dir: string,
  home: string,
  command: string,
): Promise<{ code: number; stdout: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--config",
      join(dir, "deno.json"),
      join(dir, "main.ts"),
      "hook",
      "claude-code",
      "PreToolUse",
    ],
    cwd: home,
    clearEnv: true,
    env: childEnv(home, { CTX_MODE_HOOK_SOCKET: "off" }),
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(JSON.stringify({
      session_id: "bundles",
      cwd: home,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
    })),
  );
  await writer.close();
  const output = await child.output();
  return {
    code: output.code,
    stdout: new TextDecoder().decode(output.stdout),
  };
}

Deno.test("a hook process decides through the bundle, and through the modules when the bundle is gone", async () => {
  await using copy = await tempDir();
  await using home = await tempDir();
  for (
    const name of [
      "main.ts",
      "deno.json",
      "deno.lock",
      "src",
      "adapters",
      "hooks",
    ]
  ) {
    await cp(join(ROOT, name), join(copy.path, name), { recursive: true });
  }
  // A bundle that answers in its own words shows which one the hook loaded.
  await Deno.writeTextFile(
    join(copy.path, PRE_TOOL_BUNDLE),
    `export function decidePreToolUse() {
      return { kind: "deny", reason: "decided by the bundle" };
    }\n`,
  );
  const viaBundle = await preToolUse(copy.path, home.path, "git status");
  assert.equal(viaBundle.code, 0);
  assert.match(viaBundle.stdout, /decided by the bundle/);

  await Deno.remove(join(copy.path, PRE_TOOL_BUNDLE));
  const allowed = await preToolUse(copy.path, home.path, "git status");
  assert.equal(allowed.code, 0);
  assert.doesNotMatch(allowed.stdout, /deny/);
  const denied = await preToolUse(copy.path, home.path, "rm -rf ~");
  assert.equal(denied.code, 0);
  assert.match(denied.stdout, /"permissionDecision":\s*"deny"/);
});
