/**
 * The long options of the git subcommands the guard watches, so a long option
 * is read the way git's own option parser reads it: a unique prefix stands for
 * the option (`git reset --h` is `--hard`), and `--no-<option>` undoes an
 * earlier `--<option>` (`git rm --cached --no-cached --force` deletes files).
 *
 * Pure data and string logic.
 *
 * @module
 */

/** Options every watched subcommand has (`--help` is git's own, not the subcommand's). */
const COMMON = ["--quiet"];

/** Long options by subcommand (without their `--no-` forms, which are derived). */
const LONG_OPTIONS: Record<string, readonly string[]> = {
  reset: [
    "--mixed",
    "--soft",
    "--hard",
    "--merge",
    "--keep",
    "--recurse-submodules",
    "--pathspec-from-file",
    "--pathspec-file-nul",
    "--intent-to-add",
    "--refresh",
  ],
  rm: [
    "--dry-run",
    "--cached",
    "--force",
    "--ignore-unmatch",
    "--sparse",
    "--pathspec-from-file",
    "--pathspec-file-nul",
  ],
  clean: ["--force", "--dry-run", "--interactive", "--exclude"],
  checkout: [
    "--force",
    "--progress",
    "--ours",
    "--theirs",
    "--track",
    "--orphan",
    "--detach",
    "--merge",
    "--conflict",
    "--patch",
    "--ignore-skip-worktree-bits",
    "--ignore-other-worktrees",
    "--overwrite-ignore",
    "--recurse-submodules",
    "--guess",
    "--overlay",
    "--pathspec-from-file",
    "--pathspec-file-nul",
  ],
  switch: [
    "--create",
    "--force-create",
    "--discard-changes",
    "--force",
    "--detach",
    "--guess",
    "--merge",
    "--conflict",
    "--progress",
    "--track",
    "--orphan",
    "--ignore-other-worktrees",
    "--recurse-submodules",
    "--overwrite-ignore",
  ],
  restore: [
    "--source",
    "--staged",
    "--worktree",
    "--ignore-unmerged",
    "--overlay",
    "--recurse-submodules",
    "--progress",
    "--merge",
    "--conflict",
    "--ours",
    "--theirs",
    "--patch",
    "--ignore-skip-worktree-bits",
    "--pathspec-from-file",
    "--pathspec-file-nul",
  ],
  branch: [
    "--delete",
    "--force",
    "--move",
    "--copy",
    "--list",
    "--create-reflog",
    "--color",
    "--column",
    "--contains",
    "--merged",
    "--edit-description",
    "--format",
    "--ignore-case",
    "--points-at",
    "--remotes",
    "--all",
    "--set-upstream-to",
    "--unset-upstream",
    "--show-current",
    "--sort",
    "--track",
    "--abbrev",
    "--recurse-submodules",
    "--omit-empty",
  ],
  push: [
    "--all",
    "--branches",
    "--mirror",
    "--delete",
    "--tags",
    "--dry-run",
    "--porcelain",
    "--force",
    "--force-with-lease",
    "--force-if-includes",
    "--repo",
    "--set-upstream",
    "--thin",
    "--receive-pack",
    "--exec",
    "--prune",
    "--recurse-submodules",
    "--verify",
    "--follow-tags",
    "--signed",
    "--atomic",
    "--push-option",
    "--ipv4",
    "--ipv6",
    "--progress",
    "--verbose",
  ],
};

/**
 * The option a long option word stands for in a subcommand: itself when
 * exact, the one option it abbreviates uniquely (negated forms included), or
 * null when the subcommand is not described here or nothing fits.
 *
 * @param sub The git subcommand.
 * @param name The option as written, without `=value`.
 * @returns The full option name (`--no-…` kept), or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expandGitLong } from "./_git_options.ts";
 * assert.equal(expandGitLong("reset", "--h"), "--hard");
 * assert.equal(expandGitLong("restore", "--s"), null);
 * ```
 */
export function expandGitLong(sub: string, name: string): string | null {
  const own = LONG_OPTIONS[sub];
  if (own === undefined) return null;
  const all = [...own, ...COMMON];
  const every = [...all, ...all.map((o) => `--no-${o.slice(2)}`)];
  if (every.includes(name)) return name;
  const matches = every.filter((o) => o.startsWith(name));
  return matches.length === 1 ? matches[0] ?? null : null;
}
