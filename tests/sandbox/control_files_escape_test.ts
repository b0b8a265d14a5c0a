/**
 * Hostile runs against the project's control files, in every confinement
 * this machine offers (bubblewrap, Landlock with bubblewrap hidden from PATH,
 * none), as root and as an ordinary user: links from control paths (or their
 * parents) to an outside folder holding the same names, `.git` swapped for a
 * `gitdir:` file, `commondir` pointing elsewhere, submodule and worktree git
 * dirs, `core.fsmonitor`/`core.hooksPath`/`include.path` in every config git
 * reads, floods of files, overlapping runs, fifos, folders, dangling and hard
 * links in place of control files. After each, nothing outside the project
 * has changed, the control files are as they were, and the user's own later
 * `git status` and `git commit` run none of the run's programs (while the
 * user's own hook still runs).
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { BWRAP, LANDLOCK, pathWithoutBwrap, tempDir } from "./_helpers.ts";
import type {
  ControlCase,
  ControlCaseResult,
  ControlRun,
} from "./_control_runner.ts";

const RUNNER = new URL("./_control_runner.ts", import.meta.url).pathname;
const IS_ROOT = Deno.uid() === 0;
const SETPRIV = IS_ROOT && Deno.build.os === "linux" &&
  (await Deno.stat("/usr/bin/setpriv").then(() => true, () => false));
const GIT = await new Deno.Command("git", { args: ["--version"] }).output()
  .then((output) => output.success, () => false);
const NOBODY = 65534;

interface Mode {
  name: string;
  confine: boolean | "landlock";
  hideBwrap?: boolean;
  expected: string[];
  available: boolean;
}

const MODES: Mode[] = [
  {
    name: "bubblewrap",
    confine: true,
    expected: ["bwrap"],
    available: BWRAP,
  },
  {
    name: "Landlock (bwrap hidden from PATH)",
    confine: true,
    hideBwrap: true,
    expected: ["landlock"],
    available: LANDLOCK,
  },
  {
    name: "no confinement",
    confine: false,
    expected: ["none"],
    available: true,
  },
];

const USERS = IS_ROOT
  ? [
    { name: "root", uid: 0, ignore: false },
    { name: "an ordinary user", uid: NOBODY, ignore: !SETPRIV },
  ]
  : [{ name: "this user", uid: Deno.uid() ?? 0, ignore: false }];

/** What a case sees when it checks its outcome. */
interface Seen {
  project: string;
  outside: string;
  result: ControlCaseResult;
  mode: Mode;
}

/** One attack, written against the fake outside folder it is given. */
interface Attack {
  name: string;
  setup?: string;
  runs: ControlRun[];
  after?: string;
  check(seen: Seen): Promise<void>;
}

async function names(path: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(path)) found.push(entry.name);
  return found.sort();
}

const text = (path: string) => Deno.readTextFile(path).catch(() => null);
const lstat = (path: string) => Deno.lstat(path).catch(() => null);

/** The outside folder every case gets: same names as the project's control paths, a secret, an empty folder. */
async function fillOutside(outside: string): Promise<void> {
  await Deno.mkdir(join(outside, ".claude"));
  await Deno.writeTextFile(join(outside, ".claude/settings.json"), "USER\n");
  await Deno.mkdir(join(outside, ".github/hooks"), { recursive: true });
  await Deno.writeTextFile(join(outside, ".github/hooks/h.json"), "USER\n");
  await Deno.mkdir(join(outside, "g"));
  await Deno.writeTextFile(join(outside, "secret.txt"), "TOP-SECRET\n");
}

