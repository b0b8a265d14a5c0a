/**
 * A repository that a run makes inside the project (`git init sub`, a
 * nested `git init` deep down, a separate git dir, a bare repository) gives
 * the run no way to make a later `git` there run code: after the run its
 * planted config and hooks are gone, and the very next run (no pause in
 * between) already treats it as a control area — under bubblewrap its
 * config and hooks are read-only, elsewhere what the run writes there is
 * undone. A repository the user makes between two runs keeps its own
 * settings. In every confinement mode and as every user.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import {
  assertRan,
  asUser,
  type ConfineSetting,
  runConfined,
  testInModes,
} from "./_confine_modes.ts";
import { BWRAP, eventually, tempDir } from "./_helpers.ts";
import { runCode } from "../../src/sandbox/run_code.ts";
import { WarmHosts } from "../../src/sandbox/warm_hosts.ts";

const GIT = "git -c user.name=a -c user.email=a@b";

/** Shell that plants an fsmonitor and a pre-commit hook writing `marker` into git dir `dir`. */
function plant(dir: string, marker: string, tag: string): string {
  return `printf '[core]\\n\\tfsmonitor = "touch ${marker}"\\n\\thooksPath = hk\\n' >> ${dir}/config 2>/dev/null && echo WROTE-${tag}-CONFIG
mkdir -p ${dir}/hooks 2>/dev/null; printf '#!/bin/sh\\ntouch ${marker}\\n' > ${dir}/hooks/pre-commit 2>/dev/null && chmod +x ${dir}/hooks/pre-commit && echo WROTE-${tag}-HOOK`;
}

/** Runs the user's own git commands in each work tree; true when none ran planted code. */
async function gitRunsNothing(
  setting: ConfineSetting,
  marker: string,
  trees: string[],
): Promise<void> {
  for (const tree of trees) {
    for (
      const args of [
        ["status", "--short"],
        ["commit", "-q", "--allow-empty", "-m", "user"],
      ]
    ) {
      const argv = asUser(setting.mode, [
        "git",
        "-c",
        "user.name=u",
        "-c",
        "user.email=u@e",
        "-C",
        join(setting.project, tree),
        ...args,
      ]);
      await new Deno.Command(argv[0]!, {
        args: argv.slice(1),
        env: { HOME: setting.outside, GIT_CONFIG_NOSYSTEM: "1" },
        stdout: "null",
        stderr: "null",
      }).output();
    }
  }
  await assert.rejects(Deno.lstat(marker), `git ran planted code: ${marker}`);
}

async function assertClean(setting: ConfineSetting, configs: string[]) {
  for (const config of configs) {
    const text = await Deno.readTextFile(join(setting.project, config)).catch(
      () => "",
    );
    assert.doesNotMatch(text, /fsmonitor|hooksPath/, `${config}: ${text}`);
    const hook = join(setting.project, config, "../hooks/pre-commit");
    await assert.rejects(Deno.lstat(hook), hook);
  }
}

testInModes(
  "a repository a run makes cannot make a later git run code, and the next run cannot change it",
  async (setting) => {
    const marker = join(setting.outside, "PWNED");
    const configs = [
      "sub/.git/config",
      "deep/a/b/.git/config",
      "sep.git/config",
      "bare.git/config",
    ];
    const results = await runConfined(setting, [
      {
        language: "shell",
        code: `echo ran
git init -q sub && ${GIT} -C sub commit -q --allow-empty -m one
mkdir -p deep/a/b && git -C deep/a/b init -q
git init -q --separate-git-dir sep.git sepwt
git init -q --bare bare.git
mkdir -p sub/hk && printf '#!/bin/sh\\ntouch ${marker}\\n' > sub/hk/pre-commit && chmod +x sub/hk/pre-commit
${plant("sub/.git", marker, "SUB")}
${plant("deep/a/b/.git", marker, "DEEP")}
${plant("sep.git", marker, "SEP")}
${plant("bare.git", marker, "BARE")}
true`,
      },
      {
        // The user clones a repository between two runs: it is theirs.
        setup:
          `mkdir -p vendor/lib && git -C vendor/lib init -q && git -C vendor/lib remote add origin https://example.invalid/lib.git`,
        language: "shell",
        code: `echo ran
${plant("sub/.git", marker, "SUB")}
${plant("bare.git", marker, "BARE")}
${plant("vendor/lib/.git", marker, "LIB")}
true`,
      },
    ]);
    assertRan(results);
    const [first, second] = results as [
      (typeof results)[0],
      (typeof results)[0],
    ];
    // The first run is told what it made and lost.
    assert.match(first.stderr, /sub\/\.git\/config/, JSON.stringify(first));
    assert.notEqual(first.exitCode, 0, JSON.stringify(first));
    if (setting.mode.kind === "bwrap") {
      assert.doesNotMatch(second.stdout, /WROTE/, JSON.stringify(second));
    }
    await assertClean(setting, [...configs, "vendor/lib/.git/config"]);
    const lib = await Deno.readTextFile(
      join(setting.project, "vendor/lib/.git/config"),
    );
    assert.match(lib, /remote "origin"/, lib);
    await gitRunsNothing(setting, marker, ["sub", "deep/a/b", "sepwt"]);
  },
);

Deno.test({
  name:
    `a warm host started before a repository was made gives way to one that holds it read-only${
      BWRAP ? "" : " (skipped: bubblewrap does not work here)"
    }`,
  ignore: !BWRAP,
  fn: async () => {
    await using project = await tempDir("ctx-new-repo-warm-");
    const warm = new WarmHosts({ hotWithinMs: 0 });
    try {
      const first = await runCode(
        { language: "shell", code: "echo first", projectDir: project.path },
        { warm, confine: true, guard: false },
      );
      assert.equal(first.confinement, "bwrap", first.stderr);
      assert.ok(await eventually(() => warm.ready === 1, 20_000));
      // The user clones a repository while the next host waits.
      const git = (args: string[]) =>
        new Deno.Command("git", { args, cwd: project.path, stdout: "null" })
          .output();
      await git(["init", "-q", "vendor/lib"]);
      const run = await runCode({
        language: "shell",
        code:
          `printf '[core]\\n\\tfsmonitor = "touch x"\\n' >> vendor/lib/.git/config && echo WROTE; true`,
        projectDir: project.path,
      }, { warm, confine: true, guard: false });
      assert.doesNotMatch(run.stdout, /WROTE/, JSON.stringify(run));
      assert.match(run.stderr, /Read-only file system/, run.stderr);
    } finally {
      warm.close();
    }
  },
});
