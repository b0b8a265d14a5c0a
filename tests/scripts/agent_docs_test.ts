import assert from "node:assert/strict";
import { PLATFORM_NAMES } from "../../adapters/registry.ts";
import { configFiles } from "../../scripts/write_configs.ts";
import {
  agentPages,
  MATRIX_END,
  MATRIX_START,
} from "../../scripts/agent_docs.ts";

const ROOT = new URL("../../", import.meta.url);

Deno.test("configs/<agent>/ holds exactly what each adapter generates, and nothing else", async () => {
  for (const platform of PLATFORM_NAMES) {
    const folder = new URL(`configs/${platform}/`, ROOT);
    const expected = await configFiles(platform);
    const stored = (await filesBelow(folder)).sort();
    assert.deepEqual(
      stored,
      Object.keys(expected).sort(),
      `configs/${platform}/ is out of date: run deno task configs`,
    );
    for (const [name, text] of Object.entries(expected)) {
      assert.equal(
        await Deno.readTextFile(new URL(name, folder)),
        text,
        `configs/${platform}/${name} is out of date: run deno task configs`,
      );
    }
  }
});

/** Every file below a folder, by path relative to it (plugins nest theirs). */
async function filesBelow(folder: URL, prefix = ""): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(folder)) {
    if (entry.isDirectory) {
      names.push(
        ...await filesBelow(
          new URL(`${entry.name}/`, folder),
          `${prefix}${entry.name}/`,
        ),
      );
    } else names.push(`${prefix}${entry.name}`);
  }
  return names;
}

Deno.test("README's capability matrix and docs/agents.md match the adapters' declared capabilities", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", ROOT));
  const pages = await agentPages(readme);
  assert.equal(readme, pages.readme, "README.md: run deno task configs");
  assert.equal(
    await Deno.readTextFile(new URL("docs/agents.md", ROOT)),
    pages.agents,
    "docs/agents.md: run deno task configs",
  );
  const matrix = readme.slice(
    readme.indexOf(MATRIX_START),
    readme.indexOf(MATRIX_END),
  );
  // One row per agent, and the rows say what the adapters can do.
  for (const platform of PLATFORM_NAMES) {
    assert.match(matrix, new RegExp(`docs/agents\\.md#${platform}\\)`));
  }
  assert.match(
    matrix,
    /\[Antigravity CLI\][^\n]*\| yes +\| — +\| — +\| — +\| — +\| yes/,
  );
  assert.match(matrix, /\[Kiro CLI\][^\n]*→ deny +\| → deny/);
});

Deno.test("docs/agents.md gives every agent its fixtures' confidence and whether the suite runs it", async () => {
  const page = await Deno.readTextFile(new URL("docs/agents.md", ROOT));
  const table = page.slice(
    page.indexOf("## Every agent: its fixtures and whether it runs here"),
  );
  for (const platform of PLATFORM_NAMES) {
    assert.match(
      table,
      new RegExp(
        `^\\| \\[[^\\]]+\\]\\(#${platform}\\) +\\| (?:[HML](?:–[HML])? \\(\\d+ fixtures?[^|]*\\)|no hook fixtures; its adapter: [^|]+?) +\\| (?:yes \\(|no: )`,
        "m",
      ),
      platform,
    );
  }
  // Read from the fixtures: Gemini CLI's include ones captured from real runs.
  assert.match(
    table,
    /\(#gemini-cli\) +\| H \(\d+ fixtures, \d+ from a real run\)/,
  );
});
