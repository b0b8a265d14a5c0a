/**
 * Destructive git invocations: the subcommands and flags that discard work,
 * rewrite or delete history, or delete remote refs.
 *
 * Pure: looks at words only; never runs git or reads a repository.
 *
 * @module
 */

import { readGitArgs } from "./_git_args.ts";

/** A rule hit: rule id and a reason naming the safe alternative. */
export interface RuleHit {
  rule: string;
  reason: string;
}

/** Global options of git that take a separate value. */
const GLOBAL_WITH_VALUE = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--config-env",
  "--super-prefix",
]);

function hit(rule: string, reason: string): RuleHit {
  return { rule, reason };
}

const NETWORK_SUBCOMMANDS = new Set([
  "fetch",
  "pull",
  "push",
  "clone",
  "ls-remote",
  "fetch-pack",
  "send-pack",
]);

/** Whether a git subcommand opens a connection to a remote, where an ssh command would run. */
function opensConnection(sub: string, args: string[]): boolean {
  if (NETWORK_SUBCOMMANDS.has(sub)) return true;
  const action = args.find((a) => !a.startsWith("-"));
  switch (sub) {
    case "archive":
      return args.some((a) => a.startsWith("--remote"));
    case "remote":
      return ["update", "prune", "show"].includes(action ?? "") ||
        (action === "add" && args.some((a) => a === "-f" || a === "--fetch"));
    case "submodule":
      return ["update", "add", "foreach"].includes(action ?? "");
    default:
      return false;
  }
}

const SSH_VARIABLES = new Set([
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_SSH_VARIANT",
]);

/**
 * Splits `git [global options] sub args` into the subcommand and its
 * arguments, expanding aliases set with `-c alias.x=…`. Returns the alias's
 * shell text when the alias is a `!` shell alias, and every `-c` setting.
 */
export function splitGit(
  args: string[],
  envConfig: readonly string[] = [],
): {
  sub: string | null;
  args: string[];
  shellAlias: string | null;
  config: string[];
} {
  const aliases = new Map<string, string>();
  const config: string[] = [];
  const setting = (text: string): void => {
    config.push(text);
    const eq = text.indexOf("=");
    const key = text.slice(0, eq).toLowerCase();
    if (eq > 0 && key.startsWith("alias.")) {
      aliases.set(key.slice(6), text.slice(eq + 1));
    }
  };
  envConfig.forEach(setting);
  let i = 0;
  while (i < args.length) {
    const a = args[i] ?? "";
    if (a === "--") {
      i++;
      break;
    }
    if (GLOBAL_WITH_VALUE.has(a)) {
      if (a === "-c") setting(args[i + 1] ?? "");
      i += 2;
    } else if (a.startsWith("-")) {
      if (a.startsWith("-c") && a.length > 2) setting(a.slice(2));
      i++;
    } else break;
  }
  const sub = args[i]?.toLowerCase();
  if (sub === undefined || sub.startsWith("-")) {
    return { sub: null, args: [], shellAlias: null, config };
  }
  const rest = args.slice(i + 1);
  const alias = aliases.get(sub);
  if (alias !== undefined) {
    if (alias.startsWith("!")) {
      return { sub, args: rest, shellAlias: alias.slice(1), config };
    }
    const words = alias.split(/\s+/).filter((w) => w !== "");
    return {
      sub: words[0]?.toLowerCase() ?? null,
      args: [...words.slice(1), ...rest],
      shellAlias: null,
      config,
    };
  }
  return { sub, args: rest, shellAlias: null, config };
}

/** What surrounds a git invocation: the environment names it sets and its `-c` settings. */
export interface GitContext {
  /** Environment variable names set for the command. */
  envNames: readonly string[];
  /** `-c name=value` settings. */
  config: readonly string[];
}

