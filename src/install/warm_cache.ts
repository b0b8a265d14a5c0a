/**
 * Fills the Deno cache with what the server and the hooks load (the npm
 * packages, about 39 MB on a cold cache) before an agent is told to start
 * ctx-mode: an agent that waits a few seconds for a server reports a cold
 * first start as disconnected. A compiled binary has nothing to fetch.
 *
 * The modules the program loads by computed specifier (each command, the
 * HTML converter of `index`, the adapters' set-ups) are not in the graph
 * `deno cache` walks from `main.ts`: the caller names them, so that no later
 * command fetches (and prints `Download …`) on its first run.
 *
 * Runs `deno cache` as a subprocess; never prints.
 *
 * @module
 */

import type { LaunchCommand } from "./launch_command.ts";

/**
 * Caches the modules behind `serve` and `hook` for a clone or a remote module.
 *
 * @param launch The launch command of this installation.
 * @param env The environment of the `deno cache` run.
 * @param lazy The modules loaded by computed specifier, as URLs. @default {[]}
 * @param packages The npm packages deno.json names (`npm:zod`). @default {[]}
 * @returns Whether it worked, and the first line of the error when not.
 */
export async function warmCache(
  launch: LaunchCommand,
  env: Readonly<Record<string, string>>,
  lazy: readonly string[] = [],
  packages: readonly string[] = [],
): Promise<{ ok: boolean; detail: string }> {
  if (launch.kind === "binary") return { ok: true, detail: "compiled binary" };
  // This module's own tree: the clone, the served tree or the JSR package.
  const root = new URL("../../", import.meta.url);
  const modules = [
    "main.ts",
    "src/cli/cli.ts",
    "src/cli/serve.ts",
    "src/cli/hook.ts",
  ].map((path) => new URL(path, root).href).concat(lazy);
  const config = root.protocol === "file:"
    ? ["--config", new URL("deno.json", root).pathname]
    : [];
  const output = await new Deno.Command(launch.command, {
    args: ["cache", "--quiet", ...config, ...modules],
    env: { ...env, NO_COLOR: "1" },
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  const detail = new TextDecoder().decode(output.stderr).trim().split("\n")
    .find((line) => line.trim() !== "") ?? `deno cache exited ${output.code}`;
  if (!output.success) return { ok: false, detail };
  await fetchRegistryEntries(launch, env, [...config, ...modules], packages);
  return { ok: true, detail: "cached" };
}

/**
 * A cache that a run filled (rather than `deno install` or `deno cache` on a
 * cold cache) may hold a package without its registry entry; Deno then
 * fetches the entry, and prints `Download …`, on every run that loads the
 * package later by computed specifier (`index` and its HTML converter).
 * Fetches the missing entries once; best effort: offline, nothing changes.
 */
async function fetchRegistryEntries(
  launch: LaunchCommand,
  env: Readonly<Record<string, string>>,
  cacheArgs: readonly string[],
  packages: readonly string[],
): Promise<void> {
  if (packages.length === 0) return;
  const run = (args: string[]) =>
    new Deno.Command(launch.command, {
      args,
      env: { ...env, NO_COLOR: "1" },
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).output();
  try {
    const info = await run(["info", "--json"]);
    const npmCache = JSON.parse(new TextDecoder().decode(info.stdout))
      .npmCache as unknown;
    if (typeof npmCache !== "string") return;
    const registry = `${npmCache}/registry.npmjs.org`;
    const exists = (path: string) =>
      Deno.stat(path).then(() => true, () => false);
    const missing: string[] = [];
    for (const spec of packages) {
      const folder = `${registry}/${spec.slice(4)}`;
      // Not from this registry, or not cached: nothing to mend.
      if (!(await exists(folder))) continue;
      if (!(await exists(`${folder}/registry.json`))) missing.push(spec);
    }
    if (missing.length === 0) return;
    await run([
      "cache",
      "--quiet",
      `--reload=${missing.join(",")}`,
      ...cacheArgs,
    ]);
  } catch {
    // Best effort.
  }
}
