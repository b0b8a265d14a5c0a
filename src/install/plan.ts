/**
 * The install engine: folds a target's registrations into the new text of
 * each file it touches (install or uninstall), prints the change as a
 * unified diff, and writes it atomically (temporary file + rename, the old
 * mode kept). A file that install created and uninstall emptied is removed,
 * with the folders it leaves empty below the scope's root.
 *
 * Never writes outside the files the registrations name (and their temporary
 * siblings); never prints.
 *
 * @module
 */

import type { FolderLedger } from "./folder_ledger.ts";
import { createTwoFilesPatch } from "diff";
import { dirname } from "node:path";
import process from "node:process";
import {
  editJsonHooks,
  editJsonMember,
  isEmptyJsonObject,
} from "./json_edit.ts";
import { editJson5 } from "./json5_text.ts";
import { MARKDOWN_MARKERS, removeBlock, setBlock } from "./marked_block.ts";
import { editTomlTable } from "./toml_edit.ts";
import { editTomlHooks } from "./toml_hooks_edit.ts";
import { editTomlKey } from "./toml_key_edit.ts";
import { editYamlHooks, editYamlItem, editYamlMember } from "./yaml_edit.ts";
import type { Registration } from "./types.ts";

/** Install or uninstall. */
export type Mode = "install" | "uninstall";

/** One file's change. */
export interface FileChange {
  /** The file. */
  path: string;
  /** Its text before (undefined: it does not exist). */
  before: string | undefined;
  /** Its text after (undefined: it is removed). */
  after: string | undefined;
}

const BOM = "\uFEFF";

function initialText(reg: Registration): string {
  return reg.kind === "json-member" || reg.kind === "json-hooks" ? "{}\n" : "";
}

function isEmpty(reg: Registration, text: string): boolean {
  if (reg.kind === "json-member" || reg.kind === "json-hooks") {
    return isEmptyJsonObject(text);
  }
  return reg.kind.startsWith("yaml-")
    ? /^\s*(\{\s*\})?\s*$/.test(text)
    : text.trim() === "";
}

/** Whether a file is one of ctx-mode's (its plugins ask for `hook --serve`). */
export function isOwnedFile(text: string, signature = '"--serve"'): boolean {
  return text.includes(signature);
}

function editOne(text: string, reg: Registration, asked: Mode): string {
  // What replaces another target's entries removes them on install only.
  const supersede = "supersede" in reg && reg.supersede === true;
  if (supersede && asked === "uninstall") return text;
  const mode: Mode = supersede ? "uninstall" : asked;
  switch (reg.kind) {
    case "owned-file":
      if (mode === "uninstall") {
        return isOwnedFile(text, reg.signature) ? "" : text;
      }
      if (text !== "" && !isOwnedFile(text, reg.signature)) {
        throw new Error(
          `Cannot write "${reg.path}": it holds a file ctx-mode did not write`,
        );
      }
      return reg.text;
    case "json-member":
      return reg.format === "json5"
        ? editJson5(
          text,
          reg.path,
          (jsonc) => editJsonMember(jsonc, { ...reg, format: "jsonc" }, mode),
        )
        : editJsonMember(text, reg, mode);
    case "json-hooks":
      return reg.format === "json5"
        ? editJson5(
          text,
          reg.path,
          (jsonc) => editJsonHooks(jsonc, { ...reg, format: "jsonc" }, mode),
        )
        : editJsonHooks(text, reg, mode);
    case "toml-table":
      return editTomlTable(text, reg, mode);
    case "yaml-member":
      return editYamlMember(text, reg, mode);
    case "yaml-hooks":
      return editYamlHooks(text, reg, mode);
    case "yaml-item":
      return editYamlItem(text, reg, mode);
    case "toml-hooks":
      return editTomlHooks(text, reg, mode);
    case "toml-key":
      return editTomlKey(text, reg, mode);
    case "markdown-block":
      return mode === "install"
        ? setBlock(text, reg.text, MARKDOWN_MARKERS, reg.path)
        : removeBlock(text, MARKDOWN_MARKERS, reg.path);
  }
}

