// deno-lint-ignore-file no-console -- a script: it reports what it wrote
/**
 * `deno task configs`: writes `configs/<platform>/` from what each adapter
 * generates, so the examples in the repository never drift from what
 * ctx-mode installs (a test checks they match).
 *
 * @module
 */

import { adapterFor, PLATFORM_NAMES } from "../adapters/registry.ts";

/** The files of one platform's config folder, by name. */
export async function configFiles(
  platform: string,
): Promise<Record<string, string>> {
  const adapter = await adapterFor(platform);
  if (!adapter) {
    throw new Error(`Cannot write configs for "${platform}": unknown platform`);
  }
  const instructions = adapter.instructions();
  const settings = adapter.paradigm === "json-stdio"
    ? "settings.json"
    : `${platform}.json`;
  const config = JSON.stringify(adapter.config("ctx-mode"), null, 2);
  return {
    // An agent without MCP (Pi) has no config to write.
    ...(config === "{}" ? {} : { [settings]: `${config}\n` }),
    [instructions.file]: instructions.text,
    ...(await adapter.pluginFiles?.(["ctx-mode"])),
  };
}

if (import.meta.main) {
  for (const platform of PLATFORM_NAMES) {
    const folder = new URL(`../configs/${platform}/`, import.meta.url);
    await Deno.mkdir(folder, { recursive: true });
    for (const [name, text] of Object.entries(await configFiles(platform))) {
      const file = new URL(name, folder);
      await Deno.mkdir(new URL(".", file), { recursive: true });
      await Deno.writeTextFile(file, text);
      console.log(`configs/${platform}/${name}`);
    }
  }
}
