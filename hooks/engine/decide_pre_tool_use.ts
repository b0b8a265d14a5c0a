/**
 * The engine side of a pre-tool event: gathers the facts the neutral handler
 * needs (is the server up, can this subagent reach it, how big is that file,
 * what does the guard say) and keeps each guidance note to once a session.
 *
 * @module
 */

import type { Adapter, ToolHookInput } from "../../adapters/types.ts";
import { guardToolCall } from "../_guard.ts";
import { preToolUse } from "../pre_tool_use.ts";
import { serverIsAlive } from "../../src/config/heartbeat.ts";
import { isAbsolutePath, resolvePath } from "../../src/config/path_lite.ts";
import type { Decision } from "../../src/routing/types.ts";
import type { HookLog as HookLogClass } from "../../src/store/hook_log.ts";
import {
  canSubagentCallServer,
  type HookFacts,
  loadEngineModule,
  projectPaths,
  userHome,
} from "./_where.ts";

/**
 * Decides a tool call before it runs.
 *
 * @param adapter The platform's adapter (for its subagent definitions).
 * @param input The parsed pre-tool event.
 * @param facts The run's environment and clock.
 * @returns The decision.
 */
export async function decidePreToolUse(
  adapter: Adapter,
  input: ToolHookInput,
  facts: HookFacts,
): Promise<Decision> {
  const { call } = input;
  const where = projectPaths(call.projectDir, facts);
  const subagentCanCall = (agentType: string | undefined) =>
    canSubagentCallServer(adapter, agentType, call.projectDir, facts);
  const decision = preToolUse(call, {
    toolsAvailable: (adapter.serverToolsBuiltIn === true ||
      serverIsAlive(where.home, where.project, facts.now)) &&
      (!input.subagent || subagentCanCall(input.agentType)),
    subagentCanCallTools: subagentCanCall,
    // Notes are checked against the session's memory afterwards, so that
    // the SQLite module loads only for the calls that carry a note.
    alreadyNoted: () => false,
    guard: (guarded) =>
      guardToolCall(guarded, {
        home: userHome(facts.env),
        dataHome: where.home,
        now: facts.now,
        tmpDir: facts.env.TMPDIR,
        claudeDir: facts.env.CLAUDE_CONFIG_DIR,
        loadPolicy: facts.policies &&
          ((place) => facts.policies!.load(place)),
      }),
    fileSize: (path) =>
      fileSize(isAbsolutePath(path) ? path : resolvePath(where.project, path)),
  });
  if (decision.kind !== "context" || !decision.noteKind) return decision;
  const session = { platform: call.platform, sessionId: call.sessionId };
  const { noteKind } = decision;
  if (facts.sessions) {
    // A long-lived process keeps the database open.
    try {
      const first = facts.sessions.with(
        where.database,
        (store) => store.noteOnce(session, noteKind, facts.now),
      );
      return first ? decision : { kind: "allow" };
    } catch {
      return decision;
    }
  }
  let log;
  try {
    const { HookLog } = await loadEngineModule<
      { HookLog: typeof HookLogClass }
    >("hookLog");
    log = HookLog.open(where.database);
  } catch {
    // Without the session's memory the note is shown; hooks never fail for it.
    return decision;
  }
  try {
    return log.noteOnce(session, noteKind, facts.now)
      ? decision
      : { kind: "allow" };
  } finally {
    log.close();
  }
}

function fileSize(path: string): number | undefined {
  try {
    return Deno.statSync(path).size;
  } catch {
    return undefined;
  }
}
