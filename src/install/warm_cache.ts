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
 * @returns Whether it worked, and the first line of the error when not.
 */
export async function warmCache(
  launch: LaunchCommand,
  env: Readonly<Record<string, string>>,
  lazy: readonly string[] = [],
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
  // A clone: `deno install` fetches every package its deno.json names and,
  // on a cold cache, keeps each one's registry entry, which `deno cache`
  // does not: without it, a run that loads a package by computed specifier
  // fetches (and prints) the entry again every time.
  const args = root.protocol === "file:"
    ? ["install", "--quiet", "--config", new URL("deno.json", root).pathname]
    : ["cache", "--quiet", ...modules];
  const output = await new Deno.Command(launch.command, {
    args,
    ...(root.protocol === "file:" ? { cwd: new URL(".", root).pathname } : {}),
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
