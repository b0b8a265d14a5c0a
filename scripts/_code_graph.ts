/**
 * The modules `deno run` evaluates when it loads a module, read from
 * `deno info --json`: code imports followed, type-only imports left out.
 * Shared by `_adapter_load.ts` and the hook-path graph test.
 *
 * @module
 */

import { fileURLToPath } from "node:url";

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier: string } }[];
}

/**
 * The module URLs `root` loads, itself included.
 *
 * @param root A local module.
 * @returns Their URLs.
 * @throws {Error} One line when `deno info` fails.
 */
export async function codeGraph(root: URL): Promise<Set<string>> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", fileURLToPath(root)],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) {
    throw new Error(
      `Cannot read the module graph of "${root.href}": ${
        new TextDecoder().decode(output.stderr).trim()
      }`,
    );
  }
  const info = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    modules: InfoModule[];
  };
  const byUrl = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const queue = [root.href];
  while (queue.length > 0) {
    const url = queue.pop() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    for (const dependency of byUrl.get(url)?.dependencies ?? []) {
      if (dependency.code) {
        queue.push(new URL(dependency.code.specifier, url).href);
      }
    }
  }
  return seen;
}
