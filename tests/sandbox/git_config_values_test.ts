/**
 * The project paths that the user's and the system's git configuration make
 * git run, read from real files in a temp folder standing for the home.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { userGitConfigTargets } from "../../src/sandbox/_git_config_values.ts";
import { tempDir } from "./_helpers.ts";

Deno.test("userGitConfigTargets reads hooksPath, fsmonitor and includes of every user config, and GIT_CONFIG_KEY_n", async () => {
  await using home = await tempDir("ctx-gitcfg-home-");
  await using project = await tempDir("ctx-gitcfg-project-");
  await Deno.mkdir(join(home.path, ".config", "git"), { recursive: true });
  await Deno.writeTextFile(
    join(home.path, ".gitconfig"),
    `[core]\n\thooksPath = .githooks ; shared\n\tfsmonitor = true\n[include]\n\tpath = ~/extra.inc\n`,
  );
  await Deno.writeTextFile(
    join(home.path, "extra.inc"),
    `[includeIf "gitdir:~/src/"]\n\tpath = ${project.path}/dot/git.inc\n`,
  );
  await Deno.mkdir(join(project.path, "dot"));
  await Deno.writeTextFile(
    join(project.path, "dot", "git.inc"),
    `[core]\n\tfsmonitor = "tools/fsmon --fast"\n[include]\n\tpath = git.inc\n`,
  );
  await Deno.writeTextFile(
    join(home.path, ".config", "git", "config"),
    `[core]\n\thooksPath = /elsewhere/hooks\n`,
  );
  const env = {
    HOME: home.path,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: "core.hooksPath",
    GIT_CONFIG_VALUE_0: "ci/hooks",
  };
  assert.deepEqual(userGitConfigTargets(project.path, env).sort(), [
    ".githooks",
    "ci/hooks",
    "dot/git.inc",
    "tools/fsmon",
  ]);
  // GIT_CONFIG_GLOBAL replaces both user files; a path into .git is the sandbox's own rule.
  await Deno.writeTextFile(
    join(home.path, "only"),
    `[core]\n\thooksPath = .git/hooks\n`,
  );
  assert.deepEqual(
    userGitConfigTargets(project.path, {
      HOME: home.path,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: join(home.path, "only"),
    }),
    [],
  );
});
