import assert from "node:assert/strict";
import {
  ADAPTER_MODULES,
  agentFor,
  PLATFORM_NAMES,
} from "../../adapters/registry.ts";
import { INSTALL_TARGETS } from "../../adapters/install_targets.ts";

const ADAPTERS = new URL("../../adapters/", import.meta.url);

Deno.test("every agent folder in adapters/ holds an adapter and a set-up, and the registry names it", async () => {
  const registered = new Set(
    Object.values(ADAPTER_MODULES).map((module) => module.split("/")[1]),
  );
  const folders: string[] = [];
  for await (const entry of Deno.readDir(ADAPTERS)) {
    if (!entry.isDirectory || entry.name.startsWith("_")) continue;
    folders.push(entry.name);
    for (const file of ["adapter.ts", "setup.ts"]) {
      const info = await Deno.stat(new URL(`${entry.name}/${file}`, ADAPTERS));
      assert.ok(info.isFile, `adapters/${entry.name}/${file}`);
    }
  }
  assert.deepEqual(folders.sort(), [...registered].sort());
  assert.ok(folders.length >= 18, folders.join(", "));
});

Deno.test("install offers every registered agent once, from the set-up in its folder", async () => {
  assert.deepEqual(
    INSTALL_TARGETS.map((target) => target.name).sort(),
    [...PLATFORM_NAMES].sort(),
  );
  for (const name of PLATFORM_NAMES) {
    const agent = await agentFor(name);
    assert.equal(
      INSTALL_TARGETS.find((target) => target.name === name),
      agent?.install,
      name,
    );
  }
  assert.equal(INSTALL_TARGETS[0]?.name, "claude-code");
});
