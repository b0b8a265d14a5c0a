/**
 * Keeping a long-lived process's knowledge base usable: opened on first use,
 * and when its file turns out not to be SQLite or to be damaged (at open, or
 * an error in a later call that `PRAGMA quick_check` confirms), the file is
 * moved aside (renamed, never deleted) and a new one started.
 *
 * Each move is described once in a note that the caller hands to the user.
 * Locks, permissions and newer schemas are never mistaken for damage: those
 * errors go back to the caller and the file stays where it is. Never prints.
 *
 * @module
 */

import { KnowledgeBase, type KnowledgeBaseOptions } from "./knowledge_base.ts";
import {
  fileIdentity,
  headerDamage,
  isCorruption,
  moveAside,
  movedAsideNote,
  quickCheck,
} from "./move_aside.ts";

/** Errors that say nothing about the file's health. */
const NOT_DAMAGE =
  /locked|busy|permission denied|readonly|read-only|EACCES|newer than this build|cannot create folder|unable to open/i;

/** The largest file {@linkcode KnowledgeBaseKeeper.checkOnce} checks. */
const QUICK_CHECK_MAX_BYTES = 64 * 1024 * 1024;

/** Options for a {@linkcode KnowledgeBaseKeeper}. */
export interface KeeperOptions extends KnowledgeBaseOptions {
  /** Hears each note as it happens (a server logs it to stderr). @default {undefined} */
  onNote?: ((line: string) => void) | undefined;
  /**
   * Run `PRAGMA quick_check` (read-only) before the first open, for a
   * command that opens once: damaged pages are found before SQLite writes
   * to the file, and the `-wal` goes aside as it was. @default {false}
   */
  checkFirst?: boolean;
}

/** A knowledge base that moves its damaged file aside and starts over. */
export class KnowledgeBaseKeeper {
  /** The database file. */
  readonly path: string;
  #options: KeeperOptions;
  #kb: KnowledgeBase | undefined;
  #notes: string[] = [];
  #checked = false;

  /**
   * A keeper for one database file; nothing is opened yet.
   *
   * @param path The database file, or `:memory:`.
   * @param options The knowledge base's options and a note listener.
   */
  constructor(path: string, options: KeeperOptions = {}) {
    this.path = path;
    this.#options = options;
  }

  /**
   * The knowledge base, opened on first use. A file that is not SQLite or is
   * damaged is moved aside and a new one started.
   *
   * @returns The open knowledge base.
   * @throws {Error} `Cannot open database "<path>": <reason>` for what moving
   * aside cannot fix (locks, permissions, a newer schema).
   */
  get(): KnowledgeBase {
    if (this.#kb) return this.#kb;
    const identity = this.#identity();
    const before = this.#damageBeforeOpen();
    if (before !== undefined) {
      this.#moveAside(new Error(before), identity);
    }
    try {
      this.#kb = KnowledgeBase.open(this.path, this.#options);
    } catch (error) {
      if (!this.#isDamage(error) || !this.#moveAside(error, identity)) {
        throw error;
      }
      this.#kb = KnowledgeBase.open(this.path, this.#options);
    }
    return this.#kb;
  }

  /**
   * Looks at an error from a call on the knowledge base: when it comes from a
   * damaged file, the file is moved aside and the next {@linkcode get} starts
   * a new one.
   *
   * @param error What the call threw.
   * @returns True when the file was moved aside (a note says where).
   */
  recover(error: unknown): boolean {
    if (this.path === ":memory:" || !this.#isDamage(error)) return false;
    const identity = this.#identity();
    this.#kb?.close();
    this.#kb = undefined;
    return this.#moveAside(error, identity);
  }

  /**
   * Runs `PRAGMA quick_check` once in this keeper's life, for a result that
   * may hide damage (a search that found nothing); a damaged file is moved
   * aside. Files over 64 MiB are not checked here: at 10–20 ms per MB the
   * check would hold the caller's thread for over a second.
   *
   * @returns True when the file was found damaged and moved aside.
   */
  checkOnce(): boolean {
    if (this.#checked || this.path === ":memory:" || !this.#kb) return false;
    this.#checked = true;
    if (sizeOf(this.path) > QUICK_CHECK_MAX_BYTES) return false;
    const verdict = quickCheck(this.path);
    if (verdict === "ok") return false;
    const identity = this.#identity();
    this.#kb.close();
    this.#kb = undefined;
    return this.#moveAside(
      new Error(`the database file is corrupt (${verdict})`),
      identity,
    );
  }

  /**
   * The notes not yet handed out, each once.
   *
   * @returns One line per database moved aside since the last call.
   */
  takeNotes(): string[] {
    return this.#notes.splice(0);
  }

  /** Closes the knowledge base, if open. */
  close(): void {
    this.#kb?.close();
    this.#kb = undefined;
  }

  /** Damage seen without opening the file for writing: its header, and with `checkFirst` its pages. */
  #damageBeforeOpen(): string | undefined {
    if (this.path === ":memory:" || !isFile(this.path)) return undefined;
    const header = headerDamage(this.path);
    if (header !== undefined || !this.#options.checkFirst || this.#checked) {
      return header;
    }
    this.#checked = true;
    if (sizeOf(this.path) > QUICK_CHECK_MAX_BYTES) return undefined;
    const verdict = quickCheck(this.path);
    return verdict === "ok" || NOT_DAMAGE.test(verdict)
      ? undefined
      : `the database file is corrupt (${verdict})`;
  }

  #identity(): string | undefined {
    return this.path === ":memory:" ? undefined : fileIdentity(this.path);
  }

  #isDamage(error: unknown): boolean {
    if (!isFile(this.path)) return false;
    if (isCorruption(error)) return true;
    const message = error instanceof Error ? error.message : String(error);
    // Only errors from SQLite, or the knowledge base's own (which name its file), can mean damage.
    const fromDatabase =
      (error as { code?: unknown } | null)?.code === "ERR_SQLITE_ERROR" ||
      message.includes(`"${this.path}"`);
    if (!fromDatabase || NOT_DAMAGE.test(message)) return false;
    return quickCheck(this.path) !== "ok";
  }

  #moveAside(error: unknown, identity: string | undefined): boolean {
    const message = error instanceof Error ? error.message : String(error);
    const why = message.match(/": (.*)$/)?.[1] ?? message.split("\n")[0];
    const aside = moveAside(
      this.path,
      (this.#options.now ?? Date.now)(),
      identity,
    );
    const line = aside
      ? movedAsideNote(this.path, why ?? message, aside)
      : undefined;
    if (!line) return identity !== fileIdentity(this.path);
    this.#notes.push(line);
    this.#options.onNote?.(line);
    return true;
  }
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

function sizeOf(path: string): number {
  try {
    return Deno.statSync(path).size;
  } catch {
    return 0;
  }
}
