/**
 * Puts a project's control files back as a baseline found them, after a
 * run: whatever the run changed, created or deleted there. It walks from the
 * project root through folders held open and never follows a link (a link
 * where a folder or file was is removed, never written through), replaces
 * files rather than rewriting them in place, and reports what it could not
 * put back.
 *
 * Never starts a process.
 *
 * @module
 */

import {
  type ControlBaseline,
  type ControlReport,
  countedNames,
  type Node,
  RECENT_MS,
} from "./_control_baseline.ts";
import type { Rule, Spec } from "./_control_spec.ts";
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
  renameIn,
  setFileMode,
  setFolderMode,
} from "./_nofollow_fs.ts";

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
    if (
      now && now.kind === before.info.kind &&
      (now.kind !== "link" || readLinkIn(folder, name) === before.target)
    ) {
      this.same(folder, name, path, before, now);
      return;
    }
    if (now) removeIn(folder, name);
    if (before.info.kind === "dir" && this.moveBack(folder, name, before)) {
      // The folder itself, renamed away by the run (`mv .git old`): back, and judged as it stands.
      this.report.restored.push(path);
      this.within(folder, name, path, before);
      return;
    }
    this.create(folder, name, path, before);
  }

  /** Renames back a folder of the baseline found under another name in the same parent. */
  moveBack(folder: Folder, name: string, before: Node): boolean {
    for (const other of namesIn(folder)) {
      const info = lstatIn(folder, other);
      if (info?.kind === "dir" && info.id && info.id === before.info.id) {
        renameIn(folder, other, name);
        return true;
      }
    }
    return false;
  }

  /** An entry of the kind it was: its content, mode and entries are judged. */
  same(
    folder: Folder,
    name: string,
    path: string,
    before: Node,
    now: EntryInfo,
  ): void {
    if (now.kind === "link") return;
    if (now.kind === "dir") {
      if (now.mode !== before.info.mode) {
        setFolderMode(folder, name, before.info.mode);
        this.report.restored.push(path);
      }
      this.within(folder, name, path, before);
      return;
    }
    if (
      now.stamp === before.info.stamp &&
      // Changed just before the baseline: a same-size write within the same clock tick looks alike.
      before.info.ctimeMs < this.takenAt - RECENT_MS
    ) return;
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
