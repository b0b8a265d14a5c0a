/**
 * Which entries of a project count as control files for a run, as a tree of
 * names below the project root: the fixed list (`RUN_CONTROL_PATHS`), plus
 * what the project's git configuration, and the user's and the system's,
 * point at inside the project (`core.hooksPath`, `core.fsmonitor`,
 * `include.path`), and the rule by which
 * each folder's entries are judged:
 *
 * - `pinned`: a folder on the way to a control path (the project root,
 *   `.github`); only the names below it in the tree count;
 * - `whole`: every entry below counts (but package folders and worktrees);
 * - `git`: a git folder, where {@link GIT_CONTROL_NAMES} count;
 * - `modules`/`worktrees`: git's folders of submodule and worktree git dirs.
 *
 * Reads the project's git config files, never through a link, and the
 * user's and the system's; never writes anything.
 *
 * @module
 */

import { join } from "node:path";
import {
  GIT_CONTROL_NAMES,
  RUN_CONTROL_PATHS,
} from "../safety/control_files.ts";
import {
  closeFolder,
  type Folder,
  lstatIn,
  namesIn,
  openChild,
  openFolder,
  readFileIn,
} from "./_nofollow_fs.ts";
import { gitFileTarget, insideProject, nestedRepos } from "./_nested_repos.ts";
import { configValues, userGitConfigTargets } from "./_git_config_values.ts";

/** How a folder's entries are judged. */
export type Rule = "pinned" | "whole" | "git" | "modules" | "worktrees";

/** A node of the tree of control names. */
export interface Spec {
  rule: Rule;
  /** For `pinned`: the names that count below it. */
  children: Map<string, Spec>;
  /** At the root: the nested repositories found (project-relative git folders). */
  repos?: string[];
}

/** Folders inside a `whole` folder that hold data, not settings (checkouts, packages). */
export const WHOLE_SKIPPED: ReadonlySet<string> = new Set([
  "node_modules",
  "worktrees",
]);
const GIT_WHOLE = new Set(
  GIT_CONTROL_NAMES.filter((name) =>
    name !== "modules" && name !== "worktrees"
  ),
);
const MAX_CONFIG_BYTES = 1024 * 1024;

function node(rule: Rule): Spec {
  return { rule, children: new Map() };
}

function add(root: Spec, path: string, rule: Rule): void {
  const parts = path.split("/");
  let at = root;
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const existing = at.children.get(part);
    if (existing && existing.rule !== "pinned") return;
    if (last) {
      // A control path over a folder on the way to others: all of it counts.
      at.children.set(part, node(rule));
      return;
    }
    const next = existing ?? node("pinned");
    at.children.set(part, next);
    at = next;
  }
}

/**
 * The rule of an entry inside a folder judged by `rule`.
 *
 * @param rule The folder's rule.
 * @param name The entry's name.
 * @param isGitDir For `modules`: whether the entry is a git folder (holds `HEAD`).
 * @returns The entry's rule, or null when it does not count.
 */
export function childRule(
  rule: Rule,
  name: string,
  isGitDir: boolean,
): Rule | null {
  switch (rule) {
    case "whole":
      return WHOLE_SKIPPED.has(name) ? null : "whole";
    case "git":
      if (name === "modules") return "modules";
      if (name === "worktrees") return "worktrees";
      return GIT_WHOLE.has(name) ? "whole" : null;
    case "modules":
      return isGitDir ? "git" : "modules";
    case "worktrees":
      return "git";
    case "pinned":
      return null;
  }
}

/**
 * The project files git's configuration makes it run or read settings from:
 * `core.hooksPath` (a folder), `core.fsmonitor` (a program, unless a
 * boolean), `include.path` and `includeIf.*.path` (config files), found in
 * `.git/config` and `.git/config.worktree`.
 */
