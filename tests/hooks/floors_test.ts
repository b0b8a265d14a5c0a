/**
 * The hook path's floors, from the top: the entry points (`src/cli/hook.ts`,
 * the channels in `src/hook_channel/`), the engine (`hooks/engine/`), the
 * neutral handlers (`hooks/*.ts`). Each imports only what lies below it.
 *
 * @module
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = new URL("../../", import.meta.url);
const HANDLERS = new URL("hooks/", ROOT);
const ENGINE = new URL("hooks/engine/", ROOT);
const CHANNELS = new URL("src/hook_channel/", ROOT);
const CLI = new URL("src/cli/", ROOT);

/** Static imports, re-exports and literal dynamic imports, type-only ones included. */
const SPECIFIER = /(?:\bfrom\s+|^\s*import\s+|\bimport\(\s*)["']([^"']+)["']/gm;

/** The `.ts` modules of a folder, without its subfolders. */
async function modulesIn(folder: URL): Promise<URL[]> {
  const found: URL[] = [];
  for await (const entry of Deno.readDir(folder)) {
    if (entry.isFile && entry.name.endsWith(".ts")) {
      found.push(new URL(entry.name, folder));
    }
  }
  return found.sort((a, b) => a.href.localeCompare(b.href));
}

/** The local modules a module names in its imports. */
async function importsOf(module: URL): Promise<URL[]> {
  const text = await Deno.readTextFile(module);
  return [...text.matchAll(SPECIFIER)]
    .map((match) => match[1] as string)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => new URL(specifier, module));
}

/** `path (imports target)` for each import of `folder`'s modules that lands under one of `above`. */
async function upwardImports(
  folder: URL,
  above: readonly URL[],
): Promise<string[]> {
  const found: string[] = [];
  for (const module of await modulesIn(folder)) {
    for (const target of await importsOf(module)) {
      if (above.some((floor) => target.href.startsWith(floor.href))) {
        found.push(
          `${fileURLToPath(module)} imports ${fileURLToPath(target)}`,
        );
      }
    }
  }
  return found;
}

Deno.test("the neutral handlers import neither the engine nor anything that calls it", async () => {
  assert.deepEqual(
    await upwardImports(HANDLERS, [ENGINE, CHANNELS, CLI]),
    [],
  );
});

Deno.test("the hook engine imports neither the channels nor the command line", async () => {
  assert.deepEqual(await upwardImports(ENGINE, [CHANNELS, CLI]), []);
});

Deno.test("the hook channels call the engine, never the command line", async () => {
  assert.deepEqual(await upwardImports(CHANNELS, [CLI]), []);
  // Otherwise the checks above would pass for a walk that reads no imports.
  const answer = await importsOf(new URL("answer.ts", CHANNELS));
  assert.ok(
    answer.some((target) =>
      target.href === new URL("run_hook.ts", ENGINE).href
    ),
    "answer.ts imports the engine",
  );
  const engine = (await Promise.all(
    (await modulesIn(ENGINE)).map(importsOf),
  )).flat();
  assert.ok(
    engine.some((target) =>
      target.href === new URL("pre_tool_use.ts", HANDLERS).href
    ),
    "the engine imports the pre-tool handler",
  );
});

Deno.test("no engine module shares its name with a handler", async () => {
  const names = (folder: URL) =>
    modulesIn(folder).then((modules) =>
      modules.map((module) => module.pathname.split("/").at(-1))
    );
  const handlers = new Set(await names(HANDLERS));
  const shared = (await names(ENGINE)).filter((name) => handlers.has(name));
  assert.ok(handlers.has("pre_tool_use.ts"), "the handlers are found");
  assert.deepEqual(shared, []);
});