/** Checks one git subcommand with its arguments. */
export function checkGitSubcommand(
  sub: string,
  args: string[],
  context: GitContext = { envNames: [], config: [] },
): RuleHit | null {
  if (
    opensConnection(sub, args) &&
    (context.envNames.some((n) => SSH_VARIABLES.has(n)) ||
      context.config.some((c) => c.toLowerCase().startsWith("core.sshcommand")))
  ) {
    return hit(
      "git.ssh-command",
      "GIT_SSH_COMMAND/core.sshCommand makes git run an arbitrary program for network access. Configure ssh in ~/.ssh/config instead, or ask the user",
    );
  }
  switch (sub) {
    case "reset": {
      const a = readGitArgs(args, "", [], {}, "reset");
      if (a.longs.has("--hard")) {
        return hit(
          "git.reset-hard",
          "git reset --hard throws away uncommitted changes. Run `git stash` first, or use `git reset --soft`/`--keep`",
        );
      }
      if (a.longs.has("--merge")) {
        return hit(
          "git.reset-merge",
          "git reset --merge can discard uncommitted changes. Run `git stash` first, or use `git reset --keep`",
        );
      }
      return null;
    }
    case "checkout":
      return checkCheckout(args);
    case "switch": {
      const a = readGitArgs(args, "cC", [], {}, "switch");
      if (
        a.longs.has("--discard-changes") || a.longs.has("--force") ||
        a.shorts.has("f")
      ) {
        return hit(
          "git.switch-force",
          "git switch --discard-changes/--force throws away local changes. Commit or `git stash` them first",
        );
      }
      return null;
    }
    case "restore": {
      const a = readGitArgs(
        args,
        "s",
        ["--source", "--pathspec-from-file"],
        {},
        "restore",
      );
      if (
        a.longs.has("--help") || a.longs.has("--version") || a.shorts.has("h")
      ) {
        return null;
      }
      const staged = a.longs.has("--staged") || a.shorts.has("S");
      const worktree = a.longs.has("--worktree") || a.shorts.has("W");
      if (staged && !worktree) return null;
      // Once a location option is given, even negated, git restores only
      // where one is switched on: `--no-staged` alone restores nothing.
      const located = a.negated.has("--worktree") ||
        a.negated.has("--staged");
      if (!staged && !worktree && located) return null;
      // Without a pathspec git refuses to run (`git restore --`).
      if (
        a.positionals.length === 0 && !a.afterDashDash?.length &&
        !a.longs.has("--pathspec-from-file")
      ) return null;
      return hit(
        "git.restore-worktree",
        "git restore overwrites uncommitted changes in the working tree. Use `git restore --staged` to unstage, or `git stash` first",
      );
    }
    case "clean": {
      const a = readGitArgs(args, "e", ["--exclude"], {}, "clean");
      const preview = args.includes("-n") || a.longs.has("--dry-run");
      if ((a.longs.has("--force") || a.shorts.has("f")) && !preview) {
        return hit(
          "git.clean-force",
          "git clean -f deletes untracked files for good. Preview with `git clean -n` and delete what you mean by name",
        );
      }
      return null;
    }
    case "push":
      return checkPush(args);
    case "branch": {
      const a = readGitArgs(args, "u", ["--set-upstream-to"], {}, "branch");
      const del = a.shorts.has("d") || a.longs.has("--delete");
      const force = a.shorts.has("f") || a.longs.has("--force");
      if (a.shorts.has("D") || (del && force)) {
        return hit(
          "git.branch-force-delete",
          "git branch -D deletes a branch even when it is not merged. Use `git branch -d`, which refuses unmerged work",
        );
      }
      return null;
    }
    case "stash": {
      const action = readGitArgs(args, "m", ["--message"]).positionals[0];
      if (action === "drop" || action === "clear") {
        return hit(
          `git.stash-${action}`,
          `git stash ${action} deletes stashed work for good. Use \`git stash list\` and \`git stash apply\`, or ask the user`,
        );
      }
      return null;
    }
    case "tag": {
      const a = readGitArgs(args, "mFu", ["--message", "--file"]);
      if (a.shorts.has("d") || a.longs.has("--delete")) {
        return hit(
          "git.tag-delete",
          "git tag -d deletes a tag. Ask the user before removing tags",
        );
      }
      return null;
    }
    case "reflog": {
      const a = readGitArgs(args);
      const action = a.positionals[0];
      const now = ["--expire", "--expire-unreachable"].some((o) =>
        /^(now|all|0)/.test(a.values.get(o) ?? "")
      );
      if (action === "delete" || (action === "expire" && now)) {
        return hit(
          "git.reflog-expire",
          "Deleting or expiring the reflog removes the last way to recover lost commits. Leave the reflog alone",
        );
      }
      return null;
    }
    case "gc":
      if (/^(now|all)/.test(readGitArgs(args).values.get("--prune") ?? "")) {
        return hit(
          "git.gc-prune",
          "git gc --prune=now deletes unreachable commits at once. Run plain `git gc`",
        );
      }
      return null;
    case "update-ref": {
      const a = readGitArgs(args, "m");
      if (a.shorts.has("d") || a.longs.has("--delete")) {
        return hit(
          "git.update-ref-delete",
          "git update-ref -d deletes a ref directly. Use `git branch -d` or `git tag -d` after asking the user",
        );
      }
      return null;
    }
    case "filter-branch":
      return hit(
        "git.filter-branch",
        "git filter-branch rewrites history. Ask the user, and back up the repository first",
      );
    case "worktree": {
      const a = readGitArgs(args);
      if (
        a.positionals[0] === "remove" &&
        (a.longs.has("--force") || a.shorts.has("f"))
      ) {
        return hit(
          "git.worktree-remove-force",
          "git worktree remove --force deletes a worktree with uncommitted changes. Use `git worktree remove` without --force",
        );
      }
      return null;
    }
    case "rebase":
    case "merge":
      if (readGitArgs(args).longs.has("--abort")) {
        return hit(
          `git.${sub}-abort`,
          `git ${sub} --abort throws away the conflict resolutions made so far. Commit or \`git stash\` the resolved files first, or ask the user`,
        );
      }
      return null;
    case "rm": {
      const a = readGitArgs(args, "", ["--pathspec-from-file"], {}, "rm");
      if (
        (a.shorts.has("f") || a.longs.has("--force")) &&
        !a.longs.has("--cached") && !a.shorts.has("n") &&
        !a.longs.has("--dry-run")
      ) {
        return hit(
          "git.rm-force",
          "git rm -f deletes files together with their uncommitted changes. Use `git rm --cached` to untrack, or commit or stash the changes first",
        );
      }
      return null;
    }
    default:
      return null;
  }
}

