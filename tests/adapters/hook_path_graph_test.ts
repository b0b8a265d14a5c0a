import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { ADAPTER_MODULES, SETUP_MODULES } from "../../adapters/registry.ts";

const REGISTRY = new URL("../../adapters/registry.ts", import.meta.url);

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier: string } }[];
}

/** The modules `deno run` evaluates when it loads `root`: code imports only, types left out. */
async function codeGraph(root: URL): Promise<Set<string>> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", fileURLToPath(root)],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
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

Deno.test("no adapter loads the doctor's modules, deno.json or the launch command on the hook path", async (t) => {
  const doctorOnly = [
    ...SETUP_MODULES.map((module) => new URL(module, REGISTRY).href),
    new URL("../../deno.json", import.meta.url).href,
    new URL("../../src/install/launch_command.ts", import.meta.url).href,
  ];
  for (const module of new Set(Object.values(ADAPTER_MODULES))) {
    await t.step(module, async () => {
      const graph = await codeGraph(new URL(module, REGISTRY));
      assert.ok(graph.size > 1, `${module} imports something`);
      for (const url of doctorOnly) {
        assert.ok(!graph.has(url), `${module} loads ${url}`);
      }
    });
  }
});

Deno.test("the doctor's modules are the ones that read deno.json and the launch command", async () => {
  // Otherwise the test above would pass for a module the hook path never had.
  const graph = await codeGraph(new URL(SETUP_MODULES[0] as string, REGISTRY));
  assert.ok(graph.has(new URL("../../deno.json", import.meta.url).href));
  assert.ok(
    graph.has(
      new URL("../../src/install/launch_command.ts", import.meta.url).href,
    ),
  );
});
