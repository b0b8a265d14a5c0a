/**
 * A repository nested in the project (`vendor/lib/.git`, a nested `.git`
 * file naming a git dir inside the project), and the common dir that
 * `.git/commondir` names inside the project, keep their config and hooks, in
 * every confinement mode and as every user: git would run what a run planted
 * there as soon as the user works in that folder. Under bubblewrap the
 * writes fail during the run; under Landlock they are undone after it and
 * reported.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { assertRan, runConfined, testInModes } from "./_confine_modes.ts";

const GIT = "git -c user.name=a -c user.email=a@b";

testInModes(
  "a nested repository's config and hooks cannot be changed by a run",
  async (setting) => {
    const results = await runConfined(setting, [{
      setup:
        `git init -q . && mkdir -p vendor/lib && git -C vendor/lib init -q && ${GIT} -C vendor/lib commit -q --allow-empty -m v && mkdir -p tools/x && git init -q --separate-git-dir tools/x.git tools/x && cp -a .git shared && echo ../shared > .git/commondir`,
      language: "shell",
      code: `echo ran
printf '[core]\\n\\tfsmonitor = touch "$HOME/PWNED"\\n' >> vendor/lib/.git/config 2>/dev/null && echo WROTE-CONFIG
mkdir -p vendor/lib/.git/hooks 2>/dev/null; printf '#!/bin/sh\\ntouch "$HOME/PWNED"\\n' > vendor/lib/.git/hooks/pre-commit 2>/dev/null && echo WROTE-HOOK
printf '[core]\\n\\tfsmonitor = touch "$HOME/PWNED"\\n' >> tools/x.git/config 2>/dev/null && echo WROTE-SEPARATE
printf '[core]\\n\\tfsmonitor = touch "$HOME/PWNED"\\n' >> shared/config 2>/dev/null && echo WROTE-COMMON
true`,
    }]);
    assertRan(results);
    const run = results[0]!;
    if (setting.mode.kind === "bwrap") {
      assert.doesNotMatch(run.stdout, /WROTE/, JSON.stringify(run));
    }
    for (
      const config of [
        "vendor/lib/.git/config",
        "tools/x.git/config",
        "shared/config",
      ]
    ) {
      const text = await Deno.readTextFile(join(setting.project, config));
      assert.doesNotMatch(text, /fsmonitor/, `${config}: ${text}`);
    }
    await assert.rejects(
      Deno.lstat(join(setting.project, "vendor/lib/.git/hooks/pre-commit")),
    );
  },
);
