/**
 * The module graph `deno info --json` reads: the modules `deno run`
 * evaluates when it loads a module (code imports followed, type-only imports
 * left out), shared by `_adapter_load.ts` and the hook-path graph test; and
 * every import of a set of modules, type-only ones included, for the
 * architecture test.
 *
 * Imports whose specifier is computed (`import(new URL(name, import.meta.url))`)
 * are not in the graph: `deno info` sees only literal specifiers.
 *
 * @module
 */

import { fileURLToPath, pathToFileURL } from "node:url";

interface InfoModule {
  specifier: string;
  dependencies?: {
    code?: { specifier: string };
    type?: { specifier: string };
  }[];
}

/** One import of a module: what it names, and whether only its types are used. */
export interface ModuleImport {
  /** The imported module's URL. */
  to: string;
  /** `code` when it is evaluated, `type` when only its types are imported. */
  kind: "code" | "type";
}

async function moduleInfo(
  file: string,
  args: readonly string[] = [],
): Promise<Map<string, InfoModule>> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", ...args, file],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) {
    throw new Error(
      `Cannot read the module graph of "${pathToFileURL(file).href}": ${
        new TextDecoder().decode(output.stderr).trim()
      }`,
    );
  }
  const info = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    modules: InfoModule[];
  };
  return new Map(info.modules.map((m) => [m.specifier, m]));
}

/**
 * The module URLs `root` loads, itself included.
 *
 * @param root A local module.
 * @returns Their URLs.
 * @throws {Error} One line when `deno info` fails.
 */
export async function codeGraph(root: URL): Promise<Set<string>> {
  const byUrl = await moduleInfo(fileURLToPath(root));
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

/**
 * Every import of the local modules `roots` reach, type-only imports
 * included, in one `deno info` run over a module that imports them all.
 *
 * @param roots Local modules.
 * @param config The `deno.json` that maps their bare specifiers.
 * @returns Each module's URL with its imports; a module imported for both its
 * code and, by `@ts-types`, another module's types lists both.
 * @throws {Error} One line when `deno info` fails.
 */
export async function importGraph(
  roots: readonly URL[],
  config: URL,
): Promise<Map<string, ModuleImport[]>> {
  const entry = await Deno.makeTempFile({ suffix: ".ts" });
  try {
    await Deno.writeTextFile(
      entry,
      roots.map((root) => `import ${JSON.stringify(root.href)};\n`).join(""),
    );
    // Local modules only: npm and remote ones are left unresolved, so the
    // graph needs no cache and no network.
    const byUrl = await moduleInfo(entry, [
      "--no-npm",
      "--no-remote",
      "--config",
      fileURLToPath(config),
    ]);
    byUrl.delete(pathToFileURL(entry).href);
    const graph = new Map<string, ModuleImport[]>();
    for (const [url, module] of byUrl) {
      const imports: ModuleImport[] = [];
      for (const dependency of module.dependencies ?? []) {
        if (dependency.code) {
          imports.push({
            to: new URL(dependency.code.specifier, url).href,
            kind: "code",
          });
        }
        const type = dependency.type?.specifier;
        if (type !== undefined && type !== dependency.code?.specifier) {
          imports.push({ to: new URL(type, url).href, kind: "type" });
        }
      }
      graph.set(url, imports);
    }
    return graph;
  } finally {
    await Deno.remove(entry).catch(() => {});
  }
}