/** The outside folder holds exactly what {@link fillOutside} put there, unchanged. */
async function assertOutsideUntouched(seen: Seen): Promise<void> {
  const { outside } = seen;
  const why = JSON.stringify(seen.result);
  assert.equal(
    await text(join(outside, ".claude/settings.json")),
    "USER\n",
    why,
  );
  assert.deepEqual(
    await names(join(outside, ".claude")),
    ["settings.json"],
    why,
  );
  assert.equal(
    await text(join(outside, ".github/hooks/h.json")),
    "USER\n",
    why,
  );
  assert.deepEqual(await names(join(outside, ".github/hooks")), ["h.json"]);
  assert.deepEqual(await names(join(outside, "g")), [], why);
  assert.equal(await text(join(outside, "secret.txt")), "TOP-SECRET\n", why);
  const pwned = (await names(outside)).filter((
    name,
  ) => name.startsWith("PWNED"));
  assert.deepEqual(pwned, [], `a run's program ran later: ${why}`);
}

/** A project folder is a real folder again, holding the project's own file. */
async function assertFolderHolds(
  seen: Seen,
  folder: string,
  file: string,
): Promise<void> {
  const info = await lstat(join(seen.project, folder));
  assert.ok(info?.isDirectory, JSON.stringify(seen.result));
  assert.equal(await text(join(seen.project, folder, file)), "PROJECT\n");
}

/** Every run really ran (a refusal would make the checks pass for nothing). */
function assertRan(seen: Seen): void {
  for (const run of seen.result.runs) {
    assert.equal(run.refused, undefined, run.refused);
    assert.match(run.stdout, /^ran$/m, JSON.stringify(seen.result));
    assert.ok(
      seen.mode.expected.includes(run.confinement),
      `${seen.mode.name}: ran under ${run.confinement}`,
    );
  }
}

