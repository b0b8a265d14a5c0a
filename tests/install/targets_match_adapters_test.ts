// Fixture set-up and snapshots read small files in order; sync calls keep the steps plain.
// deno-lint-ignore-file no-sync-fn-in-async-fn
import assert from "node:assert/strict";
import { join } from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { agentFor } from "../../adapters/registry.ts";
import {
  applyPlan,
  type LaunchCommand,
  planTarget,
} from "../../src/install/mod.ts";
import { INSTALL_TARGETS } from "../../adapters/install_targets.ts";
import { INSTALL_NAMES } from "../../adapters/install_names.ts";
import { withoutFailOpen } from "../../src/install/fail_open.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { snapshot } from "./_fixture.ts";

const LAUNCH: LaunchCommand = { kind: "binary", command: "ctx-mode", args: [] };

Deno.test("the names install checks without loading a set-up are the install targets, in their order", () => {
  assert.deepEqual(INSTALL_NAMES, INSTALL_TARGETS.map((target) => target.name));
});

/**
 * Every hook handler that runs ctx-mode for `agent` in a config value: its
 * event, the matcher that applies (its own or its group's) and its other
 * fields, as sortable text.
 */
function handlers(value: unknown, agent: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`^ctx-mode hook ${agent} (\\S+)$`);
  const walk = (node: unknown, matcher: unknown) => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, matcher));
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const own = record.matcher ?? matcher;
    const line = [record.command, record.bash].find((c) =>
      typeof c === "string" && pattern.test(withoutFailOpen(c))
    ) as string | undefined;
    if (line) {
      // The event, and the fail-open guard around the command, if any.
      const core = withoutFailOpen(line);
      const [, event] = core.match(pattern) ?? [];
      const guard = line.replace(core, "<command>");
      const rest = Object.entries(record).filter(([key]) =>
        !["command", "bash", "powershell", "matcher"].includes(key)
      ).sort(([a], [b]) => a.localeCompare(b));
      found.push(JSON.stringify([event, guard, own ?? null, rest]));
      return;
    }
    for (const item of Object.values(record)) walk(item, own);
  };
  walk(value, undefined);
  return found.sort();
}

/** A written config file as data, by its extension. */
function parseConfig(path: string, text: string): unknown {
  if (path.endsWith(".toml")) return parseToml(text);
  if (path.endsWith(".yaml")) return parseYaml(text);
  return parseJsonc(text, [], { allowTrailingComma: true });
}

// Targets whose hooks are commands (plugin agents run no hook command).
const withHooks = INSTALL_TARGETS.filter((t) =>
  t.hooksReady && t.hooks.length > 0
);

for (const target of withHooks) {
  Deno.test(`install writes ${target.name}'s hooks as its adapter's generated config has them`, async () => {
    const adapter = await agentFor(target.name);
    assert.ok(adapter?.configFiles, `${target.name} has an adapter`);
    const expected = adapter.configFiles("ctx-mode").flatMap((file) =>
      file.holds.includes("hooks") ? handlers(file.data, target.name) : []
    ).sort();
    assert.ok(expected.length > 0);

    await using dir = await tempDir();
    const where = {
      home: join(dir.path, "home"),
      projectDir: join(dir.path, "project"),
      env: {},
    };
    Deno.mkdirSync(where.home);
    Deno.mkdirSync(where.projectDir);
    applyPlan(
      planTarget(target, {
        agents: INSTALL_TARGETS,
        scope: target.defaultScope,
        mode: "install",
        where,
        launch: LAUNCH,
      }),
      where,
    );
    const written = [...snapshot(dir.path).keys()]
      .filter((key) => /\.(json|toml|yaml)$/.test(key))
      .flatMap((key) =>
        handlers(
          parseConfig(key, Deno.readTextFileSync(join(dir.path, key))),
          target.name,
        )
      ).sort();
    assert.deepEqual(written, expected);
  });
}
