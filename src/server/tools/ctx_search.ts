/**
 * `ctx_search`: ranked snippets from the project's knowledge base.
 *
 * @module
 */

import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { fromJsonText, fromNumberText } from "../_lenient.ts";
import { MAX_PHRASE_CHARS } from "./_limits.ts";
import {
  READ_ONLY_ANNOTATIONS,
  type ServerDeps,
  toolHandler,
} from "../_tool.ts";
import type { QueryResult } from "../../store/knowledge_base.ts";

/** Registers `ctx_search`. */
export function registerCtxSearchTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_search",
    {
      title: "Search indexed content",
      description:
        "Search everything indexed in this project (by ctx_index, ctx_fetch_and_index, ctx_batch_execute and large ctx_execute output) and get small ranked snippets with their source, the line the snippet starts on when the source is an indexed file (`[docs/git-push.txt, line 212]`) and the section path (`git-push > OPTIONS > --force-with-lease`); text found word for word in several places is one hit that names the others. " +
        "Ask several queries in one call. Works with natural language, exact API names, partial identifiers and typos. " +
        "For one question, send two or three phrasings (one in your words, one in the words the docs would use: option names, API names, the term of art) with `fuse: true`: they are fused into one ranked list. " +
        'Use `source` to stay within one indexed source (or a folder label prefix); `sort: "timeline"` orders the hits oldest first (logs, events).',
      inputSchema: {
        queries: fromJsonText(
          z.array(z.string().min(1).max(MAX_PHRASE_CHARS)).min(1).max(20),
        )
          .describe(
            "One or more queries, answered in order",
          ),
        source: fromJsonText(z.union([
          z.string().max(MAX_PHRASE_CHARS),
          z.array(z.string().max(MAX_PHRASE_CHARS)).min(1).max(32),
        ])).optional().describe(
          "Only this source label (or several), or labels under it",
        ),
        limit: fromNumberText(z.number().int().min(1).max(50)).optional()
          .describe(
            "Hits per query (default 5)",
          ),
        sort: z.enum(["relevance", "timeline"]).optional().describe(
          "Order of the hits (default relevance)",
        ),
        fuse: z.boolean().optional().describe(
          "The queries are phrasings of one question: answer with one fused list",
        ),
      },
      annotations: READ_ONLY_ANNOTATIONS,
    },
    toolHandler(
      deps,
      "ctx_search",
      ({ queries, source, limit, sort, fuse }) => {
        const verdict = deps.searchThrottle.check(deps.now());
        if (verdict.level === "refuse") {
          return {
            text: `Search refused: ${deps.searchThrottle.advice(verdict)}`,
            handled: 0,
            isError: true,
          };
        }
        const shrink = verdict.level === "shrink";
        const options = {
          source,
          limit: shrink ? Math.min(limit ?? 5, 2) : limit ?? 5,
          sort: sort ?? "relevance",
          ...(shrink ? { snippetChars: 300 } : {}),
        } as const;
        const kb = deps.knowledgeBase();
        const results = fuse && queries.length > 1
          ? [kb.searchFused(queries, options)]
          : kb.search(queries, options);
        // Damaged pages can read as "no results": check the file once when nothing matched.
        if (results.every((result) => result.hits.length === 0)) {
          deps.keeper.checkOnce();
        }
        const text = formatResults(results) +
          (shrink
            ? `\n\n(Results shortened. ${deps.searchThrottle.advice(verdict)})`
            : "");
        // The savings of indexed content were counted when it was indexed;
        // counting its sources again here would count the same bytes twice.
        return {
          text,
          handled: 0,
          detail: {
            queries: results.map((result) => ({
              query: deps.scrubber.scrub(result.query.slice(0, 200)).text,
              hits: result.hits.length,
            })),
          },
        };
      },
    ),
  );
}

/** Search results as compact Markdown. */
export function formatResults(results: readonly QueryResult[]): string {
  return results.map((result) => {
    const lines = [`## ${result.query}`];
    for (const correction of result.corrections) {
      lines.push(`(searched "${correction.to}" for "${correction.from}")`);
    }
    if (result.hits.length === 0) lines.push("No results.");
    for (const hit of result.hits) {
      const place = hit.line ? `${hit.source}, line ${hit.line}` : hit.source;
      lines.push(`### ${hit.title} [${place}]`, hit.snippet);
      if (hit.also) {
        lines.push(
          `(the same text is also in: ${
            hit.also.map((place) => `${place.title} [${place.source}]`)
              .join("; ")
          })`,
        );
      }
    }
    return lines.join("\n");
  }).join("\n\n");
}