/**
 * Reads a file's text.
 *
 * @returns The text, or undefined when the file does not exist.
 * @throws {Error} `Cannot read "<file>": <reason>` when it exists but cannot be read.
 */
export function readExisting(path: string): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
      Deno.readFileSync(path),
    );
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    const reason = error instanceof TypeError
      ? "not UTF-8 text"
      : (error as Error).message.split("\n")[0];
    throw new Error(`Cannot read "${path}": ${reason}`);
  }
}

/**
 * The changes the registrations make, one per file, in order of first mention.
 *
 * @param registrations What to write (or remove).
 * @param mode `install` or `uninstall`.
 * @param read Reads a file (undefined: missing). @default {readExisting}
 * @returns Every file touched, changed or not.
 * @throws {SyntaxError} When a file does not parse (`Cannot read "<file>": … at line N`).
 */
export function planChanges(
  registrations: readonly Registration[],
  mode: Mode,
  read: (path: string) => string | undefined = readExisting,
): FileChange[] {
  const byPath = new Map<string, Registration[]>();
  for (const reg of registrations) {
    byPath.set(reg.path, [...(byPath.get(reg.path) ?? []), reg]);
  }
  return [...byPath].map(([path, regs]) => {
    const before = read(path);
    const first = regs[0] as Registration;
    if (before === undefined && mode === "uninstall") {
      return { path, before, after: undefined };
    }
    const bom = before?.startsWith(BOM) ? BOM : "";
    const start = before === undefined
      ? initialText(first)
      : before.slice(bom.length);
    const edited = regs.reduce((text, reg) => editOne(text, reg, mode), start);
    if (edited === start) return { path, before, after: before };
    const emptied = isEmpty(first, edited);
    return {
      path,
      before,
      after: emptied && mode === "uninstall" ? undefined : bom + edited,
    };
  });
}

/** Whether a change changes anything. */
export function isChange(change: FileChange): boolean {
  return change.before !== change.after;
}

/**
 * The change as a unified diff (`/dev/null` for a created or removed file).
 *
 * @param change The change.
 * @returns The diff text, or "" when nothing changes.
 */
export function unifiedDiff(change: FileChange): string {
  if (!isChange(change)) return "";
  return createTwoFilesPatch(
    change.before === undefined ? "/dev/null" : change.path,
    change.after === undefined ? "/dev/null" : change.path,
    change.before ?? "",
    change.after ?? "",
    undefined,
    undefined,
    { context: 3 },
  ).replace(/^Index: .*\n=+\n/, "");
}

/**
 * Writes one change: atomically (a temporary sibling renamed over the file,
 * with the file's mode), or removes the file and then each folder it leaves
 * empty, stopping at the `roots` (home, project).
 *
 * @param change The change.
 * @param roots Folders never removed, and outside which none is.
 */
export function applyChange(
  change: FileChange,
  roots: readonly string[],
  ledger: FolderLedger,
): void {
  if (!isChange(change)) return;
  let target = change.path;
  try {
    target = Deno.realPathSync(change.path);
  } catch {
    // Missing: written where it is named.
  }
  if (change.after === undefined) {
    Deno.removeSync(target);
    // Only the folders install made go, once empty; never one that was there.
    ledger.removeEmptyFoldersOf(target, roots);
    return;
  }
  const mode = change.before === undefined
    ? undefined
    : Deno.statSync(target).mode;
  ledger.makeFolderOf(target);
  const temp = `${dirname(target)}/.${crypto.randomUUID()}.ctx-mode.tmp`;
  try {
    // A new file gets the usual 0666 less the umask; an old one keeps its mode.
    Deno.writeTextFileSync(temp, change.after, {
      createNew: true,
      mode: 0o600,
    });
    Deno.chmodSync(
      temp,
      mode === undefined || mode === null
        ? 0o666 & ~process.umask()
        : mode & 0o7777,
    );
    Deno.renameSync(temp, target);
  } catch (error) {
    try {
      Deno.removeSync(temp);
    } catch {
      // Never created.
    }
    throw new Error(
      `Cannot write "${change.path}": ${
        (error as Error).message.split("\n")[0]
      }`,
    );
  }
}
