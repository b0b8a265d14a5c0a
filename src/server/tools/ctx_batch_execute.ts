/**
 * `ctx_batch_execute`: several commands run at once, their output indexed,
 * and the queries answered from it — one call instead of many.
 *
 * @module
 */

import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { fromJsonText, fromNumberText } from "../_lenient.ts";
import { type ServerDeps, toolHandler } from "../_tool.ts";
import { MAX_COMMAND_CHARS, MAX_PHRASE_CHARS } from "./_limits.ts";
import { formatResults } from "./ctx_search.ts";
import { runBatch } from "../../sandbox/batch.ts";
import { scrubbedNote } from "../../store/scrub_secrets.ts";
import { formatBytes } from "../../store/format_bytes.ts";
import { searchCall } from "../../store/search_call.ts";
import {
  maxIndexBytesFromEnv,
  runOptionsFromEnv,
} from "../../sandbox/options_from_env.ts";
import { loadToolPolicy, refusal } from "./_policy.ts";
import { formatCount } from "../../store/format_count.ts";

/** Registers `ctx_batch_execute`. */
export function registerCtxBatchExecuteTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_batch_execute",
    {
      title: "Run commands, index, and search in one call",
      description:
        "Run several shell commands (up to `concurrency` at a time), index each output under its label, and answer your queries against those outputs, all in one call. " +
        "Use it to gather information from many sources at once (git log, test output, `gh issue list`, config files) and get back only the snippets that answer your questions plus a one-line summary per command.",
      inputSchema: {
        commands: fromJsonText(
          z.array(z.object({
            label: z.string().min(1).max(MAX_PHRASE_CHARS).describe(
              "A short unique name for the command's output",
            ),
            command: z.string().min(1).max(MAX_COMMAND_CHARS).describe(
              "Shell code",
            ),
          })).min(1).max(32),
        ),
        queries: fromJsonText(
          z.array(z.string().min(1).max(MAX_PHRASE_CHARS)).max(20),
        ).default([])
          .describe(
            "Questions answered from the outputs",
          ),
        limit: fromNumberText(z.number().int().min(1).max(20)).optional()
          .describe("Hits per query (default 3)"),
        concurrency: fromNumberText(z.number().int().min(1).max(8)).optional()
          .describe(
            "Commands at once (default 4)",
          ),
        timeout: fromNumberText(z.number().positive()).optional().describe(
          "Seconds per command (default 30)",
        ),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    toolHandler(
      deps,
      "ctx_batch_execute",
      async ({ commands, queries, limit, concurrency, timeout }) => {
        // Refused commands are reported in their place; the others run.
        const policy = loadToolPolicy(deps);
        const batch = await runBatch(
          { commands, queries, projectDir: deps.projectDir },
          deps.knowledgeBase(),
          {
            concurrency: concurrency ?? 4,
            limit: limit ?? 3,
            ...(timeout === undefined
              ? {}
              : { timeoutMs: Math.round(timeout * 1000) }),
            ...runOptionsFromEnv(deps.env),
            maxIndexBytes: maxIndexBytesFromEnv(deps.env),
            signal: deps.signal,
            warm: deps.warmHosts,
            refuse: (command) =>
              refusal(deps, {
                tool: "ctx_batch_execute",
                request: { kind: "shell", command },
                policy,
              }),
            // Checked by `refuse` with the policy (level, switched-off rules, permission rules).
            guard: false,
          },
        );
        const lines = batch.commands.map((c) => {
          const state = c.error
            ? `failed to start: ${c.error}`
            : c.timedOut
            ? "timed out"
            : `exit ${c.exitCode ?? "none"}`;
          const scrubbed = c.scrubbed ? `, ${scrubbedNote(c.scrubbed)}` : "";
          return `- ${c.label}: ${state}, ${formatBytes(c.bytes)}, ${
            formatCount(c.chunks, "chunk")
          } indexed as "batch:${c.label}"${scrubbed}${
            c.notIndexedBytes
              ? ` (${
                formatBytes(c.notIndexedBytes)
              } of stdout past the index cap not indexed)`
              : ""
          }`;
        });
        const answers = batch.results.length > 0
          ? `\n\n${formatResults(batch.results)}`
          : `\n\nNo queries given; search the outputs with ${
            searchCall(batch.commands.map((c) => `batch:${c.label}`))
          }.`;
        return {
          text: `Ran ${formatCount(batch.commands.length, "command")}:\n${
            lines.join("\n")
          }${answers}`,
          handled: batch.commands.reduce((sum, c) => sum + c.bytes, 0),
        };
      },
    ),
  );
}
