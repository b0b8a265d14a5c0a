/**
 * `ctx-mode index`: indexes files, folders (recursively) or stdin into the
 * project's knowledge base, one source per file.
 *
 * @module
 */

import { basename, isAbsolute, relative, resolve } from "node:path";
import denoJson from "../../deno.json" with { type: "json" };
import { parseCommandArgs, STORE_OPTIONS, UsageError } from "./_args.ts";
import type { Command } from "./_context.ts";
import { openStoreFor } from "./_store.ts";
import { scrubbedNote } from "../store/scrub_secrets.ts";
import { collectFiles } from "../store/collect_files.ts";
import {
  type FileToIndex,
  indexFiles,
  type SkippedFile,
} from "../store/index_files.ts";
import type { IndexReceipt } from "../store/knowledge_base.ts";
import type { htmlToMarkdown as HtmlToMarkdown } from "../fetch/html_to_markdown.ts";
import { currentLaunchCommand } from "../install/launch_command.ts";
import { cacheModules } from "../install/warm_cache.ts";
import { formatBytes } from "../store/format_bytes.ts";
import { formatCount } from "../store/format_count.ts";

const USAGE = `Usage: ctx-mode index <path|->... [options]

Index files and folders (recursively) or standard input ("-") into the
project's knowledge base. A file in a folder becomes one source labelled by its
path relative to that folder; indexing a label again replaces it, and identical
content is left as it is. HTML files are converted to Markdown. Skips .git,
node_modules, what .gitignore ignores, binary files, files over the size cap
(counted as bytes read), drawings, lock files, minified code and HTML files
with a Markdown twin; refuses FIFOs, sockets, devices and anything under
/proc, /sys and /dev.

Options:
  --source LABEL   Label for stdin or a single file; prefix for a folder's files
  --max-file-mb N  Size cap per file in MiB (default 5)
  --project DIR    The project (default: the agent's project variable, else cwd)
  --db PATH        Use this database file instead of the project's
  -h, --help       Show this help

Examples:
  ctx-mode index docs/ --source docs
  npm test 2>&1 | ctx-mode index - --source "npm test"
`;

/** The HTML converter, relative to this file, loaded on the first HTML file (in `CLI_MODULES` for `deno compile`). */
export const HTML_TO_MARKDOWN_MODULE = "../fetch/html_to_markdown.ts";

