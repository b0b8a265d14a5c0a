/**
 * The engine side of a post-tool event: hands the call that ran to session
 * capture.
 *
 * @module
 */

import type { ToolHookInput } from "../../adapters/types.ts";
import { postToolUse } from "../post_tool_use.ts";
import type { Decision } from "../../src/routing/types.ts";
import { withSession } from "./_session_access.ts";
import { type HookFacts, projectPaths } from "./_where.ts";

/**
 * Records a tool call that ran.
 *
 * @param input The parsed post-tool event.
 * @param facts The run's environment and clock.
 * @returns The decision (always lets the result through).
 */
export async function decidePostToolUse(
  input: ToolHookInput,
  facts: HookFacts,
): Promise<Decision> {
  const { call } = input;
  const session = { platform: call.platform, sessionId: call.sessionId };
  const { database } = projectPaths(call.projectDir, facts);
  return await postToolUse(call, {
    record: (record) =>
      withSession(
        database,
        (store) => store.record(session, record, facts.now),
        facts.sessions,
      ),
  }, { error: input.error });
}
