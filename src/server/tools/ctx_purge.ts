/**
 * `ctx_purge`: wipes the project's knowledge base, when the caller confirms.
 *
 * @module
 */

import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { fromBooleanText } from "../_lenient.ts";
import { type ServerDeps, toolHandler } from "../_tool.ts";
import { formatBytes } from "../../store/format_bytes.ts";
import { formatCount } from "../../store/format_count.ts";

/** Registers `ctx_purge`. */
export function registerCtxPurgeTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_purge",
    {
      title: "Wipe the knowledge base",
      description:
        "Permanently delete everything indexed for this project (sources, chunks, fetch cache). Only when the user asks for it. Requires `confirm: true`.",
      inputSchema: {
        confirm: fromBooleanText(z.boolean()).describe(
          "Must be true: the wipe cannot be undone",
        ),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    toolHandler(deps, "ctx_purge", ({ confirm }) => {
      if (confirm !== true) {
        return {
          text:
            "Nothing removed: pass confirm: true to wipe this project's knowledge base.",
          handled: 0,
          isError: true,
        };
      }
      const removed = deps.knowledgeBase().purge();
      return {
        text: `Removed ${formatCount(removed.sources, "source")}, ${
          formatCount(removed.chunks, "chunk")
        } (${formatBytes(removed.bytes)}) from ${deps.databasePath}.`,
        handled: 0,
      };
    }),
  );
}