/** The `index` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("index", args, {
      ...STORE_OPTIONS,
      source: { type: "string" },
      "max-file-mb": { type: "string" },
    });
    if (positionals.length === 0) {
      throw new UsageError("Missing a path (or - for stdin)", "index");
    }
    const maxMb = Number(values["max-file-mb"] ?? 5);
    if (!Number.isFinite(maxMb) || maxMb <= 0 || maxMb > 1024) {
      throw new UsageError(
        `Cannot use --max-file-mb "${
          values["max-file-mb"]
        }": expected a number of MiB above 0, at most 1024`,
        "index",
      );
    }
    const source = values.source?.trim() || undefined;
    const started = performance.now();

    const files: FileToIndex[] = [];
    const skipped: SkippedFile[] = [];
    let stdin: string | undefined;
    for (const path of positionals) {
      if (path === "-") {
        stdin = await new Response(context.stdin).text();
        if (stdin.trim() === "") {
          throw new Error('Cannot index "-": standard input is empty');
        }
        continue;
      }
      const absolute = resolve(context.cwd, path);
      const found = await collectFiles(absolute, {
        maxFileBytes: maxMb * 1024 * 1024,
      });
      skipped.push(...found.skipped);
      const isFolder = found.files.length !== 1 ||
        found.files[0]!.path !== absolute;
      for (const file of found.files) {
        files.push({
          path: file.path,
          label: labelFor(file, {
            isFolder,
            source,
            single: positionals.length === 1,
            cwd: context.cwd,
          }),
        });
      }
    }

    using kb = openStoreFor(values, context);
    const receipts: IndexReceipt[] = [];
    if (stdin !== undefined) {
      receipts.push(
        kb.index({ label: source ?? "stdin", content: stdin, origin: "stdin" }),
      );
    }
    const indexing = performance.now();
    let shown = false;
    // On a terminal, from the first second on: files, bytes and rate.
    const progress = context.stderrIsTerminal
      ? (done: number, bytes: number) => {
        const seconds = (performance.now() - indexing) / 1000;
        if (seconds < 1) return;
        shown = true;
        void context.err(bar(done, files.length, bytes, seconds));
      }
      : undefined;
    const summary = await indexFiles(kb, files, {
      onFile: progress,
      maxBytes: maxMb * 1024 * 1024,
      htmlToMarkdown: pageConverter(context.env),
    });
    if (shown) await context.err("\r\x1b[2K");
    receipts.push(...summary.receipts);
    skipped.push(...summary.skipped);

    for (const skip of skipped) {
      await context.err(`skipped ${skip.path}: ${skip.reason}\n`);
    }
    await context.out(
      report(receipts, skipped.length, performance.now() - started),
    );
    return receipts.length === 0 && skipped.length > 0 ? 1 : 0;
  },
};

function labelFor(
  file: { path: string; relative: string },
  where: {
    isFolder: boolean;
    source: string | undefined;
    single: boolean;
    cwd: string;
  },
): string {
  if (where.isFolder) {
    return where.source ? `${where.source}/${file.relative}` : file.relative;
  }
  if (where.source) {
    return where.single
      ? where.source
      : `${where.source}/${basename(file.path)}`;
  }
  const fromCwd = relative(where.cwd, file.path);
  return fromCwd.startsWith("..") || isAbsolute(fromCwd) ? file.path : fromCwd;
}

function bar(
  done: number,
  total: number,
  bytes: number,
  seconds: number,
): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  return `\r\x1b[2K[${"#".repeat(filled)}${
    "-".repeat(width - filled)
  }] ${done}/${total} files, ${formatBytes(bytes)}, ${
    formatBytes(bytes / Math.max(seconds, 0.001))
  }/s`;
}

/**
 * HTML files go through the same HTML→Markdown path as fetched pages. This
 * process is the CLI's own, so pages convert in it (a stack overflow on
 * absurdly nested markup becomes that file's skip reason); the converter loads
 * only when a folder holds HTML, once.
 */
function pageConverter(env: Readonly<Record<string, string>>) {
  let converter: Promise<typeof HtmlToMarkdown> | undefined;
  return async (html: string): Promise<string> => {
    converter ??= loadConverter(env);
    return (await converter)(html).markdown;
  };
}

async function loadConverter(
  env: Readonly<Record<string, string>>,
): Promise<typeof HtmlToMarkdown> {
  // A cold cache is filled quietly in a subprocess first: the import itself
  // would print a `Download` line per npm package.
  const cached = await cacheModules(
    currentLaunchCommand(denoJson.version),
    env,
    [
      new URL(HTML_TO_MARKDOWN_MODULE, import.meta.url).href,
    ],
  );
  if (!cached.ok) {
    throw new Error(
      `Cannot cache the HTML converter's packages: ${
        cached.detail.replace(/^error: /, "")
      }`,
    );
  }
  // By computed specifier: a literal import would have every `index` (and
  // `index --help`) load, or download, the converter's npm packages.
  const { htmlToMarkdown }: { htmlToMarkdown: typeof HtmlToMarkdown } =
    await import(new URL(HTML_TO_MARKDOWN_MODULE, import.meta.url).href);
  return htmlToMarkdown;
}

function report(
  receipts: readonly IndexReceipt[],
  skipped: number,
  elapsedMs: number,
): string {
  const count = (status: IndexReceipt["status"]) =>
    receipts.filter((receipt) => receipt.status === status).length;
  const chunks = receipts.reduce((sum, receipt) => sum + receipt.chunks, 0);
  const bytes = receipts.reduce((sum, receipt) => sum + receipt.bytes, 0);
  const parts = [
    `${count("indexed")} new`,
    `${count("replaced")} replaced`,
    `${count("unchanged")} unchanged`,
    `${skipped} skipped`,
  ];
  const scrubbed = receipts.reduce((sum, receipt) => sum + receipt.scrubbed, 0);
  if (scrubbed > 0) parts.push(scrubbedNote(scrubbed));
  return `Indexed ${formatCount(receipts.length, "source")}: ${
    formatCount(chunks, "chunk")
  }, ${formatBytes(bytes)} in ${(elapsedMs / 1000).toFixed(2)} s (${
    parts.join(", ")
  })\n`;
}
