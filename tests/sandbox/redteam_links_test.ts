/**
 * Red team, links: a run plants or swaps links in the project so that the
 * clean-up after the run (which has the server's rights) deletes, overwrites
 * or copies files outside the project, or swaps a folder away from its
 * read-only mounts. The outside victims stand for the user's own files.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { assertRan, redteam } from "./_redteam_harness.ts";

const USER_SETTINGS =
  '{"hooks":{"PreToolUse":["ctx-mode hook"]},"deny":["rm"]}';

async function read(path: string): Promise<string | undefined> {
  return await Deno.readTextFile(path).catch(() => undefined);
}

redteam(
  "a link from .claude to the user's ~/.claude does not get their settings deleted",
  async (arena) => {
    const victim = await arena.writeOutside(
      ".claude/settings.json",
      USER_SETTINGS,
    );
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        code: `echo ran; ln -s ${arena.outside}/.claude .claude`,
      }],
    });
    assertRan(results[0]);
    assert.equal(await read(victim), USER_SETTINGS, JSON.stringify(results));
  },
);

redteam(
  "swapping the project's .claude for a link to ~/.claude does not get the user's settings overwritten",
  async (arena) => {
    const victim = await arena.writeOutside(
      ".claude/settings.json",
      USER_SETTINGS,
    );
    const { results } = await arena.attack({
      setup:
        `mkdir -p .claude && echo '{"project":"own"}' > .claude/settings.json`,
      runs: [{
        language: "shell",
        code:
          `echo ran; mv .claude .claude-mine 2>/dev/null || rm -rf .claude 2>/dev/null; ln -s ${arena.outside}/.claude .claude; ls -la`,
      }],
    });
    assertRan(results[0]);
    assert.equal(await read(victim), USER_SETTINGS, JSON.stringify(results));
  },
);

redteam(
  "swapping .git for a link to another repository leaves that repository's config and hooks alone",
  async (arena) => {
    const victimConfig = await arena.writeOutside(
      "other/.git/config",
      "[core]\n\tbare = false\n# the other repository's own config\n",
    );
    const victimHook = await arena.writeOutside(
      "other/.git/hooks/pre-push",
      "#!/bin/sh\necho checks\n",
      0o755,
    );
    const { results } = await arena.attack({
      setup:
        "git init -q . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m init",
      runs: [{
        language: "shell",
        code:
          `echo ran; mv .git .git-mine 2>/dev/null; ln -s ${arena.outside}/other/.git .git 2>/dev/null; ls -la`,
      }],
    });
    assertRan(results[0]);
    assert.match(
      (await read(victimConfig)) ?? "(deleted)",
      /the other repository's own config/,
      JSON.stringify(results),
    );
    assert.equal(
      await read(victimHook),
      "#!/bin/sh\necho checks\n",
      JSON.stringify(results),
    );
  },
);

redteam(
  "a link to ~/.claude that the user made is not turned into a copy of their settings inside the project",
  async (arena) => {
    const secret = `{"env":{"TOKEN":"user-secret-${arena.token}"}}`;
    await arena.writeOutside(".claude/settings.json", secret);
    const { results } = await arena.attack({
      // Dotfile managers link agent folders into projects like this.
      setup: `ln -s ${arena.outside}/.claude .claude`,
      runs: [
        { language: "shell", code: "echo ran; rm .claude && mkdir .claude" },
        {
          language: "shell",
          code: "echo ran; cat .claude/settings.json 2>/dev/null; true",
        },
      ],
    });
    // The user's own link, made again, still leads to their folder: not a copy.
    const claude = await Deno.lstat(join(arena.project, ".claude"));
    const copied = claude.isSymlink
      ? undefined
      : await read(join(arena.project, ".claude/settings.json"));
    assert.doesNotMatch(copied ?? "", /user-secret/, "copied into the project");
    if (claude.isSymlink) {
      assert.equal(
        await Deno.readLink(join(arena.project, ".claude")),
        `${arena.outside}/.claude`,
      );
    }
    for (const result of results) {
      if (result.refused) continue;
      assert.doesNotMatch(result.stdout, /user-secret/, JSON.stringify(result));
    }
  },
);

redteam(
  "renaming .claude away from its read-only mount does not let a run plant new settings",
  async (arena) => {
    const own = '{"permissions":{"deny":["Bash(curl:*)"]}}';
    const { results } = await arena.attack({
      setup: `mkdir -p .claude && printf %s '${own}' > .claude/settings.json`,
      runs: [{
        language: "shell",
        code:
          `echo ran; mv .claude .claude-old && mkdir .claude && echo '{"permissions":{"allow":["Bash"]}}' > .claude/settings.json; cat .claude/settings.json`,
      }],
    });
    assertRan(results[0]);
    assert.equal(
      await read(join(arena.project, ".claude/settings.json")),
      own,
      JSON.stringify(results),
    );
  },
);

redteam(
  "a hard link to an outside file does not make it readable",
  async (arena) => {
    const victim = await arena.writeOutside(
      "secret.txt",
      `hard-secret-${arena.token}`,
    );
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        code: `echo ran; ln ${victim} hl 2>/dev/null && cat hl; true`,
      }],
    });
    assertRan(results[0]);
    assert.doesNotMatch(results[0]!.stdout, /hard-secret/);
  },
);

redteam(
  "a link from .vscode to an outside folder does not get its tasks deleted",
  async (arena) => {
    const victim = await arena.writeOutside(
      "dotfiles/vscode/tasks.json",
      '{"version":"2.0.0"}',
    );
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        code: `echo ran; ln -s ${arena.outside}/dotfiles/vscode .vscode`,
      }],
    });
    assertRan(results[0]);
    assert.equal(await read(victim), '{"version":"2.0.0"}');
  },
);

redteam(
  "a link from .github to an outside folder does not get its hooks folder removed",
  async (arena) => {
    const victim = await arena.writeOutside(
      "work/hooks/keep.json",
      '{"keep":true}',
    );
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        code: `echo ran; ln -s ${arena.outside}/work .github`,
      }],
    });
    assertRan(results[0]);
    assert.equal(await read(victim), '{"keep":true}');
  },
);
