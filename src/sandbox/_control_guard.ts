/**
 * The second line behind the read-only mounts: a baseline of the project's
 * control files (see `_control_spec.ts`) taken before a run, and a clean-up
 * after it that puts back whatever the run changed, created or deleted
 * there, under Landlock and without confinement, and where a mount could not
 * cover a path (one that did not exist when the host started).
 *
 * Safe on its own, since it runs with the server's rights on a tree the run
 * may have rearranged: it walks from the project root through folders held
 * open, never following a link (a link where a folder or file was is
 * removed, never written through); the snapshot never reads through a link;
 * overlapping runs of one project share one baseline, so none puts back a
 * state another run made; its work is bounded by what the baseline holds (a
 * flood of new entries is removed whole, not walked); and what it could not
 * put back it reports as such.
 *
 * This module never starts a process.
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
  createFileIn,
  createFolderIn,
  createLinkIn,
  type EntryInfo,
  type Folder,
  lstatIn,
  namesIn,
  openChild,
  openFolder,
  readFileIn,
  readLinkIn,
  removeIn,
  setFileMode,
  setFolderMode,
} from "./_nofollow_fs.ts";

/** The most entries a baseline holds; a project past it is refused, not half guarded. */
const MAX_ENTRIES = 20_000;
/** Contents kept per file and in all; a bigger file can be detected, not put back. */
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_TOTAL_BYTES = 16 * 1024 * 1024;
/** Files changed this close to the snapshot are compared by content (timestamps are coarse). */
const RECENT_MS = 2_000;

