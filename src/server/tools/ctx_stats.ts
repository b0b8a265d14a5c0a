/**
 * `ctx_stats`: what ctx-mode saved this session, per tool.
 *
 * @module
 */

import type { McpServer } from "../_sdk.ts";
import {
  READ_ONLY_ANNOTATIONS,
  type ServerDeps,
  toolHandler,
} from "../_tool.ts";
import { formatStats } from "../stats.ts";
import {
  SHRINK_TOOL_PREFIX,
  type ToolCallRecord,
} from "../../store/tool_calls.ts";

/** The shrinks the hooks recorded for this session (the server's own counters do not see them). */
function shrinksOf(deps: ServerDeps): ToolCallRecord[] {
  try {
    return deps.knowledgeBase().toolCalls().session(deps.sessionId).filter((
      call,
    ) => call.tool.startsWith(SHRINK_TOOL_PREFIX));
  } catch {
    return [];
  }
}

/** Registers `ctx_stats`. */
export function registerCtxStatsTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_stats",
    {
      title: "Context savings this session",
      description:
        "Show how much context ctx-mode saved in this session: per tool, the calls, the bytes the tools handled versus the bytes returned to the context, the ratio and the estimated tokens saved, with a small chart.",
      inputSchema: {},
      annotations: READ_ONLY_ANNOTATIONS,
    },
    toolHandler(
      deps,
      "ctx_stats",
      () => ({
        text: formatStats(deps.stats, deps.now(), {
          shrunk: shrinksOf(deps),
        }),
        handled: 0,
      }),
    ),
  );
}
