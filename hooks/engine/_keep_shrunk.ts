/**
 * Keeps a shrunk result: indexes the full result into the project's
 * knowledge base under its receipt's source label (with the scrubber the
 * view was made with), records the shrink's measured sizes in the project's
 * tool-call accounting (`shrink/<tool>`: the result's size handled, what the
 * model got returned), and rewrites the session's totals file the status
 * line reads.
 *
 * Loads the knowledge base only when a result is shrunk. Never throws: a
 * failure is one line on stderr.
 *
 * @module
 */

import type { KnowledgeBase as KnowledgeBaseClass } from "../../src/store/knowledge_base.ts";
import type { SecretScrubber } from "../../src/store/scrub_secrets.ts";
import { SHRINK_TOOL_PREFIX } from "../../src/store/tool_calls.ts";
import { indexShrunk } from "../../src/shrink/index_shrunk.ts";
import type { Shrunk } from "../../src/shrink/types.ts";
import {
  sessionTotalsPath,
  writeSessionTotals,
} from "../../src/statusline/session_totals.ts";
import { firstLine, loadEngineModule, warn } from "./_where.ts";

/** Where and how a shrunk result is kept. */
export interface KeepShrunkOptions {
  /** The project's database file. */
  database: string;
  /** The data home (for the status line's totals file). */
  dataHome: string;
  /** The project's real path. */
  project: string;
  /** The agent's session id. */
  sessionId: string;
  /** The tool's name as the agent spells it. */
  toolName: string;
  /** The scrubber the view was made with. */
  scrubber: SecretScrubber;
  /** Whether the agent's reply carries the view (else the model got the result whole). */
  delivered: boolean;
  /**
   * Whether the view went beside a result the model still got (a failure's
   * error): then the model got both, and nothing was kept out.
   * @default {false}
   */
  beside?: boolean | undefined;
  /** When, in milliseconds since the epoch. */
  at: number;
}

/**
 * Indexes a shrunk result and accounts for it.
 *
 * @param shrunk What the shrinker made of the result.
 * @param options The project, session, tool, scrubber and whether the view reached the model.
 * @returns Whether the result was indexed.
 */
export async function keepShrunk(
  shrunk: Shrunk,
  options: KeepShrunkOptions,
): Promise<boolean> {
  let kb: KnowledgeBaseClass;
  try {
    const { KnowledgeBase } = await loadEngineModule<
      { KnowledgeBase: typeof KnowledgeBaseClass }
    >("knowledgeBase");
    kb = KnowledgeBase.open(options.database, { scrubber: options.scrubber });
  } catch (error) {
    warn(`${firstLine(error)}; the result is left as it is`);
    return false;
  }
  try {
    indexShrunk(kb, shrunk);
  } catch (error) {
    kb.close();
    warn(`${firstLine(error)}; the result is left as it is`);
    return false;
  }
  try {
    const log = kb.toolCalls();
    log.record({
      sessionId: options.sessionId,
      tool: `${SHRINK_TOOL_PREFIX}${options.toolName}`,
      at: options.at,
      bytesIn: shrunk.originalBytes,
      bytesOut: !options.delivered
        ? shrunk.originalBytes
        : options.beside
        ? shrunk.originalBytes + shrunk.viewBytes
        : shrunk.viewBytes,
      error: false,
    });
    writeSessionTotals(
      sessionTotalsPath(options.dataHome, options.project, options.sessionId),
      log.totals(options.sessionId),
    );
  } catch (error) {
    warn(`${firstLine(error)}; the shrink is not counted`);
  } finally {
    kb.close();
  }
  return true;
}
