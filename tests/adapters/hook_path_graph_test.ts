import assert from "node:assert/strict";
import {
  ADAPTER_MODULES,
  agentFor,
  PLATFORM_NAMES,
  SETUP_MODULES,
} from "../../adapters/registry.ts";
import { codeGraph } from "../../scripts/_code_graph.ts";

const REGISTRY = new URL("../../adapters/registry.ts", import.meta.url);
const HOOK_COMMAND = new URL("../../src/cli/hook.ts", import.meta.url);
/**
 * Set-up modules: an agent's, beside its adapter, and the kit's set-up
 * builders; all off the hook path.
 */
const SET_UP =
  /\/adapters\/(?:[a-z_]+\/(?:setup|doctor|plugin)|_kit\/(?:command_setup|plugin_setup|mcp_only_setup|settings_target|hook_config|install|render|doctor))\.ts$/;
/**
 * The most modules an adapter may add to what the hook command has already
 * loaded: its own module and one kit. Each costs the hook a few tenths of a
 * millisecond (`deno run -A scripts/_adapter_load.ts` prints the figures).
 */
const MAX_ADDED_MODULES = 2;
/**
 * Claude Code's adapter also reads the subagent definitions in
 * `.claude/agents/`, with the path helpers (`src/config/path_lite.ts`), and
 * puts a shrunk view into each tool's own result shape (`replacement.ts`),
 * and finds where Claude Code kept a command's whole output
 * (`kept_output.ts`); Gemini CLI's reads a tool result out of the envelope Gemini wraps it in
 * (`tool_response.ts`).
 */
const EXTRA_MODULES: Readonly<Record<string, number>> = {
  "./claude_code/adapter.ts": 3,
  "./gemini_cli/adapter.ts": 1,
};

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

Deno.test("no adapter's hook path reads set-up: files, instructions, plugin templates", async (t) => {
  const setupOnly = [
    new URL("../../src/routing/routing_block.ts", import.meta.url).href,
    new URL("../../adapters/_kit/render.ts", import.meta.url).href,
    new URL("../../adapters/_kit/doctor.ts", import.meta.url).href,
    new URL("../../adapters/claude_code/plugin.ts", import.meta.url).href,
  ];
  const loaded = await codeGraph(HOOK_COMMAND);
  for (const module of new Set(Object.values(ADAPTER_MODULES))) {
    await t.step(module, async () => {
      const graph = await codeGraph(new URL(module, REGISTRY));
      for (const url of graph) {
        assert.ok(!SET_UP.test(url), `${module} loads ${url}`);
      }
      for (const url of setupOnly) {
        assert.ok(!graph.has(url), `${module} loads ${url}`);
      }
      const added = [...graph].filter((url) => !loaded.has(url));
      assert.ok(
        added.length <= MAX_ADDED_MODULES + (EXTRA_MODULES[module] ?? 0),
        `${module} adds ${added.length} modules to the hook path: ${
          added.join(", ")
        }`,
      );
    });
  }
});

Deno.test("every platform's set-up loads, and brings what the hook path leaves out", async () => {
  // Otherwise the tests above would pass for set-up that was dropped, not moved.
  for (const name of PLATFORM_NAMES) {
    const agent = await agentFor(name);
    assert.equal(agent?.name, name);
    assert.equal(typeof agent?.instructions, "function", name);
    assert.match(agent!.instructions().text, /ctx_|ctx-mode/, name);
    assert.equal(typeof agent?.doctor, "function", name);
    assert.equal(typeof agent?.parse, "function", name);
  }
  const cursor = await codeGraph(
    new URL("../../adapters/cursor/setup.ts", import.meta.url),
  );
  assert.ok(
    cursor.has(
      new URL("../../src/routing/routing_block.ts", import.meta.url).href,
    ),
  );
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