function attacks(outside: string): Attack[] {
  const pwn = (tag: string) => `touch ${outside}/PWNED-${tag}`;
  const hook = (tag: string) => `'#!/bin/sh\\n${pwn(tag)}\\n'`;
  const fsmonitor = (tag: string) => `'[core]\\n\\tfsmonitor = ${pwn(tag)}\\n'`;
  const repo = [
    "git init -q .",
    "git config user.name u",
    "git config user.email u@example.invalid",
    `printf '#!/bin/sh\\ntouch ${outside}/user-hook-ran\\n' > .git/hooks/post-commit`,
    "chmod +x .git/hooks/post-commit",
    "echo a > a.txt && git add a.txt && git commit -qm init",
  ].join(" && ");
  const userGit =
    "git status >/dev/null 2>&1; echo status=$?; git commit -q --allow-empty -m user >/dev/null 2>&1; echo commit=$?";
  const shell = (code: string): ControlRun => ({
    language: "shell",
    code: `${code}\necho ran`,
  });
  const quiet = (lines: string[]) =>
    lines.map((line) => `{ ${line}; } 2>/dev/null`).join("\n");
  const gitCommitted = (seen: Seen) => {
    assert.match(seen.result.after, /status=0/, JSON.stringify(seen.result));
    assert.match(seen.result.after, /commit=0/, JSON.stringify(seen.result));
  };
  const userHookRan = async (seen: Seen) => {
    assert.ok(
      await lstat(join(seen.outside, "user-hook-ran")),
      `the user's own hook did not run: ${JSON.stringify(seen.result)}`,
    );
  };
  /** The runs ran, nothing outside changed, and the user's git commits running only the user's hook. */
  const assertGitClean = async (seen: Seen) => {
    assertRan(seen);
    await assertOutsideUntouched(seen);
    gitCommitted(seen);
    await userHookRan(seen);
  };
  return [
    {
      name:
        "a control folder replaced by a link to an outside folder with the same names",
      setup: "mkdir .claude && echo PROJECT > .claude/settings.json",
      runs: [shell(quiet([
        "rm -rf .claude",
        `ln -s ${outside}/.claude .claude`,
      ]))],
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        await assertFolderHolds(seen, ".claude", "settings.json");
      },
    },
    {
      name:
        "missing control folders made links to outside folders with the same names",
      runs: [shell(quiet([
        `ln -s ${outside}/.claude .claude`,
        `ln -s ${outside}/.github .github`,
        `ln -s ${outside}/g .vscode`,
        `ln -s ${outside}/g .devcontainer`,
      ]))],
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        for (const name of [".claude", ".github", ".vscode", ".devcontainer"]) {
          assert.equal(await lstat(join(seen.project, name)), null, name);
        }
      },
    },
    {
      name:
        "a control folder that already is a link to an outside folder is neither read nor written through",
      setup: `ln -s ${outside}/.claude .claude`,
      runs: [shell(quiet([
        "cat .claude/settings.json",
        "rm -f .claude && mkdir .claude && echo RUN > .claude/settings.json",
      ]))],
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        if (seen.mode.confine !== false) {
          assert.doesNotMatch(seen.result.runs[0]!.stdout, /USER/);
        }
        const info = await lstat(join(seen.project, ".claude"));
        // Put back as the link it was, or gone: never a folder holding the run's file.
        assert.ok(!info || info.isSymlink, JSON.stringify(seen.result));
        const copied = await new Deno.Command("grep", {
          args: ["-rlF", "USER", seen.project],
        }).output();
        assert.equal(new TextDecoder().decode(copied.stdout), "");
      },
    },
    {
      name: "the parent folder of a control folder replaced by a link outside",
      setup: "mkdir -p .github/hooks && echo PROJECT > .github/hooks/h.json",
      runs: [shell(quiet([
        "mv .github .github-old",
        `ln -s ${outside}/.github .github`,
        "echo RUN > .github/hooks/h.json",
      ]))],
      async check(seen) {
        assertRan(seen);
        const outsideHook = join(seen.outside, ".github/hooks/h.json");
        if (
          seen.mode.confine === false && await text(outsideHook) === "RUN\n"
        ) {
          // Unconfined, the run itself may write there; the clean-up must not have.
          await Deno.writeTextFile(outsideHook, "USER\n");
        }
        await assertOutsideUntouched(seen);
        await assertFolderHolds(seen, ".github", "hooks/h.json");
      },
    },
    {
      name:
        "a missing control file made a dangling link to an outside path, and .git a link to an outside folder",
      setup: `${repo} && echo USER > .envrc`,
      runs: [shell(quiet([
        `rm -f .envrc && ln -s ${outside}/made-by-clean-up .envrc`,
        `ln -s ${outside}/made-too .mcp.json`,
        `mv .git .git-away && ln -s ${outside}/g .git`,
      ]))],
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        for (const name of ["made-by-clean-up", "made-too"]) {
          assert.equal(await lstat(join(seen.outside, name)), null, name);
        }
        const envrc = await lstat(join(seen.project, ".envrc"));
        assert.ok(envrc?.isFile, JSON.stringify(seen.result));
        assert.equal(await text(join(seen.project, ".envrc")), "USER\n");
        assert.equal(await lstat(join(seen.project, ".mcp.json")), null);
        assert.equal(
          (await lstat(join(seen.project, ".git")))?.isSymlink ?? false,
          false,
        );
      },
    },
    {
      name: ".git swapped for a gitdir file pointing at a poisoned copy",
      setup: repo,
      runs: [shell(quiet([
        "mv .git .git-real || { mkdir .git-real && cp -a .git/. .git-real/; }",
        `printf ${fsmonitor("gitdir-fsmonitor")} >> .git-real/config`,
        `printf ${
          hook("gitdir-hook")
        } > .git-real/hooks/pre-commit && chmod +x .git-real/hooks/pre-commit`,
        "rm -rf .git || true",
        "printf 'gitdir: .git-real\\n' > .git",
      ]))],
      after: userGit,
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        const git = await lstat(join(seen.project, ".git"));
        assert.ok(!git || git.isDirectory, JSON.stringify(seen.result));
        if (!seen.mode.expected.includes("bwrap")) {
          // The renamed .git is renamed back, its settings and hooks put back.
          gitCommitted(seen);
          await userHookRan(seen);
        }
      },
    },
    {
      name:
        "a git dir kept inside the project under another name, named by the .git file",
      setup: repo.replace(
        "git init -q .",
        "mkdir .repo && git init -q --separate-git-dir=.repo/git .",
      ).replaceAll(".git/hooks", ".repo/git/hooks"),
      runs: [shell(quiet([
        `printf ${fsmonitor("separate-config")} >> .repo/git/config`,
        `printf ${
          hook("separate-hook")
        } > .repo/git/hooks/pre-commit && chmod +x .repo/git/hooks/pre-commit`,
        "mv .repo .repo-old && mkdir -p .repo && cp -a .repo-old/. .repo/",
      ]))],
      after: userGit,
      async check(seen) {
        await assertGitClean(seen);
      },
    },
    {
      name:
        "commondir pointing at a poisoned git dir outside and inside the project",
      setup: `${repo} && git init -q --bare ${outside}/evil.git && printf ${
        fsmonitor("commondir-outside")
      } >> ${outside}/evil.git/config`,
      runs: [shell(quiet([
        `echo ${outside}/evil.git > .git/commondir`,
        "mkdir evil && cp -a .git/. evil/ && rm -f evil/commondir",
        `printf ${fsmonitor("commondir-inside")} >> evil/config`,
        `printf ${
          hook("commondir-hook")
        } > evil/hooks/pre-commit && chmod +x evil/hooks/pre-commit`,
        "echo ../evil > .git/commondir.next && mv .git/commondir.next .git/commondir",
      ]))],
      after: userGit,
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        assert.equal(await lstat(join(seen.project, ".git/commondir")), null);
        gitCommitted(seen);
        await userHookRan(seen);
      },
    },
    {
      name: "hooks and config of a submodule's git dir under .git/modules",
      setup: [
        `git init -q ${outside}/sub && git -C ${outside}/sub -c user.name=u -c user.email=u@e commit -q --allow-empty -m s`,
        repo,
        `git -c protocol.file.allow=always submodule add -q ${outside}/sub x && git commit -qm sub`,
      ].join(" && "),
      runs: [shell(quiet([
        `printf ${
          hook("module-hook")
        } > .git/modules/x/hooks/pre-commit && chmod +x .git/modules/x/hooks/pre-commit`,
        `printf ${fsmonitor("module-fsmonitor")} >> .git/modules/x/config`,
        `mkdir -p .git/modules/y/hooks && printf ${
          hook("module-new")
        } > .git/modules/y/hooks/pre-commit`,
      ]))],
      after:
        `${userGit}; cd x && git status >/dev/null 2>&1; echo sub-status=$?; git -c user.name=u -c user.email=u@e commit -q --allow-empty -m u >/dev/null 2>&1; echo sub-commit=$?`,
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        assert.match(seen.result.after, /sub-status=0/, seen.result.after);
        assert.match(seen.result.after, /sub-commit=0/, seen.result.after);
        assert.equal(await lstat(join(seen.project, ".git/modules/y")), null);
        gitCommitted(seen);
      },
    },
    {
      name:
        "a linked worktree's admin dir under .git/worktrees pointed at a poisoned git dir",
      setup:
        `${repo} && git worktree add -q ${outside}/wt && git init -q --bare ${outside}/evil.git && printf ${
          fsmonitor("worktree")
        } >> ${outside}/evil.git/config`,
      runs: [shell(quiet([
        `echo ${outside}/evil.git > .git/worktrees/wt/commondir`,
        `printf ${
          fsmonitor("worktree-config")
        } > .git/worktrees/wt/config.worktree`,
      ]))],
      after:
        `cd ${outside}/wt && git status >/dev/null 2>&1; echo wt-status=$?`,
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        assert.match(seen.result.after, /wt-status=0/, seen.result.after);
      },
    },
    {
      name:
        "core.fsmonitor and core.hooksPath in every config git reads, and the files they name",
      setup: [
        repo,
        "git config extensions.worktreeConfig true",
        "git config include.path ../shared.gitconfig",
        "printf '[color]\\n\\tui = auto\\n' > shared.gitconfig",
        "git config core.hooksPath githooks",
        "mkdir githooks",
        `printf '#!/bin/sh\\ntouch ${outside}/user-hook-ran\\n' > githooks/post-commit`,
        "chmod +x githooks/post-commit",
      ].join(" && "),
      runs: [shell(quiet([
        `printf ${fsmonitor("config")} >> .git/config`,
        `printf ${fsmonitor("config-worktree")} > .git/config.worktree`,
        `printf ${fsmonitor("include")} >> shared.gitconfig`,
        `printf ${
          hook("hookspath")
        } > githooks/pre-commit && chmod +x githooks/pre-commit`,
        `printf ${hook("hookspath-post")} >> githooks/post-commit`,
        `mkdir -p hooks2 && printf ${
          hook("hookspath-new")
        } > hooks2/pre-commit && chmod +x hooks2/pre-commit`,
        "printf '[core]\\n\\thooksPath = hooks2\\n' > .git/config.worktree",
        `printf ${
          hook("git-hooks")
        } > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit`,
        "mkdir -p .git/info && printf '* filter=evil\\n' > .git/info/attributes",
      ]))],
      after: userGit,
      async check(seen) {
        await assertGitClean(seen);
        assert.equal(
          await text(join(seen.project, "shared.gitconfig")),
          "[color]\n\tui = auto\n",
        );
      },
    },
    {
      name:
        "3,000 files made first, then .envrc, .mcp.json and .vscode/tasks.json",
      setup: "mkdir .claude && echo PROJECT > .claude/settings.json",
      runs: [shell(quiet([
        "mkdir -p .vscode",
        "i=0; while [ $i -lt 3000 ]; do : > .claude/f$i; : > .vscode/f$i; i=$((i+1)); done",
        "echo x > .envrc",
        "echo x > .mcp.json",
        "echo '{}' > .vscode/tasks.json",
        "echo '{}' > .claude/settings.local.json",
      ]))],
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        for (const name of [".envrc", ".mcp.json", ".vscode"]) {
          assert.equal(await lstat(join(seen.project, name)), null, name);
        }
        assert.deepEqual(
          await names(join(seen.project, ".claude")),
          ["settings.json"],
        );
      },
    },
    {
      name: "two overlapping runs do not plant each other's changes again",
      setup: "echo USER > .envrc",
      runs: [
        shell(quiet([
          "echo A > .envrc",
          "echo A > .mcp.json",
          "touch a.wrote",
          "i=0; while [ ! -e b.started ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done",
        ])),
        {
          ...shell(quiet([
            "touch b.started",
            "i=0; while [ -e .mcp.json ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done",
          ])),
          startAfter: "a.wrote",
        },
      ],
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        assert.equal(await text(join(seen.project, ".envrc")), "USER\n");
        assert.equal(await lstat(join(seen.project, ".mcp.json")), null);
      },
    },
    {
      name: "control files turned into a fifo and a folder",
      setup:
        "echo USER > .envrc && mkdir .claude && echo PROJECT > .claude/settings.json",
      runs: [shell(quiet([
        "rm -f .envrc && mkfifo .envrc",
        "rm -f .claude/settings.json && mkdir .claude/settings.json && touch .claude/settings.json/x",
        "mkfifo .mcp.json",
      ]))],
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        assert.ok((await lstat(join(seen.project, ".envrc")))?.isFile);
        assert.equal(await text(join(seen.project, ".envrc")), "USER\n");
        assert.ok(
          (await lstat(join(seen.project, ".claude/settings.json")))?.isFile,
        );
        assert.equal(await lstat(join(seen.project, ".mcp.json")), null);
      },
    },
    {
      name:
        "hard links between control files and other files write through neither",
      setup: `${repo} && echo USER > .envrc`,
      runs: [shell(quiet([
        `rm -f .envrc && ln ${outside}/secret.txt .envrc`,
        `ln .git/config notes.txt && printf ${
          fsmonitor("hardlink")
        } >> notes.txt`,
      ]))],
      after: userGit,
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        assert.equal(await text(join(seen.project, ".envrc")), "USER\n");
        gitCommitted(seen);
        await userHookRan(seen);
      },
    },
    {
      name:
        "a change the clean-up cannot undo is reported as such, never as put back",
      setup: "head -c 2000000 /dev/zero | tr '\\0' a > .envrc",
      runs: [shell(quiet(["echo evil > .envrc"]))],
      async check(seen) {
        assertRan(seen);
        await assertOutsideUntouched(seen);
        const run = seen.result.runs[0]!;
        const envrc = await text(join(seen.project, ".envrc"));
        if (envrc?.length === 2_000_000) {
          // Prevented (read-only): nothing to report.
          assert.doesNotMatch(run.stderr, /\.envrc/);
          return;
        }
        assert.notEqual(envrc, "evil\n", "the run's .envrc was left in place");
        assert.match(run.stderr, /could not be put back[^\n]*\.envrc/);
        assert.doesNotMatch(run.stderr, /were put back[^\n]*\.envrc/);
        assert.notEqual(run.exitCode, 0);
      },
    },
  ];
}

