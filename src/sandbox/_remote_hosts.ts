/**
 * When ctx-mode runs from a URL (`deno run jsr:@ctx/mode`, or any served
 * copy), the sandbox hosts start from that URL too. A confined host may read
 * the Deno cache but not write it, so it cannot download its own modules:
 * this loads them once in the server's process first, which puts them in the
 * cache. Under a clone (file URLs) or in a compiled binary it does nothing.
 *
 * It only imports the hosts' modules, which do nothing on import; it must
 * never start a process.
 *
 * @module
 */

import { isCompiled, type Runtime } from "./js_launch.ts";

/** The modules a sandbox host process starts from, relative to `js_launch.ts`. */
const HOST_MODULES = ["./sandbox_host.ts", "./worker_host.ts", "./js_host.ts"];

let cached: Promise<void> | undefined;

/**
 * Puts the sandbox hosts' modules into the Deno cache when they are remote.
 *
 * @param runtime Where the sandbox process comes from.
 * @returns Once they are cached (at once for local or embedded modules).
 */
export function cacheRemoteHosts(runtime: Runtime): Promise<void> {
  if (isCompiled(runtime) || runtime.moduleUrl.startsWith("file:")) {
    return Promise.resolve();
  }
  cached ??= Promise.all(
    HOST_MODULES.map((module) =>
      import(new URL(module, runtime.moduleUrl).href)
    ),
  ).then(() => {}, (error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
