import assert from "node:assert/strict";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LAZY_MODULES } from "../../main.ts";
import { HOOK_EVENT_MODULES } from "../../src/cli/hook.ts";
import { ADAPTER_MODULES } from "../../adapters/registry.ts";
import { HTML_WORKER_MODULE } from "../../src/fetch/convert_html.ts";
import { compileArgs, TARGETS } from "../../scripts/compile.ts";

const ROOT = new URL("../../", import.meta.url);
const MAIN_PATH = fileURLToPath(new URL("main.ts", ROOT));

/** The files passed with `--include`. */
function included(args: string[]): string[] {
  return args.flatMap((arg, i) => args[i - 1] === "--include" ? [arg] : []);
}

Deno.test("the binary embeds every module loaded by a computed specifier or as a Worker", async () => {
  const expected = [
    ...LAZY_MODULES.map((m) => new URL(m, ROOT)),
    ...Object.values(HOOK_EVENT_MODULES).map((m) =>
      new URL(m, new URL("src/cli/hook.ts", ROOT))
    ),
    new URL(HTML_WORKER_MODULE, new URL("src/fetch/convert_html.ts", ROOT)),
    ...Object.values(ADAPTER_MODULES).map((m) =>
      new URL(m, new URL("adapters/registry.ts", ROOT))
    ),
  ].map((url) => fileURLToPath(url));
  for (const target of TARGETS) {
    const args = compileArgs(target, MAIN_PATH);
    assert.deepEqual(included(args).sort(), [...expected].sort(), target);
    assert.equal(args.at(-1), MAIN_PATH);
  }
  for (const path of expected) {
    await Deno.stat(path);
    const module = await import(pathToFileURL(path).href);
    assert.ok(Object.keys(module).length > 0, `${path} exports something`);
  }
});

Deno.test("computed import specifiers live only where compile.ts knows them", async () => {
  // Any other `import(new URL(…))` would load a module the binary never embedded.
  const places: string[] = [];
  for (const folder of ["src", "hooks", "adapters"]) {
    for await (const path of walkTs(new URL(`${folder}/`, ROOT))) {
      const text = await Deno.readTextFile(path);
      if (/import\(\s*new URL\(/.test(text)) places.push(path);
    }
  }
  assert.deepEqual(places.sort(), [
    fileURLToPath(new URL("adapters/registry.ts", ROOT)),
    fileURLToPath(new URL("src/cli/hook.ts", ROOT)),
  ]);
});

Deno.test("Workers start from our own modules only where compile.ts knows them", async () => {
  // A Worker from a module URL is not followed by `deno compile` either.
  const places: string[] = [];
  for (const folder of ["src", "hooks", "adapters"]) {
    for await (const path of walkTs(new URL(`${folder}/`, ROOT))) {
      const text = await Deno.readTextFile(path);
      if (/new Worker\(\s*new URL\(\s*(?!data\.entry)/.test(text)) {
        places.push(path);
      }
    }
  }
  assert.deepEqual(places, [
    fileURLToPath(new URL("src/fetch/convert_html.ts", ROOT)),
  ]);
});

async function* walkTs(dir: URL): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.isDirectory ? `${entry.name}/` : entry.name, dir);
    if (entry.isDirectory) yield* walkTs(url);
    else if (entry.name.endsWith(".ts")) yield fileURLToPath(url);
  }
}
