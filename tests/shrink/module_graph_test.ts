import assert from "node:assert/strict";

/** The modules `root` loads at run time (type-only imports left out). */
async function runtimeGraph(root: URL): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", root.href],
    stdout: "piped",
  }).output();
  const graph = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    modules: Array<{
      specifier: string;
      dependencies?: Array<{ code?: { specifier?: string } }>;
    }>;
  };
  const byName = new Map(graph.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const stack = [root.href];
  while (stack.length > 0) {
    const specifier = stack.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dependency of byName.get(specifier)?.dependencies ?? []) {
      if (dependency.code?.specifier) stack.push(dependency.code.specifier);
    }
  }
  return [...seen];
}

Deno.test("src/shrink loads only pure modules of its own room, the store and config: no npm package, no node: module, no database", async () => {
  const root = new URL("../../src/shrink/mod.ts", import.meta.url);
  const base = new URL("../../", import.meta.url).href;
  const modules = (await runtimeGraph(root)).map((specifier) =>
    specifier.startsWith(base) ? specifier.slice(base.length) : specifier
  );
  assert.ok(modules.includes("src/shrink/shrink_tool_result.ts"));
  const outside = modules.filter((path) =>
    !/^src\/(?:shrink|store|config)\//.test(path)
  );
  assert.deepEqual(outside, []);
  const heavy = modules.filter((path) =>
    /knowledge_base|database|sqlite|node:|npm:/.test(path)
  );
  assert.deepEqual(heavy, []);
});
