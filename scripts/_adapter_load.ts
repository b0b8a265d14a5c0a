// deno-lint-ignore-file no-console -- a script: it prints one number
/**
 * Prints how long loading one platform's adapter takes, in milliseconds, as
 * the hook command does it (registry loaded, adapter by name). Used by the
 * hook benchmark: `deno run -A scripts/_adapter_load.ts <platform>`.
 *
 * @module
 */

import { adapterFor } from "../adapters/registry.ts";

if (import.meta.main) {
  const name = Deno.args[0] ?? "";
  const started = performance.now();
  const adapter = await adapterFor(name);
  const elapsed = performance.now() - started;
  if (!adapter) throw new Error(`Cannot load the adapter "${name}": unknown`);
  console.log(elapsed.toFixed(3));
}
