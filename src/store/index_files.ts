/**
 * Indexing files from disk: one source per file, binary files skipped with a
 * note, each file in its own transaction so one bad file loses nothing else.
 * HTML files become Markdown through the converter the caller passes (the
 * store does not know HTML), and are skipped when a Markdown file of the same
 * name sits beside them; drawings, lock files and minified code are skipped.
 * Every file is read through `readFileBounded`: regular files only, at most
 * the byte cap, and, when `within` is given, only inside that folder.
 *
 * @module
 */

import type { ContentKind } from "./chunk.ts";
import { DEFAULT_MAX_FILE_BYTES } from "./collect_files.ts";
import { detectKind } from "./detect_kind.ts";
import { readFileBounded } from "./read_bounded.ts";
import { isHtmlPath, markdownTwin, noiseReason } from "./_noise_file.ts";
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
    /** Called after each file with the number of files and bytes done so far. @default {undefined} */
    onFile?: ((done: number, bytes: number) => void) | undefined;
    /**
     * Turns an HTML page into Markdown; a throw skips the file with its
     * message. Without it, HTML is indexed as text.
     *
     * @default {undefined}
     */
    htmlToMarkdown?: ((html: string) => string | Promise<string>) | undefined;
    /** The most bytes read from one file; a longer file is skipped. @default {5242880} */
    maxBytes?: number;
    /** A folder (real path) every file's real path must lie in. @default {undefined} */
    within?: string | undefined;
  } = {},
): Promise<IndexFilesSummary> {
  const summary: IndexFilesSummary = { receipts: [], skipped: [] };
  const paths = new Set(files.map((file) => file.path));
  let done = 0;
  let doneBytes = 0;
  const skip = (path: string, reason: string): void => {
    summary.skipped.push({ path, reason });
  };
  for (const file of files) {
    const twin = isHtmlPath(file.path)
      ? markdownTwin(file.path, paths)
      : undefined;
    const noise = noiseReason(file.path);
    if (twin !== undefined || noise !== undefined) {
      skip(file.path, noise ?? `same document as ${twin}`);
      options.onFile?.(++done, doneBytes);
      continue;
    }
    const read = await readFileBounded(file.path, {
      maxBytes: options.maxBytes ?? DEFAULT_MAX_FILE_BYTES,
      within: options.within,
    });
    if (!read.ok) {
      skip(file.path, read.reason);
      options.onFile?.(++done, doneBytes);
      continue;
    }
    doneBytes += read.bytes.length;
    const outcome = await prepare(
      file.path,
      read.bytes,
      options.htmlToMarkdown,
    );
    if (typeof outcome === "string") {
      skip(file.path, outcome);
    } else {
      summary.receipts.push(
        kb.index({ label: file.label, origin: file.path, ...outcome }),
      );
    }
    options.onFile?.(++done, doneBytes);
  }
  return summary;
}

/** The content and kind to index, or why the file is skipped. */
async function prepare(
  path: string,
  bytes: Uint8Array,
  htmlToMarkdown: ((html: string) => string | Promise<string>) | undefined,
): Promise<{ content: string; kind: ContentKind; lines?: boolean } | string> {
  const kind = detectKind(path, bytes);
  if (kind === "binary") return "binary file";
  const text = decoder.decode(bytes);
  const noise = noiseReason(path, text);
  if (noise !== undefined) return noise;
  if (!htmlToMarkdown || !isHtmlPath(path)) {
    return { content: text, kind, lines: true };
  }
  try {
    const markdown = await htmlToMarkdown(text);
    return markdown.trim() === ""
      ? "HTML page without text"
      : { content: markdown, kind: "markdown" };
  } catch (error) {
    return `cannot convert HTML: ${
      error instanceof Error ? error.message : String(error)
    }`;
  }
}
