/**
 * Red team, git: a run plants configuration or hooks where git reads them
 * but the sandbox does not protect them (commondir, a `.git` file, modules,
 * worktrees, an included file, a nested repository, a renamed `.git`). Then
 * the user's own plain `git status` and `git commit` run, unconfined; the
 * planted command must never run.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { assertRan, redteam } from "./_redteam_harness.ts";
import type { Arena } from "./_redteam_harness.ts";

const INIT =
  "git init -q . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m init";
// The planted command marks the user's home: a run's own git cannot write there, only the user's can.
const FSMONITOR = "printf '[core]\\n\\tfsmonitor = touch \"$HOME/PWNED\"\\n'";
const HOOK =
  'printf \'#!/bin/sh\\ntouch "$HOME/PWNED"\\n\' > "$1"; chmod +x "$1"';
/** The user's own work afterwards, in every folder the attack aimed at. */
function gitWork(...dirs: string[]): string {
  return [".", ...dirs].map((dir) =>
    `(cd ${dir} && git status >/dev/null 2>&1; git -c user.name=a -c user.email=a@b commit -q --allow-empty -m work >/dev/null 2>&1); true`
  ).join("; ");
}

async function planted(arena: Arena): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.name === "PWNED") found.push(path);
      else if (entry.isDirectory && !entry.isSymlink) await walk(path);
    }
  };
  // A mark in the project may come from the run's own git, confined: what the run could do anyway.
  await walk(arena.outside);
  return found;
}

async function assertNothingRan(
  arena: Arena,
  output: { results: unknown[]; after: string },
): Promise<void> {
  assert.deepEqual(await planted(arena), [], JSON.stringify(output));
}

redteam(
  "git does not take config or hooks from a common dir named in .git/commondir",
  async (arena) => {
    const output = await arena.attack({
      setup: INIT,
      runs: [{
        language: "shell",
        code: `echo ran; cp -a .git evc; ${FSMONITOR} >> evc/config
set -- evc/hooks/pre-commit; ${HOOK}
echo ../evc > .git/commondir; git status >/dev/null 2>&1; true`,
      }],
      after: gitWork(),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);

redteam(
  "git does not follow a .git file that replaced the .git folder",
  async (arena) => {
    const output = await arena.attack({
      setup: INIT,
      runs: [{
        language: "shell",
        code: `echo ran; cp -a .git evd; ${FSMONITOR} >> evd/config
set -- evd/hooks/pre-commit; ${HOOK}
mv .git .git-away 2>/dev/null || rm -rf .git 2>/dev/null
printf 'gitdir: evd\\n' > .git; true`,
      }],
      after: gitWork(),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);

redteam(
  "a submodule's config and hooks in .git/modules stay as they were",
  async (arena) => {
    const output = await arena.attack({
      setup:
        `${INIT} && mkdir subsrc && git -C subsrc init -q && git -C subsrc -c user.name=a -c user.email=a@b commit -q --allow-empty -m s && git -c protocol.file.allow=always submodule add -q ./subsrc sub && git -c user.name=a -c user.email=a@b commit -qm sub`,
      runs: [{
        language: "shell",
        code: `echo ran; ${FSMONITOR} >> .git/modules/sub/config
set -- .git/modules/sub/hooks/pre-commit; ${HOOK}; true`,
      }],
      after: gitWork("sub"),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);

redteam(
  "a linked worktree elsewhere does not take a common dir a run named in .git/worktrees",
  async (arena) => {
    const worktree = join(arena.outside, "wt");
    const output = await arena.attack({
      setup: `${INIT} && git worktree add -q ${worktree}`,
      runs: [{
        language: "shell",
        code: `echo ran; cp -a .git evw; ${FSMONITOR} >> evw/config
set -- evw/hooks/pre-commit; ${HOOK}
echo ${arena.project}/evw > .git/worktrees/wt/commondir; true`,
      }],
      after: gitWork(worktree),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);

redteam(
  "a file that .git/config includes from the working tree cannot carry commands",
  async (arena) => {
    const output = await arena.attack({
      // Teams share settings this way: `git config include.path ../.gitconfig`.
      setup:
        `${INIT} && git config include.path ../team.gitconfig && printf '[pull]\\n\\trebase = true\\n' > team.gitconfig`,
      runs: [{
        language: "shell",
        code: `echo ran; ${FSMONITOR} >> team.gitconfig; true`,
      }],
      after: gitWork(),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);

redteam(
  "a nested repository's config and hooks stay as they were",
  async (arena) => {
    const output = await arena.attack({
      setup:
        `${INIT} && mkdir -p vendor/lib && git -C vendor/lib init -q && git -C vendor/lib -c user.name=a -c user.email=a@b commit -q --allow-empty -m v`,
      runs: [{
        language: "shell",
        code: `echo ran; ${FSMONITOR} >> vendor/lib/.git/config
set -- vendor/lib/.git/hooks/pre-commit; ${HOOK}; true`,
      }],
      after: gitWork("vendor/lib"),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);

redteam(
  "renaming .git away from its read-only mounts does not let a run plant config",
  async (arena) => {
    const output = await arena.attack({
      setup: INIT,
      runs: [{
        language: "shell",
        code:
          `echo ran; mv .git .git-old && cp -a .git-old .git && ${FSMONITOR} >> .git/config
set -- .git/hooks/pre-commit; ${HOOK}; true`,
      }],
      after: gitWork(),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);

redteam(
  "core.sshCommand and an alias planted in .git/config.worktree never run",
  async (arena) => {
    const output = await arena.attack({
      setup: `${INIT} && git config extensions.worktreeConfig true`,
      runs: [{
        language: "shell",
        code:
          'echo ran; printf \'[core]\\n\\tsshCommand = touch "$HOME/PWNED"\\n\\tfsmonitor = touch "$HOME/PWNED"\\n\' > .git/config.worktree; true',
      }],
      after: gitWork(),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);

redteam(
  "a hooks folder in the working tree that core.hooksPath names (not .husky) gets no hook from a run",
  async (arena) => {
    const output = await arena.attack({
      setup: `${INIT} && git config core.hooksPath .githooks`,
      runs: [{
        language: "shell",
        code:
          `echo ran; mkdir -p .githooks; set -- .githooks/pre-commit; ${HOOK}; true`,
      }],
      after: gitWork(),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);

redteam(
  "hooks in a folder the user's own git config names (core.hooksPath = .githooks) cannot be planted",
  async (arena) => {
    const output = await arena.attack({
      // A relative hooksPath in ~/.gitconfig is taken in every repository.
      setup: `${INIT} && git config --global core.hooksPath .githooks`,
      runs: [{
        language: "shell",
        code:
          `echo ran; mkdir -p .githooks; set -- .githooks/pre-commit; ${HOOK}; true`,
      }],
      after: gitWork(),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);

redteam(
  "a project file the user's own git config includes (a dotfiles repository) cannot carry commands",
  async (arena) => {
    const output = await arena.attack({
      setup:
        `${INIT} && printf '[pull]\\n\\trebase = true\\n' > gitconfig.inc && git config --global include.path "$PWD/gitconfig.inc"`,
      runs: [{
        language: "shell",
        code: `echo ran; ${FSMONITOR} >> gitconfig.inc; true`,
      }],
      after: gitWork(),
    });
    assertRan(output.results[0]);
    await assertNothingRan(arena, output);
  },
);
