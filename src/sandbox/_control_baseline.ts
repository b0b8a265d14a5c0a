/**
 * The baseline of a project's control files (see `_control_spec.ts`), taken
 * before a run: every entry that counts, recorded without following a link,
 * with the bytes of its files (up to a cap), read through folders held open.
 *
 * Only reads; never starts a process.
 *
 * @module
 */

import {
  childRule,
  controlSpec,
  type Rule,
  type Spec,
} from "./_control_spec.ts";
import {
  closeFolder,
  type EntryInfo,
  type Folder,
  lstatIn,
  namesIn,
  openChild,
  openFolder,
  readFileIn,
  readLinkIn,
} from "./_nofollow_fs.ts";

/** The most entries a baseline holds; a project past it is refused, not half guarded. */
const MAX_ENTRIES = 20_000;
/** Contents kept per file and in all; a bigger file can be detected, not put back. */
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_TOTAL_BYTES = 16 * 1024 * 1024;
/** Files changed this close to the snapshot are compared by content (timestamps are coarse). */
export const RECENT_MS = 2_000;

/** One recorded entry. */
export interface Node {
  info: EntryInfo;
  rule: Rule | null;
  spec?: Spec;
  gitDir?: boolean;
  data?: Uint8Array;
  target?: string;
  children: Map<string, Node>;
}

/** The state of a project's control files before a run. */
export interface ControlBaseline {
  project: string;
  root: Node;
  takenAt: number;
}

/** What the clean-up did. */
export interface ControlReport {
  /** Project-relative paths the run had changed, now as they were. */
  restored: string[];
  /** Project-relative paths the run changed that are not as they were, each with why. */
  failed: string[];
}

function isGitDir(folder: Folder, name: string): boolean {
  const child = openChild(folder, name);
  if (!child) return false;
  try {
    return lstatIn(child, "HEAD") !== null;
  } finally {
    closeFolder(child);
  }
}

/**
 * The names of a folder that count, and their rules: those there now (one
 * listing, cheaper than a failed `lstat` per missing name) and those the
 * baseline holds.
 */
export function countedNames(
  folder: Folder,
  node: Pick<Node, "rule" | "spec" | "children">,
): Map<string, { rule: Rule; spec?: Spec }> {
  const counted = new Map<string, { rule: Rule; spec?: Spec }>();
  const names = new Set(node.children.keys());
  for (const name of namesIn(folder)) names.add(name);
  const rule = node.rule!;
  for (const name of names) {
    if (rule === "pinned") {
      const spec = node.spec!.children.get(name);
      if (spec) counted.set(name, { rule: spec.rule, spec });
      continue;
    }
    const before = node.children.get(name);
    const gitDir = before?.gitDir ??
      (rule === "modules" && isGitDir(folder, name));
    const child = childRule(rule, name, gitDir);
    if (child) counted.set(name, { rule: child });
  }
  return counted;
}

/** A file's content as last read, with the stamp it had then. */
interface Read {
  stamp: string;
  data: Uint8Array;
  readAt: number;
}

/**
 * The contents the last baseline of each project read: a file whose stamp
 * has not changed since (and had not changed just before that read, as
 * timestamps are coarse) has the same bytes, so the next baseline need not
 * read it again.
 */
const lastReads = new Map<string, Map<string, Read>>();
const MAX_PROJECTS_REMEMBERED = 16;

class Recorder {
  entries = 0;
  bytes = 0;
  reads = new Map<string, Read>();
  readonly previous: Map<string, Read>;
  constructor(readonly project: string) {
    this.previous = lastReads.get(project) ?? new Map();
  }

  content(folder: Folder, name: string, rel: string, info: EntryInfo) {
    const last = this.previous.get(rel);
    if (
      last && last.stamp === info.stamp &&
      info.ctimeMs < last.readAt - RECENT_MS
    ) {
      this.reads.set(rel, last);
      return last.data;
    }
    const readAt = Date.now();
    const data = readFileIn(folder, name, MAX_FILE_BYTES);
    if (data) this.reads.set(rel, { stamp: info.stamp, data, readAt });
    return data;
  }

  folder(folder: Folder, node: Node, rel = ""): void {
    for (const [name, { rule, spec }] of countedNames(folder, node)) {
      const path = rel ? `${rel}/${name}` : name;
      const info = lstatIn(folder, name);
      if (!info) continue;
      if (++this.entries > MAX_ENTRIES) {
        throw new Error(
          `Cannot guard the control files of "${this.project}": they hold over ${MAX_ENTRIES} entries (${folder.path})`,
        );
      }
      const child: Node = { info, rule, children: new Map() };
      if (spec) child.spec = spec;
      if (node.rule === "modules") child.gitDir = rule === "git";
      if (info.kind === "file" && info.size <= MAX_FILE_BYTES) {
        if (this.bytes + info.size <= MAX_TOTAL_BYTES) {
          const data = this.content(folder, name, path, info);
          if (data) {
            child.data = data;
            this.bytes += data.length;
          }
        }
      } else if (info.kind === "link") {
        child.target = readLinkIn(folder, name);
      } else if (info.kind === "dir") {
        const sub = openChild(folder, name);
        if (sub) {
          try {
            this.folder(sub, child, path);
          } finally {
            closeFolder(sub);
          }
        }
      }
      node.children.set(name, child);
    }
  }
}

/**
 * Records the control files of a project.
 *
 * @param project The project (real path).
 * @param spec The project's control spec, found just now; else it is searched here.
 * @returns The baseline to hand to {@link restoreControlFiles}.
 * @throws {Error} When the control files hold more entries than a baseline keeps.
 */
export function snapshotControlFiles(
  project: string,
  spec?: Spec,
): ControlBaseline {
  const folder = openFolder(project);
  if (!folder) {
    throw new Deno.errors.NotFound(
      `Cannot guard the control files of "${project}": it is not a folder`,
    );
  }
  try {
    const root: Node = {
      info: lstatIn(folder, ".")!,
      rule: "pinned",
      spec: spec ?? controlSpec(project, folder),
      children: new Map(),
    };
    const recorder = new Recorder(project);
    recorder.folder(folder, root);
    lastReads.delete(project);
    lastReads.set(project, recorder.reads);
    if (lastReads.size > MAX_PROJECTS_REMEMBERED) {
      lastReads.delete(lastReads.keys().next().value!);
    }
    return { project, root, takenAt: Date.now() };
  } finally {
    closeFolder(folder);
  }
}