function checkCheckout(args: string[]): RuleHit | null {
  const a = readGitArgs(
    args,
    "bBU",
    [
      "--orphan",
      "--conflict",
      "--unified",
      "--inter-hunk-context",
      "--pathspec-from-file",
    ],
    {
      "--track": ["direct", "inherit"],
      "--recurse-submodules": ["checkout", "on-demand"],
    },
    "checkout",
  );
  if (a.shorts.has("f") || a.longs.has("--force")) {
    return hit(
      "git.checkout-force",
      "git checkout --force discards local changes. Commit or `git stash` them first",
    );
  }
  if (a.longs.has("--pathspec-from-file")) {
    return hit(
      "git.checkout-path",
      "git checkout --pathspec-from-file overwrites uncommitted changes in every listed file. Run `git stash` first",
    );
  }
  if (a.afterDashDash !== null) {
    return hit(
      "git.checkout-path",
      "git checkout -- <path> overwrites uncommitted changes in those files. Run `git stash` or `git diff > backup.patch` first",
    );
  }
  if (a.positionals.includes(".")) {
    return hit(
      "git.checkout-path",
      "git checkout . discards every uncommitted change. Run `git stash` first",
    );
  }
  if (a.positionals.length >= 2) {
    return hit(
      "git.checkout-path",
      "git checkout <ref> <path> overwrites uncommitted changes in those files. Use `git switch <branch>` to change branches, or `git stash` first",
    );
  }
  return null;
}

function checkPush(args: string[]): RuleHit | null {
  const a = readGitArgs(
    args,
    "o",
    [
      "--push-option",
      "--repo",
      "--receive-pack",
      "--exec",
    ],
    {},
    "push",
  );
  if (a.longs.has("--mirror")) {
    return hit(
      "git.push-mirror",
      "git push --mirror overwrites and deletes remote refs. Push the branches you mean by name",
    );
  }
  const refs = [...a.positionals.slice(1), ...(a.afterDashDash ?? [])];
  if (a.longs.has("--delete") || a.shorts.has("d")) {
    return hit(
      "git.push-delete",
      "git push --delete removes a remote branch or tag. Ask the user to delete remote refs",
    );
  }
  if (refs.some((r) => r.startsWith(":") && r.length > 1)) {
    return hit(
      "git.push-delete",
      "git push <remote> :<branch> deletes the remote branch. Ask the user to delete remote refs",
    );
  }
  const force = a.longs.has("--force") || a.shorts.has("f") ||
    refs.some((r) => r.startsWith("+"));
  if (force) {
    return hit(
      "git.push-force",
      "git push --force can overwrite others' commits. Use `git push --force-with-lease`",
    );
  }
  return null;
}
