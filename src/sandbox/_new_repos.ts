/**
 * The clean-up of the repositories a run made inside the project (`git init
 * sub`, a bare repository, a `.git` file naming a new git dir): they had no
 * baseline, so their settings and programs are the run's own, and a later
 * `git` in that folder would run a hook or an fsmonitor the run planted.
 * Their objects, refs and index stay; every entry git reads settings or
 * programs from (`config`, `hooks`, `info`, `commondir`, `modules`,
 * `worktrees`… as listed in `GIT_CONTROL_NAMES`) is removed, and a plain
 * `config` and an empty `hooks` folder are made in their place, so that the
 * next run finds them and bubblewrap binds them read-only.
 *
 * Walks from the project root through folders held open, never through a
 * link; never starts a process.
 *
 * @module
 */

import { GIT_CONTROL_NAMES } from "../safety/control_files.ts";
import type { ControlReport } from "./_control_baseline.ts";
import type { Spec } from "./_control_spec.ts";
import { nestedRepos } from "./_nested_repos.ts";
import {
  closeFolder,
  createFileIn,
  createFolderIn,
  type Folder,
  lstatIn,
  openChild,
  openFolder,
  removeIn,
} from "./_nofollow_fs.ts";

function plainConfig(bare: boolean): Uint8Array {
  return new TextEncoder().encode(
    `[core]\n\trepositoryformatversion = 0\n\tbare = ${bare}\n`,
  );
}

/** Opens a project-relative folder, one component at a time, never through a link. */
function openPath(root: Folder, path: string): Folder | null {
  let at: Folder = root;
  for (const part of path.split("/")) {
    const next = openChild(at, part);
    if (at !== root) closeFolder(at);
    if (!next) return null;
    at = next;
  }
  return at;
}

function neutralize(git: Folder, path: string, bare: boolean): string[] {
  const removed: string[] = [];
  for (const name of GIT_CONTROL_NAMES) {
    if (!lstatIn(git, name)) continue;
    removeIn(git, name);
    removed.push(`${path}/${name}`);
  }
  createFileIn(git, "config", plainConfig(bare), 0o644);
  createFolderIn(git, "hooks", 0o755);
  return removed;
}

/**
 * Takes from every repository the run made its settings and programs.
 *
 * @param project The project (real path).
 * @param before The control spec of the baseline (its `repos`: those there before the run).
 * @returns What was removed (`restored`) and what could not be (`failed`).
 */
export function cleanNewRepos(project: string, before: Spec): ControlReport {
  const report: ControlReport = { restored: [], failed: [] };
  const root = openFolder(project);
  if (!root) return report;
  try {
    const known = new Set(before.repos ?? []);
    for (const repo of nestedRepos(project, root)) {
      if (known.has(repo.path)) continue;
      const git = openPath(root, repo.path);
      if (!git) continue;
      try {
        report.restored.push(...neutralize(git, repo.path, repo.bare));
      } catch (error) {
        report.failed.push(
          `${repo.path} (a repository the run made: ${
            error instanceof Error ? error.message : String(error)
          })`,
        );
      } finally {
        closeFolder(git);
      }
    }
  } finally {
    closeFolder(root);
  }
  return report;
}
