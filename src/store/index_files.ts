/**
 * Indexing files from disk: one source per file, binary files skipped with a
 * note, each file in its own transaction so one bad file loses nothing else.
 * Every file is read through `readFileBounded`: regular files only, at most
 * the byte cap, and, when `within` is given, only inside that folder.
 *
 * @module
 */

import { DEFAULT_MAX_FILE_BYTES } from "./collect_files.ts";
import { detectKind } from "./detect_kind.ts";
import { readFileBounded } from "./read_bounded.ts";
import type { IndexReceipt, KnowledgeBase } from "./knowledge_base.ts";

/** A file to index and the label it goes under. */
export interface FileToIndex {
  /** The file's path. */
  path: string;
  /** The source label. */
  label: string;
}

/** A file that was not indexed, and why. */
export interface SkippedFile {
  /** The file's path. */
  path: string;
  /** One line. */
  reason: string;
}

/** What indexing a set of files did. */
export interface IndexFilesSummary {
  /** A receipt per indexed file, in order. */
  receipts: IndexReceipt[];
  /** Files left out, with reasons. */
  skipped: SkippedFile[];
}

const decoder = new TextDecoder("utf-8");

/**
 * Indexes each file under its label.
 *
 * @param kb The knowledge base to write to.
 * @param files The files and their labels.
 * @param options The byte cap, the folder files must lie in, a callback after each file (for progress).
 * @returns Receipts and skipped files.
 */
export async function indexFiles(
  kb: KnowledgeBase,
  files: readonly FileToIndex[],
  options: {
    /** Called after each file with the number done so far. @default {undefined} */
    onFile?: ((done: number) => void) | undefined;
    /** The most bytes read from one file; a longer file is skipped. @default {5242880} */
    maxBytes?: number;
    /** A folder (real path) every file's real path must lie in. @default {undefined} */
    within?: string | undefined;
  } = {},
): Promise<IndexFilesSummary> {
  const summary: IndexFilesSummary = { receipts: [], skipped: [] };
  let done = 0;
  for (const file of files) {
    const read = await readFileBounded(file.path, {
      maxBytes: options.maxBytes ?? DEFAULT_MAX_FILE_BYTES,
      within: options.within,
    });
    if (!read.ok) {
      summary.skipped.push({ path: file.path, reason: read.reason });
      options.onFile?.(++done);
      continue;
    }
    const bytes = read.bytes;
    const kind = detectKind(file.path, bytes);
    if (kind === "binary") {
      summary.skipped.push({ path: file.path, reason: "binary file" });
    } else {
      summary.receipts.push(
        kb.index({
          label: file.label,
          content: decoder.decode(bytes),
          origin: file.path,
          kind,
        }),
      );
    }
    options.onFile?.(++done);
  }
  return summary;
}