interface Node {
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
function countedNames(
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
 * @returns The baseline to hand to {@link restoreControlFiles}.
 * @throws {Error} When the control files hold more entries than a baseline keeps.
 */
export function snapshotControlFiles(project: string): ControlBaseline {
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
      spec: controlSpec(project, folder),
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

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

class Restorer {
  report: ControlReport = { restored: [], failed: [] };
  constructor(readonly takenAt: number) {}

  folder(folder: Folder, node: Node, rel: string): void {
    for (const [name, { rule, spec }] of countedNames(folder, node)) {
      const path = rel ? `${rel}/${name}` : name;
      try {
        this.entry(folder, name, path, node.children.get(name), rule, spec);
      } catch (error) {
        this.report.failed.push(`${path} (${message(error)})`);
      }
    }
  }

  entry(
    folder: Folder,
    name: string,
    path: string,
    before: Node | undefined,
    rule: Rule,
    spec: Spec | undefined,
  ): void {
    const now = lstatIn(folder, name);
    if (!before) {
      if (!now) return;
      if (rule === "pinned" && now.kind === "dir") {
        // A folder on the way to control paths, made by the run: judge what is in it.
        this.within(folder, name, path, {
          info: now,
          rule,
          ...(spec ? { spec } : {}),
          children: new Map(),
        });
        return;
      }
      if (rule === "pinned" && now.kind !== "link") return;
      removeIn(folder, name);
      this.report.restored.push(path);
      return;
    }
    if (!now) {
      this.create(folder, name, path, before);
      return;
    }
    if (
      now.kind !== before.info.kind ||
      (now.kind === "link" && readLinkIn(folder, name) !== before.target)
    ) {
      removeIn(folder, name);
      this.create(folder, name, path, before);
      return;
    }
    if (now.kind === "link") return;
    if (now.kind === "dir") {
      if (now.mode !== before.info.mode) {
        setFolderMode(folder, name, before.info.mode);
        this.report.restored.push(path);
      }
      this.within(folder, name, path, before);
      return;
    }
    if (now.stamp === before.info.stamp && !this.recent(before)) return;
    if (now.kind === "other" || !before.data) {
      removeIn(folder, name);
      this.report.failed.push(
        `${path} (${
          now.kind === "other"
            ? "not a regular file, cannot be made again"
            : "its old content was too large to keep"
        }; removed)`,
      );
      return;
    }
    const current = readFileIn(folder, name, before.data.length);
    if (
      current && sameBytes(current, before.data) &&
      now.links === before.info.links
    ) {
      if (now.mode !== before.info.mode) {
        setFileMode(folder, name, before.info.mode);
        this.report.restored.push(path);
      }
      return;
    }
    // Replaced, not rewritten in place: a hard link to it elsewhere keeps the run's bytes, not this file.
    removeIn(folder, name);
    this.create(folder, name, path, before);
  }

  recent(before: Node): boolean {
    return before.info.ctimeMs >= this.takenAt - RECENT_MS;
  }

  within(folder: Folder, name: string, path: string, node: Node): void {
    const sub = openChild(folder, name);
    if (!sub) {
      this.report.failed.push(`${path} (replaced while being checked)`);
      return;
    }
    try {
      this.folder(sub, node, path);
    } finally {
      closeFolder(sub);
    }
  }

  /** Makes an entry of the baseline again where nothing is now. */
  create(folder: Folder, name: string, path: string, before: Node): void {
    const made = this.make(folder, name, path, before);
    if (made) this.report.restored.push(path);
  }

  make(folder: Folder, name: string, path: string, before: Node): boolean {
    try {
      switch (before.info.kind) {
        case "file":
          if (!before.data) {
            this.report.failed.push(
              `${path} (its old content was too large to keep)`,
            );
            return false;
          }
          createFileIn(folder, name, before.data, before.info.mode);
          return true;
        case "link":
          createLinkIn(folder, name, before.target ?? "");
          return true;
        case "dir": {
          createFolderIn(folder, name, before.info.mode);
          const sub = openChild(folder, name);
          if (!sub) throw new Error("replaced while being made");
          try {
            for (const [child, node] of before.children) {
              this.make(sub, child, `${path}/${child}`, node);
            }
          } finally {
            closeFolder(sub);
          }
          return true;
        }
        case "other":
          this.report.failed.push(
            `${path} (not a regular file, cannot be made again)`,
          );
          return false;
      }
    } catch (error) {
      this.report.failed.push(`${path} (${message(error)})`);
      return false;
    }
  }
}

/**
 * Puts the control files back as the baseline found them.
 *
 * @param baseline From {@link snapshotControlFiles}, taken before the run.
 * @returns What was put back and what could not be.
 */
export function restoreControlFiles(baseline: ControlBaseline): ControlReport {
  const restorer = new Restorer(baseline.takenAt);
  const folder = openFolder(baseline.project);
  if (!folder) {
    return {
      restored: [],
      failed: [". (the project folder is gone or no longer a folder)"],
    };
  }
  try {
    restorer.folder(folder, baseline.root, "");
  } catch (error) {
    restorer.report.failed.push(`. (${message(error)})`);
  } finally {
    closeFolder(folder);
  }
  const { restored, failed } = restorer.report;
  return { restored: [...new Set(restored)].sort(), failed: failed.sort() };
}

const shared = new Map<string, { baseline: ControlBaseline; runs: number }>();

/**
 * Starts guarding a run's project: the baseline is taken now, or shared with
 * the runs of the same project still going (their changes are not a state to
 * put back).
 *
 * @param project The project (real path).
 * @returns A function to call once the run is over, which cleans up and reports.
 * @throws {Error} When the baseline cannot be taken (too many entries).
 */
export function guardControlFiles(project: string): () => ControlReport {
  let entry = shared.get(project);
  if (!entry) {
    entry = { baseline: snapshotControlFiles(project), runs: 0 };
    shared.set(project, entry);
  }
  entry.runs++;
  const held = entry;
  let done = false;
  return () => {
    if (done) return { restored: [], failed: [] };
    done = true;
    try {
      return restoreControlFiles(held.baseline);
    } finally {
      if (--held.runs === 0 && shared.get(project) === held) {
        shared.delete(project);
      }
    }
  };
}