async function runCases(
  mode: Mode,
  uid: number,
  denoDir: string,
  home: string,
  cases: ControlCase[],
): Promise<ControlCaseResult[]> {
  const env: Record<string, string> = {
    DENO_DIR: denoDir,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    ...(mode.hideBwrap ? { PATH: await pathWithoutBwrap() } : {}),
  };
  const deno = [Deno.execPath(), "run", "-A", "--no-config", RUNNER];
  const argv = uid === Deno.uid() ? deno : [
    "setpriv",
    "--reuid",
    String(uid),
    "--regid",
    String(uid),
    "--clear-groups",
    ...deno,
  ];
  const child = new Deno.Command(argv[0]!, {
    args: argv.slice(1),
    env: { DENO_DIR: denoDir, HOME: home, NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(
      JSON.stringify({ confine: mode.confine, env, cases }),
    ),
  );
  await writer.close();
  const output = await child.output();
  assert.ok(
    output.success,
    `runner failed: ${new TextDecoder().decode(output.stderr)}`,
  );
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

async function chownTree(path: string, uid: number): Promise<void> {
  await Deno.chown(path, uid, uid);
  for await (const entry of Deno.readDir(path)) {
    if (entry.isDirectory) await chownTree(join(path, entry.name), uid);
    else await Deno.chown(join(path, entry.name), uid, uid);
  }
}

for (const user of USERS) {
  for (const mode of MODES) {
    Deno.test({
      name:
        `under ${mode.name}, as ${user.name}, no run changes a control file, reaches outside through one, or plants code the user's git runs later`,
      ignore: user.ignore || !mode.available || !GIT ||
        Deno.build.os !== "linux",
      fn: async (t) => {
        await using root = await tempDir("ctx-control-escape-");
        await Deno.chmod(root.path, 0o755);
        const denoDir = join(root.path, "deno");
        await Deno.mkdir(denoDir);
        await Deno.mkdir(join(root.path, "home"));
        const settings: { project: string; outside: string }[] = [];
        const list: Attack[] = [];
        const cases: ControlCase[] = [];
        for (let i = 0; i < attacks(root.path).length; i++) {
          const project = join(root.path, `p${i}`, "project");
          const outside = join(root.path, `p${i}`, "outside");
          await Deno.mkdir(project, { recursive: true });
          await Deno.mkdir(outside);
          await fillOutside(outside);
          const attack = attacks(outside)[i];
          if (!attack) break;
          list.push(attack);
          settings.push({ project, outside });
          cases.push({
            project,
            runs: attack.runs,
            ...(attack.setup ? { setup: attack.setup } : {}),
            ...(attack.after ? { after: attack.after } : {}),
          });
        }
        await chownTree(root.path, user.uid);
        const results = await runCases(
          mode,
          user.uid,
          denoDir,
          join(root.path, "home"),
          cases,
        );
        for (const [i, attack] of list.entries()) {
          await t.step(attack.name, async () => {
            const result = results[i]!;
            assert.equal(result.setupCode, 0, result.after);
            await attack.check({ ...settings[i]!, result, mode });
          });
        }
      },
    });
  }
}
