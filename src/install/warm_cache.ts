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
  const modules = [
    "main.ts",
    "src/cli/cli.ts",
    "src/cli/serve.ts",
    "src/cli/hook.ts",
  ].map((path) => new URL(path, ROOT).href).concat(lazy);
  const cached = await cacheModules(launch, env, modules);
  if (!cached.ok) return cached;
  await fetchRegistryEntries(launch, env, [...CONFIG, ...modules], packages);
  return { ok: true, detail: "cached" };
}

/** This module's own tree: the clone, the served tree or the JSR package. */
const ROOT = new URL("../../", import.meta.url);
/** The clone's or served tree's deno.json (a JSR package brings its own). */
const CONFIG = ROOT.protocol === "file:"
  ? ["--config", new URL("deno.json", ROOT).pathname]
  : [];

/**
 * Caches `modules` and all they import with `deno cache --quiet` in a
 * subprocess, so that loading them later prints nothing; a compiled binary
 * has nothing to cache. Quick on a warm cache (no network).
 *
 * @param launch The launch command of this installation.
 * @param env The environment of the `deno cache` run.
 * @param modules The modules, as URLs.
 * @returns Whether it worked, and the first line of the error when not.
 */
export async function cacheModules(
  launch: LaunchCommand,
  env: Readonly<Record<string, string>>,
  modules: readonly string[],
): Promise<{ ok: boolean; detail: string }> {
  if (launch.kind === "binary") return { ok: true, detail: "compiled binary" };
  const output = await new Deno.Command(launch.command, {
    args: ["cache", "--quiet", ...CONFIG, ...modules],
    env: { ...env, NO_COLOR: "1" },
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  const detail = new TextDecoder().decode(output.stderr).trim().split("\n")
    .find((line) => line.trim() !== "") ?? `deno cache exited ${output.code}`;
  return output.success
    ? { ok: true, detail: "cached" }
    : { ok: false, detail };
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
