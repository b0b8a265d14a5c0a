// deno-lint-ignore-file no-console -- a script: it reports what it wrote
/**
 * `deno task configs`: writes `configs/<platform>/` from what each adapter
 * generates, so the examples in the repository never drift from what
 * ctx-mode installs, and the agent pages (README's capability matrix,
 * `docs/agents.md`) from the same data (tests check they match).
 *
 * @module
 */

import { adapterFor, PLATFORM_NAMES } from "../adapters/registry.ts";
import { renderConfigFile } from "../adapters/_render.ts";
import { agentPages } from "./agent_docs.ts";

/** The files of one platform's config folder, by name. */
export async function configFiles(
  platform: string,
): Promise<Record<string, string>> {
  const adapter = await adapterFor(platform);
  if (!adapter) {
    throw new Error(`Cannot write configs for "${platform}": unknown platform`);
  }
  const instructions = adapter.instructions();
  const files: Record<string, string> = adapter.configFiles
    ? Object.fromEntries(
      adapter.configFiles("ctx-mode").map((
        file,
      ) => [file.name, renderConfigFile(file)]),
    )
    : {
      "settings.json": `${
        JSON.stringify(adapter.config("ctx-mode"), null, 2)
      }\n`,
    };
  files[instructions.file.split("/").at(-1) as string] = instructions.text;
  return files;
}

if (import.meta.main) {
  for (const platform of PLATFORM_NAMES) {
    const folder = new URL(`../configs/${platform}/`, import.meta.url);
    await Deno.mkdir(folder, { recursive: true });
    for (const [name, text] of Object.entries(await configFiles(platform))) {
      await Deno.writeTextFile(new URL(name, folder), text);
      console.log(`configs/${platform}/${name}`);
    }
  }
  const readme = new URL("../README.md", import.meta.url);
  const pages = await agentPages(await Deno.readTextFile(readme));
  await Deno.writeTextFile(readme, pages.readme);
  await Deno.writeTextFile(
    new URL("../docs/agents.md", import.meta.url),
    pages.agents,
  );
  console.log("README.md (agent matrix)\ndocs/agents.md");
}
