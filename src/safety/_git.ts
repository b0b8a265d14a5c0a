/**
 * Destructive git invocations: the subcommands and flags that discard work,
 * rewrite or delete history, or delete remote refs.
 *
 * Pure: looks at words only; never runs git or reads a repository.
 *
 * @module
 */

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

function hasShort(args: string[], letter: string): boolean {
  return args.some((a) =>
    a.startsWith("-") && !a.startsWith("--") && a.slice(1).includes(letter)
  );
}

function positionals(args: string[]): string[] {
  const out: string[] = [];
  let rest = false;
  for (const a of args) {
    if (rest) out.push(a);
    else if (a === "--") rest = true;
    else if (!a.startsWith("-")) out.push(a);
  }
  return out;
}

/**
 * Splits `git [global options] sub args` into the subcommand and its
 * arguments, expanding aliases set with `-c alias.x=…`. Returns the alias's
 * shell text when the alias is a `!` shell alias.
 */
export function splitGit(
  args: string[],
): { sub: string | null; args: string[]; shellAlias: string | null } {
  const aliases = new Map<string, string>();
  let i = 0;
  while (i < args.length) {
    const a = args[i] ?? "";
    if (GLOBAL_WITH_VALUE.has(a)) {
      if (a === "-c") {
        const setting = args[i + 1] ?? "";
        const eq = setting.indexOf("=");
        const key = setting.slice(0, eq).toLowerCase();
        if (eq > 0 && key.startsWith("alias.")) {
          aliases.set(key.slice(6), setting.slice(eq + 1));
        }
      }
      i += 2;
    } else if (a.startsWith("-")) i++;
    else break;
  }
  const sub = args[i];
  if (sub === undefined) return { sub: null, args: [], shellAlias: null };
  const rest = args.slice(i + 1);
  const alias = aliases.get(sub.toLowerCase());
  if (alias !== undefined) {
    if (alias.startsWith("!")) {
      return { sub, args: rest, shellAlias: alias.slice(1) };
    }
    const words = alias.split(/\s+/).filter((w) => w !== "");
    return {
      sub: words[0] ?? null,
      args: [...words.slice(1), ...rest],
      shellAlias: null,
    };
  }
  return { sub, args: rest, shellAlias: null };
}

/** Checks one git subcommand with its arguments. */
export function checkGitSubcommand(
  sub: string,
  args: string[],
): RuleHit | null {
  const has = (flag: string): boolean => args.includes(flag);
  switch (sub) {
    case "reset":
      if (has("--hard")) {
        return hit(
          "git.reset-hard",
          "git reset --hard throws away uncommitted changes. Run `git stash` first, or use `git reset --soft`/`--keep`",
        );
      }
      if (has("--merge")) {
        return hit(
          "git.reset-merge",
          "git reset --merge can discard uncommitted changes. Run `git stash` first, or use `git reset --keep`",
        );
      }
      return null;
    case "checkout": {
      if (has("-f") || has("--force") || hasShort(args, "f")) {
        return hit(
          "git.checkout-force",
          "git checkout --force discards local changes. Commit or `git stash` them first",
        );
      }
      const dashDash = args.indexOf("--");
      if (dashDash !== -1 && dashDash < args.length - 1) {
        return hit(
          "git.checkout-path",
          "git checkout -- <path> overwrites uncommitted changes in those files. Run `git stash` or `git diff > backup.patch` first",
        );
      }
      if (positionals(args).includes(".")) {
        return hit(
          "git.checkout-path",
          "git checkout . discards every uncommitted change. Run `git stash` first",
        );
      }
      return null;
    }
    case "switch":
      if (has("--discard-changes") || has("-f") || has("--force")) {
        return hit(
          "git.switch-force",
          "git switch --discard-changes/--force throws away local changes. Commit or `git stash` them first",
        );
      }
      return null;
    case "restore": {
      const staged = has("--staged") || hasShort(args, "S");
      const worktree = has("--worktree") || hasShort(args, "W");
      if (staged && !worktree) return null;
      if (positionals(args).length === 0 && !has("--")) return null;
      return hit(
        "git.restore-worktree",
        "git restore overwrites uncommitted changes in the working tree. Use `git restore --staged` to unstage, or `git stash` first",
      );
    }
    case "clean": {
      const dry = has("-n") || has("--dry-run") || hasShort(args, "n");
      const force = has("--force") || hasShort(args, "f");
      if (force && !dry) {
        return hit(
          "git.clean-force",
          "git clean -f deletes untracked files for good. Preview with `git clean -n` and delete what you mean by name",
        );
      }
      return null;
    }
    case "push": {
      if (has("--mirror")) {
        return hit(
          "git.push-mirror",
          "git push --mirror overwrites and deletes remote refs. Push the branches you mean by name",
        );
      }
      if (has("--delete") || hasShort(args, "d")) {
        return hit(
          "git.push-delete",
          "git push --delete removes a remote branch or tag. Ask the user to delete remote refs",
        );
      }
      const refs = positionals(args).slice(1);
      if (refs.some((r) => r.startsWith(":") && r.length > 1)) {
        return hit(
          "git.push-delete",
          "git push <remote> :<branch> deletes the remote branch. Ask the user to delete remote refs",
        );
      }
      const force = has("--force") || hasShort(args, "f") ||
        refs.some((r) => r.startsWith("+"));
      if (force) {
        return hit(
          "git.push-force",
          "git push --force can overwrite others' commits. Use `git push --force-with-lease`",
        );
      }
      return null;
    }
    case "branch": {
      const del = has("-d") || has("--delete") || hasShort(args, "d");
      const force = has("-f") || has("--force") || hasShort(args, "f");
      if (has("-D") || hasShort(args, "D") || (del && force)) {
        return hit(
          "git.branch-force-delete",
          "git branch -D deletes a branch even when it is not merged. Use `git branch -d`, which refuses unmerged work",
        );
      }
      return null;
    }
    case "stash": {
      const action = positionals(args)[0];
      if (action === "drop" || action === "clear") {
        return hit(
          `git.stash-${action}`,
          `git stash ${action} deletes stashed work for good. Use \`git stash list\` and \`git stash apply\`, or ask the user`,
        );
      }
      return null;
    }
    case "tag":
      if (has("-d") || has("--delete") || hasShort(args, "d")) {
        return hit(
          "git.tag-delete",
          "git tag -d deletes a tag. Ask the user before removing tags",
        );
      }
      return null;
    case "reflog": {
      const action = positionals(args)[0];
      const now = args.some((a) =>
        /^--expire(-unreachable)?=(now|all|0)/.test(a)
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
      if (args.some((a) => /^--prune=(now|all)/.test(a))) {
        return hit(
          "git.gc-prune",
          "git gc --prune=now deletes unreachable commits at once. Run plain `git gc`",
        );
      }
      return null;
    case "update-ref":
      if (has("-d") || has("--delete")) {
        return hit(
          "git.update-ref-delete",
          "git update-ref -d deletes a ref directly. Use `git branch -d` or `git tag -d` after asking the user",
        );
      }
      return null;
    case "filter-branch":
      return hit(
        "git.filter-branch",
        "git filter-branch rewrites history. Ask the user, and back up the repository first",
      );
    case "worktree": {
      const action = positionals(args)[0];
      if (
        action === "remove" &&
        (has("--force") || has("-f") || hasShort(args, "f"))
      ) {
        return hit(
          "git.worktree-remove-force",
          "git worktree remove --force deletes a worktree with uncommitted changes. Use `git worktree remove` without --force",
        );
      }
      return null;
    }
    default:
      return null;
  }
}
