/**
 * `ctx_fetch_and_index`: fetches URLs, converts them (HTML to Markdown),
 * indexes them, and answers with a receipt and the page's outline — never the
 * page.
 *
 * @module
 */

import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { fromBooleanText, fromJsonText, fromNumberText } from "../_lenient.ts";
import { type ServerDeps, toolHandler } from "../_tool.ts";
import { MAX_PHRASE_CHARS, MAX_URL_CHARS } from "./_limits.ts";
import { fetchAndIndexMany, formatFetchResult } from "../../fetch/mod.ts";
import { fetchLimits } from "../../fetch/limits_from_env.ts";
import { networkPolicy } from "../../config/network_policy.ts";
import { searchCall } from "../../store/search_call.ts";

/** Registers `ctx_fetch_and_index`. */
export function registerCtxFetchAndIndexTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_fetch_and_index",
    {
      title: "Fetch web pages into the knowledge base",
      description:
        "Fetch a URL (or several) and index it instead of reading the raw page into the context: HTML becomes Markdown split by headings, JSON is split by path. " +
        "Returns a receipt and the page's outline; then ask ctx_search for the parts you need. Use instead of WebFetch, `curl` or `wget` for docs, API references and issues. " +
        "A URL fetched in the last 24 hours is answered from the cache unless `force` is true. " +
        "Link-local and cloud-metadata addresses are never fetched; private-network ones (and loopback, if the user says so) are refused by the user's network policy: do not retry those.",
      inputSchema: {
        url: z.string().max(MAX_URL_CHARS).optional().describe(
          "One URL to fetch",
        ),
        source: z.string().max(MAX_PHRASE_CHARS).optional().describe(
          "Label for that URL's content (default: host and path)",
        ),
        requests: fromJsonText(
          z.array(
            z.object({
              url: z.string().max(MAX_URL_CHARS),
              source: z.string().max(MAX_PHRASE_CHARS).optional(),
            }),
          ).max(32),
        ).optional()
          .describe("Several URLs at once"),
        concurrency: fromNumberText(z.number().int().min(1).max(8)).optional()
          .describe(
            "URLs fetched at once (default 4)",
          ),
        force: fromBooleanText(z.boolean()).optional().describe(
          "Fetch again even when cached",
        ),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: true,
      },
    },
    toolHandler(
      deps,
      "ctx_fetch_and_index",
      async ({ url, source, requests, concurrency, force }) => {
        const all = [
          ...(url === undefined ? [] : [{ url, source }]),
          ...(requests ?? []),
        ];
        if (all.length === 0) {
          throw new TypeError(
            'Cannot fetch: give "url" or "requests"',
          );
        }
        const results = await fetchAndIndexMany(deps.knowledgeBase(), all, {
          concurrency: concurrency ?? 4,
          force: force ?? false,
          ...fetchLimits(deps.env),
          // Read on every call: a change to the user's config applies without a restart.
          network: networkPolicy(deps.env, {
            dataHome: deps.dataHome,
            projectDir: deps.projectDir,
          }),
          signal: deps.signal,
        });
        const indexed = results.flatMap((result) =>
          result.ok ? [result.source] : []
        );
        return {
          text:
            results.map((result) => formatFetchResult(result)).join("\n\n") +
            (indexed.length > 0
              ? `\n\nAsk ${searchCall(indexed)} for what you need.`
              : ""),
          handled: results.reduce(
            (sum, result) =>
              sum + (result.ok && !result.fromCache ? result.bytes : 0),
            0,
          ),
          isError: indexed.length === 0,
        };
      },
    ),
  );
}
