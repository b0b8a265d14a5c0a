import assert from "node:assert/strict";
import { checkCommand } from "../../src/safety/mod.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** Runs a command line through a real shell in dir; returns its exit code. */
async function sh(dir: string, line: string): Promise<number> {
  const env = {
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    HOME: dir,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@t",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@t",
  };
  const out = await new Deno.Command("sh", {
    args: ["-c", line],
    cwd: dir,
    env,
    clearEnv: true,
    stdout: "null",
    stderr: "null",
  }).output();
  return out.code;
}

async function hasGit(): Promise<boolean> {
  try {
    const out = await new Deno.Command("git", {
      args: ["--version"],
      stdout: "null",
      stderr: "null",
    }).output();
    return out.success;
  } catch {
    return false;
  }
}

/** Commands whose effect on uncommitted work real git decides; the guard must deny exactly those that lose it. */
const COMMANDS = [
  "git reset --h",
  "git reset --ha",
  "git reset --mi",
  "git reset --hard --no-hard",
  "git rm --cached --no-cached --force f",
  "git rm --force --no-force f",
  "git rm --cached --force f",
  "git restore --w f",
  "git restore --no-worktree f",
  "git restore --staged --no-worktree f",
  "git restore --",
  "git restore --no-staged f",
  "git restore -S --no-staged f",
  "git restore --no-staged --worktree f",
  "git restore --conflict --staged f",
  "git restore --unified --staged f",
  "git checkout --f main",
  "git clean --f",
  "git clean --f -n",
  "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='reset --hard' git x",
  "GIT_CONFIG_PARAMETERS=\"'alias.x=checkout -- f'\" git x",
  "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0=status git x",
];

Deno.test({
  name:
    "checkCommand() reads git options and configuration as real git does: it denies exactly the commands that lose work",
  ignore: !(await hasGit()),
  async fn(t) {
    for (const command of COMMANDS) {
      await t.step(command, async () => {
        await using dir = await tempDir("ctx-guard-git-");
        const setup = "git init -q -b main && echo a > f && git add f && " +
          "git commit -qm i && echo changed > f && echo new > u";
        assert.equal(await sh(dir.path, setup), 0);
        await sh(dir.path, command);
        const text = await Deno.readTextFile(`${dir.path}/f`).catch(() => "");
        const untracked = await Deno.stat(`${dir.path}/u`).then(() => true)
          .catch(() => false);
        const lost = text !== "changed\n" || !untracked;
        const verdict = checkCommand(command, {
          cwd: dir.path,
          home: "/nonexistent-home",
        });
        assert.equal(
          verdict.verdict === "deny",
          lost,
          `${command}: git ${lost ? "lost" : "kept"} the work, the guard said ${
            JSON.stringify(verdict)
          }`,
        );
      });
    }
  },
});
