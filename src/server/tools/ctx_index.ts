/**
 * `ctx_index`: chunks and indexes content or files into the project's
 * knowledge base, answering with a one-line receipt.
 *
 * @module
 */

import { basename, relative, resolve } from "node:path";
import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { type ServerDeps, toolHandler } from "../_tool.ts";
import { MAX_PATH_CHARS, MAX_PHRASE_CHARS, MAX_TEXT_CHARS } from "./_limits.ts";
import { collectFiles, type CollectResult } from "../../store/collect_files.ts";
import { formatBytes } from "../../store/format_bytes.ts";
import { searchCall } from "../../store/search_call.ts";
import { indexFiles } from "../../store/index_files.ts";
import { convertHtml } from "../../fetch/convert_html.ts";
import { scrubbedNote } from "../../store/scrub_secrets.ts";
import {
  checkWithPolicy,
  type Policy,
  type PolicyWhere,
} from "../../safety/policy.ts";
import { enforcePolicy, loadToolPolicy, policyWhere } from "./_policy.ts";
import { formatCount } from "../../store/format_count.ts";

/** Registers `ctx_index`. */
export function registerCtxIndexTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_index",
    {
      title: "Index content for search",
      description:
        "Store bulky text (docs, logs, API responses, a file or a whole folder) in the project's knowledge base instead of the context, then query it with ctx_search. " +
        "Give `content` (text you already have) or `path` (a file or folder inside the project, relative to it; folders are walked recursively, honouring .gitignore; links that lead out of the project are skipped). " +
        "Markdown is split by headings, JSON by path, text by sections. Re-indexing a source replaces it. Returns a one-line receipt.",
      inputSchema: {
        content: z.string().max(MAX_TEXT_CHARS).optional().describe(
          "Text to index",
        ),
        path: z.string().max(MAX_PATH_CHARS).optional().describe(
          "A file or folder to index, relative to the project",
        ),
        source: z.string().max(MAX_PHRASE_CHARS).optional().describe(
          'Label for the content (default: the path, or "indexed content")',
        ),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    toolHandler(deps, "ctx_index", async ({ content, path, source }) => {
      if ((content === undefined) === (path === undefined)) {
        throw new TypeError(
          'Cannot index: give exactly one of "content" or "path"',
        );
      }
      const kb = deps.knowledgeBase();
      if (content !== undefined) {
        if (content.trim() === "") {
          throw new TypeError('Cannot index "content": it is empty');
        }
        const receipt = kb.index({
          label: source?.trim() || "indexed content",
          content,
          origin: "ctx_index",
        });
        return {
          text: `${
            receipt.status === "unchanged" ? "Unchanged" : "Indexed"
          } "${receipt.label}": ${formatCount(receipt.chunks, "chunk")}, ${
            formatBytes(receipt.bytes)
          } (${receipt.kind})${
            receipt.scrubbed ? `; ${scrubbedNote(receipt.scrubbed)}` : ""
          }. Search it with ${searchCall([receipt.label])}.`,
          // The caller already had this text in its context: indexing it saves nothing now.
          handled: 0,
        };
      }
      const absolute = resolve(deps.projectDir, path!);
      const policy = loadToolPolicy(deps);
      enforcePolicy(deps, {
        tool: "ctx_index",
        request: { kind: "read", path: path! },
        policy,
      });
      // Only the project, judged by real paths; each read is checked and capped again.
      const walked = await collectFiles(absolute, {
        within: deps.projectDir,
        name: path,
      });
      // Inside a folder, files the policy refuses (keys, denied paths) are skipped, not fatal.
      const found = filterByPolicy(
        walked,
        (file) => explainRefusal(file, policy, policyWhere(deps)),
      );
      const single = found.files.length === 1 &&
        found.files[0]!.path === absolute;
      const label = source?.trim() || path!.replace(/\/+$/, "");
      const files = found.files.map((file) => ({
        path: file.path,
        label: single ? label : `${label}/${file.relative}`,
      }));
      const summary = await indexFiles(kb, files, {
        within: deps.projectDir,
        htmlToMarkdown: convertPage,
      });
      const chunks = summary.receipts.reduce((sum, r) => sum + r.chunks, 0);
      const bytes = summary.receipts.reduce((sum, r) => sum + r.bytes, 0);
      const skipped = [...found.skipped, ...summary.skipped];
      const scrubbed = summary.receipts.reduce((sum, r) => sum + r.scrubbed, 0);
      const unchanged = summary.receipts.filter((r) =>
        r.status === "unchanged"
      ).length;
      return {
        text: `Indexed ${summary.receipts.length} file${
          summary.receipts.length === 1 ? "" : "s"
        } under "${label}": ${formatCount(chunks, "chunk")}, ${
          formatBytes(bytes)
        }${unchanged > 0 ? ` (${unchanged} unchanged)` : ""}${
          scrubbed > 0 ? `; ${scrubbedNote(scrubbed)}` : ""
        }${
          skipped.length > 0
            ? `; skipped ${skipped.length} (${
              skipped.slice(0, 3).map((s) =>
                `${relative(absolute, s.path) || basename(s.path)}: ${s.reason}`
              ).join("; ")
            })`
            : ""
        }. Search with ${searchCall([label])}.`,
        handled: summary.receipts
          .filter((r) => r.status !== "unchanged")
          .reduce((sum, r) => sum + r.bytes, 0),
      };
    }),
  );
}

/** The policy's reason for refusing one walked file, or null. */
function explainRefusal(
  path: string,
  policy: Policy,
  where: PolicyWhere,
): string | null {
  const verdict = checkWithPolicy({ kind: "read", path }, policy, where);
  return verdict.verdict === "allow"
    ? null
    : `refused by ctx-mode rule ${verdict.rule ?? "guard"}`;
}

/** The walk without the files `refuse` names a reason for; those join the skipped list. */
function filterByPolicy(
  walked: CollectResult,
  refuse: (path: string) => string | null,
): CollectResult {
  const files: CollectResult["files"] = [];
  const skipped = [...walked.skipped];
  for (const file of walked.files) {
    const reason = refuse(file.path);
    if (reason === null) {
      files.push(file);
      continue;
    }
    skipped.push({ path: file.path, reason });
  }
  return { files, skipped };
}

/** The server converts HTML files off its thread, each under a deadline, as fetched pages are. */
const HTML_DEADLINE_MS = 20_000;

async function convertPage(html: string): Promise<string> {
  const converted = await convertHtml(html, { deadlineMs: HTML_DEADLINE_MS });
  if (!converted.ok) throw new Error(converted.reason);
  return converted.markdown;
}
