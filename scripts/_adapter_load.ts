// deno-lint-ignore-file no-console -- a script: it prints one number
/**
 * Prints how long loading one platform's adapter takes, in milliseconds, as
 * the hook command does it: registry loaded, a first module already loaded by
 * computed specifier (as `main.ts` loads the hook command), then the adapter
 * by name. Used by the hook benchmark:
 * `deno run -A scripts/_adapter_load.ts <platform>`.
 *
 * @module
 */

import { adapterFor } from "../adapters/registry.ts";

if (import.meta.main) {
  const name = Deno.args[0] ?? "";
  // The runtime's first computed import pays a set-up cost of its own.
  await import(new URL("../adapters/types.ts", import.meta.url).href);
  const started = performance.now();
  const adapter = await adapterFor(name);
  const elapsed = performance.now() - started;
  if (!adapter) throw new Error(`Cannot load the adapter "${name}": unknown`);
  console.log(elapsed.toFixed(3));
}
