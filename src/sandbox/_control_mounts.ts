/**
 * The bubblewrap mounts that make a project's control files read-only for
 * the whole run, by the kernel: every existing control folder and file is
 * bound read-only onto itself (same inode); `.git` is bound onto itself
 * read-write, so ordinary git work goes on, with its settings and programs
 * (`config`, `hooks`, `info`, `commondir`, `modules`, `worktrees`…) bound
 * read-only inside; the folders on the way to a nested control path
 * (`.github` for `.github/hooks`) are bound onto themselves. A mount point
 * cannot be removed, renamed or replaced by a link from inside the namespace,
 * so none of them can be swapped for something else either.
 *
 * A control path that does not exist yet cannot be mounted without creating
 * it in the project; those are for the clean-up (`_control_guard.ts`). A
 * control path that is a link is bound only when it leads to a real path
 * inside the project (the target is bound); a link out of the project leads
 * nowhere inside the namespace, and its target is never mounted.
 *
 * Reads the file system (never through a link); never starts a process.
 *
 * @module
 */

import { join } from "node:path";
import { GIT_CONTROL_NAMES } from "../safety/control_files.ts";
import { controlSpec, type Spec } from "./_control_spec.ts";
import { isInside } from "./_bwrap.ts";
import {
  closeFolder,
  type Folder,
  lstatIn,
  openChild,
  openFolder,
} from "./_nofollow_fs.ts";

function linkTarget(project: string, path: string): string | null {
  try {
    const real = Deno.realPathSync(path);
    return real !== project && isInside(real, project) ? real : null;
  } catch {
    return null;
  }
}

/** Read-only binds for one entry (its link target inside the project, if a link). */
function readOnly(
  project: string,
  folder: Folder,
  name: string,
  args: string[],
): void {
  const info = lstatIn(folder, name);
  const path = join(folder.path, name);
  if (info?.kind === "dir" || info?.kind === "file") {
    args.push("--ro-bind", path, path);
  } else if (info?.kind === "link") {
    const real = linkTarget(project, path);
    if (real) args.push("--ro-bind", real, real);
  }
}

function walk(project: string, folder: Folder, spec: Spec, args: string[]) {
  for (const [name, child] of spec.children) {
    const info = lstatIn(folder, name);
    if (!info) continue;
    const path = join(folder.path, name);
    if (child.rule === "whole" || info.kind !== "dir") {
      readOnly(project, folder, name, args);
      continue;
    }
    // Pinned: a mount point cannot be renamed away or replaced.
    args.push("--bind", path, path);
    const sub = openChild(folder, name);
    if (!sub) continue;
    try {
      if (child.rule === "git") {
        for (const entry of GIT_CONTROL_NAMES) {
          readOnly(project, sub, entry, args);
        }
      } else walk(project, sub, child, args);
    } finally {
      closeFolder(sub);
    }
  }
}

/**
 * The bubblewrap arguments that bind a project's control files read-only,
 * to come after the project's own read-write bind.
 *
 * @param project The project (real path).
 * @param onSpec Given the spec the arguments come from (for a baseline of the same moment).
 * @returns `--bind`/`--ro-bind` arguments, parents before children.
 */
export function controlMountArgs(
  project: string,
  onSpec?: (spec: Spec) => void,
): string[] {
  const folder = openFolder(project);
  if (!folder) return [];
  try {
    const args: string[] = [];
    const spec = controlSpec(project, folder);
    onSpec?.(spec);
    walk(project, folder, spec, args);
    return args;
  } finally {
    closeFolder(folder);
  }
}
