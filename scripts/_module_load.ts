// deno-lint-ignore-file no-console -- a script: it prints one number
/**
 * Prints how long loading one module takes, in milliseconds, measured as
 * `_adapter_load.ts` measures an adapter: a first computed import already
 * paid, then the module by computed specifier. Modules named after it are
 * loaded first, so their cost is left out (what a module costs once the
 * hook path has already read its imports):
 * `deno run -A scripts/_module_load.ts <module> [<preloaded module>…]`,
 * paths relative to the repository.
 *
 * @module
 */

async function load(path: string): Promise<void> {
  const url = new URL(`../${path}`, import.meta.url).href;
  if (path.endsWith(".json")) await import(url, { with: { type: "json" } });
  else await import(url);
}

if (import.meta.main) {
  const [target = "", ...preloaded] = Deno.args;
  // The runtime's first computed import pays a set-up cost of its own.
  await import(new URL("../adapters/types.ts", import.meta.url).href);
  for (const path of preloaded) await load(path);
  const started = performance.now();
  await load(target);
  console.log((performance.now() - started).toFixed(3));
}
