/**
 * What every tool handler shares: the server's dependencies, and the wrapper
 * that turns a handler's outcome or failure into an MCP result while counting
 * bytes for `ctx_stats`.
 *
 * A failing tool returns an `isError` result with a one-line reason; nothing a
 * caller sends may crash the server. An error from a damaged knowledge base
 * gets the file moved aside, and the result says so once. Every result passes
 * the secret scrubber.
 *
 * @module
 */

import type { Env } from "../config/paths.ts";
import type { KnowledgeBase } from "../store/knowledge_base.ts";
import type { KnowledgeBaseKeeper } from "../store/knowledge_base_keeper.ts";
import type { SecretScrubber } from "../store/scrub_secrets.ts";
import type { ToolCallDetail } from "../store/tool_calls.ts";
import { utf8ByteLength } from "../store/split_oversize.ts";
import type { CallToolResult, Implementation } from "./_sdk.ts";
import type { SearchThrottle } from "./search_throttle.ts";
import type { SessionStats } from "./stats.ts";
import {
  sessionTotalsPath,
  writeSessionTotals,
} from "../statusline/session_totals.ts";
import type { WarmHosts } from "../sandbox/mod.ts";

/** What the tools need from the server around them. */
export interface ServerDeps {
  /** The ctx-mode version. */
  version: string;
  /** The project directory (real path). */
  projectDir: string;
  /** The project's database file. */
  databasePath: string;
  /** The data home. */
  dataHome: string;
  /** The environment. */
  env: Env;
  /** The project's knowledge base, opened on first use (a damaged file is moved aside first). */
  knowledgeBase(): KnowledgeBase;
  /** Holds the knowledge base: recovers from a damaged file and keeps the notes about it. */
  keeper: KnowledgeBaseKeeper;
  /** Scrubs the server environment's secrets and known token shapes from what tools return. */
  scrubber: SecretScrubber;
  /** This server session's id (a UUID), under which its tool calls are recorded. */
  sessionId: string;
  /** This session's counters. */
  stats: SessionStats;
  /** Counts ctx_search calls to curb search storms. */
  searchThrottle: SearchThrottle;
  /** Names the agent platform, given the MCP client's name (injected: `src/` knows no platform). */
  describePlatform?: (
    clientName: string | undefined,
  ) => { platform: string; confidence: string; evidence: string };
  /** Checks of the detected platform's hook and MCP set-up (injected like `describePlatform`). */
  platformChecks?: (clientName: string | undefined) => Promise<
    Array<{ name: string; status: "ok" | "warn" | "fail"; detail: string }>
  >;
  /** The client's `initialize` info, once known. */
  clientInfo(): Implementation | undefined;
  /** Aborted when the server shuts down; running children are killed. */
  signal: AbortSignal;
  /** Sandbox hosts started ahead of the next run, ended with the server. */
  warmHosts: WarmHosts;
  /** The clock. */
  now(): number;
  /**
   * Settles once what the project's hooks left to index (shrunk results the
   * hook socket indexes after its answer) is in the knowledge base: every
   * tool call waits for it, so that it finds what the last result left.
   */
  indexed?: () => Promise<void>;
}

/** What a handler produces. */
export interface ToolOutcome {
  /** The text for the context window. */
  text: string;
  /** Bytes the tool handled on the caller's behalf (output, pages, files). */
  handled: number;
  /** Whether the outcome is a failure the caller should see as one. */
  isError?: boolean;
  /** Facts for the client beside the text (the result's `_meta`). */
  meta?: Record<string, unknown>;
  /** What the call found, recorded for the savings report. */
  detail?: ToolCallDetail;
}

/** The annotations of a tool that only reads and reports. */
export const READ_ONLY_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

function writeTotals(deps: ServerDeps): void {
  try {
    writeSessionTotals(
      sessionTotalsPath(deps.dataHome, deps.projectDir, deps.sessionId),
      deps.knowledgeBase().toolCalls().totals(deps.sessionId),
    );
  } catch {
    // The status line falls back to the database.
  }
}

/**
 * Wraps a handler: counts its bytes and turns a thrown error into an
 * `isError` result with the error's first line.
 */
export function toolHandler<A>(
  deps: ServerDeps,
  name: string,
  handler: (args: A) => ToolOutcome | Promise<ToolOutcome>,
): (args: A) => Promise<CallToolResult> {
  return async (args: A) => {
    let outcome: ToolOutcome;
    try {
      await deps.indexed?.();
      outcome = await handler(args);
    } catch (error) {
      deps.keeper.recover(error);
      const message = error instanceof Error ? error.message : String(error);
      outcome = {
        text: message.split("\n")[0] ?? "Unknown error",
        handled: 0,
        isError: true,
      };
    }
    const returned = utf8ByteLength(outcome.text);
    const handled = Math.max(outcome.handled, returned);
    const error = outcome.isError === true;
    deps.stats.record(name, { handled, returned, error });
    try {
      deps.knowledgeBase().toolCalls().record({
        sessionId: deps.sessionId,
        tool: name,
        at: deps.now(),
        bytesIn: handled,
        bytesOut: returned,
        error,
        ...(outcome.detail ? { detail: outcome.detail } : {}),
      });
    } catch (error) {
      // Accounting must never fail a tool call; the in-memory counters still hold it.
      deps.keeper.recover(error);
    }
    // The status line's figures, after the answer: it reads them often.
    Deno.unrefTimer(setTimeout(() => writeTotals(deps), 0));
    const notes = deps.keeper.takeNotes();
    // Whatever a tool says (errors and receipts too) passes the scrubber last.
    const text = deps.scrubber.scrub(
      notes.length > 0 ? [outcome.text, ...notes].join("\n\n") : outcome.text,
    ).text;
    return {
      content: [{ type: "text", text }],
      ...(outcome.isError ? { isError: true } : {}),
      ...(outcome.meta ? { _meta: outcome.meta } : {}),
    };
  };
}
