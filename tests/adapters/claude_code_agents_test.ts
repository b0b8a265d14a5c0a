import assert from "node:assert/strict";
import { join } from "node:path";
import { subagentCanCallServer } from "../../adapters/claude_code/subagents.ts";
import { listNames, readTextOrUndefined } from "../../src/config/quiet_fs.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

async function define(root: string, file: string, text: string) {
  await Deno.mkdir(join(root, ".claude", "agents"), { recursive: true });
  await Deno.writeTextFile(join(root, ".claude", "agents", file), text);
}

Deno.test("subagentCanCallServer() reads the tools of the subagent's definition", async (t) => {
  await using home = await tempDir();
  await using project = await tempDir();
  const where = {
    home: home.path,
    env: {},
    projectDir: project.path,
    readText: readTextOrUndefined,
    listNames,
  };
  await define(
    project.path,
    "reviewer.md",
    "---\nname: reviewer\ndescription: Reviews\ntools: Read, Grep, Glob\n---\nReview code.\n",
  );
  await define(
    project.path,
    "researcher.md",
    "---\nname: researcher\ntools: Read, mcp__ctx-mode__ctx_search, mcp__ctx-mode__ctx_execute\n---\n",
  );
  await define(
    project.path,
    "listed.md",
    '---\nname: listed\ntools:\n  - Read\n  - "mcp__ctx-mode"\n---\n',
  );
  await define(
    project.path,
    "bracketed.md",
    "---\nname: bracketed\ntools: [Read, 'mcp__ctx_mode__*']\n---\n",
  );
  await define(project.path, "none.md", "---\nname: none\ntools: []\n---\n");
  await define(
    project.path,
    "inherits.md",
    "---\nname: inherits\ndescription: Everything\n---\n",
  );
  await define(
    project.path,
    "denied.md",
    "---\nname: denied\ndisallowedTools: Write, mcp__ctx-mode\n---\n",
  );
  await define(
    project.path,
    "file-name-differs.md",
    "---\nname: auditor\ntools: Bash\n---\n",
  );
  await define(
    project.path,
    "other-server.md",
    "---\nname: other-server\ntools: mcp__ctx-modest__x, mcp__github__*\n---\n",
  );
  await define(
    home.path,
    "personal.md",
    "---\nname: personal\ntools: Read\n---\n",
  );
  await define(
    home.path,
    "reviewer.md",
    "---\nname: reviewer\n---\nThe user's own reviewer inherits all tools.\n",
  );
  const cases: Array<[string | undefined, boolean]> = [
    [undefined, true],
    ["reviewer", false], // the project's definition wins over the user's
    ["researcher", true],
    ["listed", true],
    ["bracketed", true],
    ["none", false],
    ["inherits", true],
    ["denied", false],
    ["auditor", false], // found by its name, not its file name
    ["other-server", false],
    ["personal", false], // the user's definitions count too
    ["general-purpose", true],
    ["Explore", true],
    ["statusline-setup", false],
    ["never-defined", true],
  ];
  for (const [agentType, expected] of cases) {
    await t.step(String(agentType), () => {
      assert.equal(subagentCanCallServer(agentType, where), expected);
    });
  }
});

Deno.test("subagentCanCallServer() treats a definition without front matter as inheriting", async () => {
  await using project = await tempDir();
  await define(project.path, "plain.md", "Just a prompt, tools: Read\n");
  assert.equal(
    subagentCanCallServer("plain", {
      home: "/nonexistent",
      env: {},
      projectDir: project.path,
      readText: readTextOrUndefined,
      listNames,
    }),
    true,
  );
});

Deno.test("subagentCanCallServer() finds the user's agents under CLAUDE_CONFIG_DIR", async () => {
  await using home = await tempDir();
  await using config = await tempDir();
  await using project = await tempDir();
  await Deno.mkdir(join(config.path, "agents"), { recursive: true });
  await Deno.writeTextFile(
    join(config.path, "agents", "relocated.md"),
    "---\nname: relocated\ntools: Read\n---\n",
  );
  const where = (env: Record<string, string>) => ({
    home: home.path,
    env,
    projectDir: project.path,
    readText: readTextOrUndefined,
    listNames,
  });
  assert.equal(
    subagentCanCallServer(
      "relocated",
      where({ CLAUDE_CONFIG_DIR: config.path }),
    ),
    false,
  );
  assert.equal(subagentCanCallServer("relocated", where({})), true);
});
