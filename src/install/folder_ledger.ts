/**
 * Which folders `ctx-mode install` made, so that uninstall removes exactly
 * those (once empty) and never a folder that was there before, even an empty
 * one. Kept in `<data home>/install-folders.json`; the file goes when no
 * folder is left in it, and the data home too if the ledger made it.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { dataHome } from "../config/paths.ts";
import type { TargetWhere } from "./types.ts";

interface LedgerFile {
  folders: string[];
  /** Whether writing the ledger made the data home. */
  madeDataHome?: boolean;
}

function exists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The folders install made, read from and written back to the data home. */
export class FolderLedger {
  readonly #file: string;
  readonly #folders: Set<string>;
  #madeDataHome: boolean;

  private constructor(file: string, state: LedgerFile) {
    this.#file = file;
    this.#folders = new Set(state.folders);
    this.#madeDataHome = state.madeDataHome === true;
  }

  /**
   * The ledger of the user the place belongs to.
   *
   * @param where The home and environment (`CTX_MODE_HOME`).
   * @returns The ledger; empty when its file is missing or unreadable.
   */
  static of(where: TargetWhere): FolderLedger {
    let home: string;
    try {
      home = dataHome({ HOME: where.home, ...where.env });
    } catch {
      home = join(where.home, ".ctx-mode");
    }
    const file = join(home, "install-folders.json");
    try {
      const state = JSON.parse(Deno.readTextFileSync(file)) as LedgerFile;
      if (Array.isArray(state.folders)) return new FolderLedger(file, state);
    } catch {
      // none yet
    }
    return new FolderLedger(file, { folders: [] });
  }

  /**
   * Makes a file's folder, recording each folder that did not exist.
   *
   * @param file The file about to be written.
   */
  makeFolderOf(file: string): void {
    const missing: string[] = [];
    for (let dir = dirname(file); !exists(dir); dir = dirname(dir)) {
      missing.push(dir);
      if (dirname(dir) === dir) break;
    }
    Deno.mkdirSync(dirname(file), { recursive: true });
    if (missing.length === 0) return;
    for (const dir of missing) this.#folders.add(dir);
    this.#save();
  }

  /**
   * Removes the folders of a removed file that install made and that are now
   * empty, innermost first, and forgets them.
   *
   * @param file The file just removed.
   * @param roots Folders never removed (the home, the project).
   */
  removeEmptyFoldersOf(file: string, roots: readonly string[]): void {
    let changed = false;
    for (let dir = dirname(file); this.#folders.has(dir); dir = dirname(dir)) {
      if (roots.includes(dir)) break;
      try {
        Deno.removeSync(dir);
      } catch {
        break; // not empty
      }
      this.#folders.delete(dir);
      changed = true;
    }
    if (changed) this.#save();
  }

  #save(): void {
    const home = dirname(this.#file);
    if (this.#folders.size === 0) {
      try {
        Deno.removeSync(this.#file);
        if (this.#madeDataHome) Deno.removeSync(home);
      } catch {
        // already gone, or the data home holds more
      }
      return;
    }
    if (!exists(home)) {
      Deno.mkdirSync(home, { recursive: true, mode: 0o700 });
      this.#madeDataHome = true;
    }
    const state: LedgerFile = {
      folders: [...this.#folders].sort(),
      ...(this.#madeDataHome ? { madeDataHome: true } : {}),
    };
    Deno.writeTextFileSync(this.#file, `${JSON.stringify(state, null, 2)}\n`, {
      mode: 0o600,
    });
  }
}