function gitConfigTargets(project: string, root: Folder): {
  path: string;
  rule: Rule;
}[] {
  const git = openChild(root, ".git");
  if (!git) return [];
  const found: { path: string; rule: Rule }[] = [];
  try {
    const present = namesIn(git);
    for (const file of ["config", "config.worktree"]) {
      if (!present.includes(file)) continue;
      const bytes = readFileIn(git, file, MAX_CONFIG_BYTES);
      if (!bytes) continue;
      const text = new TextDecoder().decode(bytes);
      const gitDir = join(project, ".git");
      for (const value of configValues(text, new Set(["core.hookspath"]))) {
        const path = insideProject(project, project, value);
        if (path) found.push({ path, rule: "whole" });
      }
      for (const value of configValues(text, new Set(["core.fsmonitor"]))) {
        if (/^(?:true|false|yes|no|on|off|[01])$/i.test(value)) continue;
        const path = insideProject(project, project, value.split(/\s+/)[0]!);
        if (path) found.push({ path, rule: "whole" });
      }
      const includes = configValues(
        text,
        new Set(["include.path", "includeif.path"]),
      );
      for (const value of includes) {
        const path = insideProject(project, gitDir, value);
        if (path) found.push({ path, rule: "whole" });
      }
    }
  } finally {
    closeFolder(git);
  }
  return found.filter((target) => !target.path.startsWith(".git/"));
}

/** Where `.git/commondir` points, when that is inside the project (not `.git` itself). */
function commonDirTarget(project: string, root: Folder): string | null {
  const git = openChild(root, ".git");
  if (!git) return null;
  try {
    const bytes = readFileIn(git, "commondir", 4096);
    if (!bytes) return null;
    const value = new TextDecoder().decode(bytes).trim();
    const path = value
      ? insideProject(project, join(project, ".git"), value)
      : null;
    return path && path !== ".git" && !path.startsWith(".git/") ? path : null;
  } finally {
    closeFolder(git);
  }
}

/**
 * The tree of control names of a project.
 *
 * @param project The project (real path).
 * @param root The project folder, held open.
 * @returns The root's spec (`pinned`).
 */
export function controlSpec(project: string, root: Folder): Spec {
  const spec = node("pinned");
  for (const entry of RUN_CONTROL_PATHS) add(spec, entry.path, entry.kind);
  const git = lstatIn(root, ".git")?.kind;
  if (git === "file") {
    const gitDir = gitFileTarget(project, root, project);
    if (gitDir) add(spec, gitDir, "git");
  } else if (git === "dir") {
    for (const target of gitConfigTargets(project, root)) {
      add(spec, target.path, target.rule);
    }
  }
  const repos = nestedRepos(project, root);
  for (const repo of repos) add(spec, repo.path, "git");
  spec.repos = repos.map((repo) => repo.path);
  const common = commonDirTarget(project, root);
  if (common) add(spec, common, "git");
  for (const path of userGitConfigTargets(project)) add(spec, path, "whole");
  return spec;
}

/**
 * Every control path of a project as an absolute path, existing or not:
 * the leaves of {@link controlSpec} (`.git` whole), for a deny list.
 *
 * @param project The project (real path).
 * @param onSpec Given the spec the leaves come from (for a baseline of the same moment).
 * @returns Absolute paths.
 */
export function controlLeaves(
  project: string,
  onSpec?: (spec: Spec) => void,
): string[] {
  const root = openFolder(project);
  let spec = node("pinned");
  if (root) {
    try {
      spec = controlSpec(project, root);
      onSpec?.(spec);
    } finally {
      closeFolder(root);
    }
  } else {
    for (const entry of RUN_CONTROL_PATHS) add(spec, entry.path, entry.kind);
  }
  const leaves: string[] = [];
  const visit = (at: Spec, path: string) => {
    for (const [name, child] of at.children) {
      const next = join(path, name);
      if (child.rule === "pinned") visit(child, next);
      else leaves.push(next);
    }
  };
  visit(spec, project);
  return leaves;
}
