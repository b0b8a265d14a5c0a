// deno-lint-ignore-file no-console -- a script: it says what it wrote
/**
 * Writes the one-file bundles a hook process loads instead of module graphs:
 * the fast path's (`src/hook_channel/fast_hook.bundle.js`, which `main.ts`
 * imports) and the hook engine's event modules' (`hooks/engine/*.bundle.js`),
 * for a hook the server did not answer. `deno run` pays about half a
 * millisecond per module it links, and the pre-tool engine alone links some
 * sixty (the guard). Each bundle sits next to its source, so the computed
 * specifiers it keeps (the modules of `hooks/engine/_where.ts`) resolve as
 * they do from the source.
 *
 * `deno task bundle` rewrites them; `--check` only says which ones differ from
 * what their sources give (the test `tests/hooks/engine/bundles_test.ts` runs
 * it).
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOOK_EVENT_BUNDLES } from "../hooks/engine/run_hook.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const ENGINE_DIR = "hooks/engine";

/** Source and bundle paths, relative to the repository. */
export const BUNDLE_FILES: ReadonlyArray<{ source: string; bundle: string }> = [
  // main.ts imports the fast path's bundle: one module to link instead of three.
  {
    source: "src/hook_channel/fast_hook.ts",
    bundle: "src/hook_channel/fast_hook.bundle.js",
  },
  ...Object.entries(HOOK_EVENT_BUNDLES).map(([source, bundle]) => ({
    source: join(ENGINE_DIR, source),
    bundle: join(ENGINE_DIR, bundle),
  })),
];

/** The bundle `deno bundle` makes of one source, as text. */
export async function bundleText(source: string): Promise<string> {
  const out = await Deno.makeTempFile({ suffix: ".js" });
  try {
    const { success, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", "--platform", "deno", "-o", out, source],
      cwd: ROOT,
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!success) {
      throw new Error(
        `Cannot bundle "${source}": ${
          new TextDecoder().decode(stderr).trim().split("\n")[0]
        }`,
      );
    }
    return await Deno.readTextFile(out);
  } finally {
    await Deno.remove(out).catch(() => {});
  }
}

/** The bundles whose committed text differs from what their sources give. */
export async function staleBundles(): Promise<string[]> {
  const stale: string[] = [];
  for (const { source, bundle } of BUNDLE_FILES) {
    const committed = await Deno.readTextFile(join(ROOT, bundle)).catch(
      () => "",
    );
    if (committed !== await bundleText(source)) stale.push(bundle);
  }
  return stale;
}

if (import.meta.main) {
  if (Deno.args.includes("--check")) {
    const stale = await staleBundles();
    for (const bundle of stale) {
      console.log(`${bundle} is stale: run deno task bundle`);
    }
    Deno.exit(stale.length === 0 ? 0 : 1);
  }
  for (const { source, bundle } of BUNDLE_FILES) {
    const text = await bundleText(source);
    await Deno.writeTextFile(join(ROOT, bundle), text);
    console.log(`${bundle} (${(text.length / 1024).toFixed(0)} KB)`);
  }
}
