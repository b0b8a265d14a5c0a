/**
 * The engine side of the session events: a session starting (restore the
 * working state after compaction), a prompt (capture it), and compaction
 * (snapshot the working state first).
 *
 * @module
 */

import type { SessionHookInput } from "../../adapters/types.ts";
import { preCompact } from "../pre_compact.ts";
import { sessionStart } from "../session_start.ts";
import { userPromptSubmit } from "../user_prompt_submit.ts";
import type { Decision } from "../../src/routing/types.ts";
import { findRuleFiles } from "../../src/session/rule_files.ts";
import type { PastedData } from "../../src/session/types.ts";
import { withSession } from "./_session_access.ts";
import type { takeSnapshot as TakeSnapshot } from "../../src/session/take_snapshot.ts";
import type { restoreSession as RestoreSession } from "../../src/session/restore.ts";
import type { KnowledgeBase as KnowledgeBaseClass } from "../../src/store/knowledge_base.ts";
import type { indexPastes as IndexPastes } from "../../src/session/index_session.ts";
import {
  firstLine,
  type HookFacts,
  loadEngineModule,
  projectPaths,
  warn,
} from "./_where.ts";

/**
 * Decides a session event.
 *
 * @param input The parsed session event.
 * @param facts The run's environment and clock.
 * @returns The decision.
 */
export async function decideSessionEvent(
  input: SessionHookInput,
  facts: HookFacts,
): Promise<Decision> {
  const session = { platform: input.platform, sessionId: input.sessionId };
  const where = projectPaths(input.projectDir, facts);
  switch (input.event) {
    case "session_start":
      return await sessionStart({ source: input.source }, {
        ruleFiles: () => findRuleFiles(where.project),
        record: (record) =>
          withSession(
            where.database,
            (store) => store.record(session, record, facts.now),
            facts.sessions,
          ),
        cleanup: (maxAgeMs) =>
          withSession(
            where.database,
            (store) => store.cleanup(facts.now - maxAgeMs),
            facts.sessions,
          ),
        restore: () =>
          restoredGuide(where, session, input.source === "resume", facts),
      });
    case "pre_compact":
      return await preCompact({ trigger: input.trigger }, {
        snapshot: async (trigger) => {
          const { takeSnapshot } = await loadEngineModule<
            { takeSnapshot: typeof TakeSnapshot }
          >("takeSnapshot");
          await withSession(
            where.database,
            (store) =>
              takeSnapshot(store, session, {
                at: facts.now,
                trigger,
                projectDir: where.project,
              }),
            facts.sessions,
          );
        },
      });
    case "user_prompt_submit": {
      // Before this prompt is recorded: the guide is the state it follows.
      // The restore module is loaded only after a compaction.
      const compacted = input.restoreOnPrompt === true &&
        await withSession(
          where.database,
          (store) => store.compactedSincePrompt(session),
          facts.sessions,
        );
      const guide = compacted
        ? await restoredGuide(where, session, false, facts)
        : undefined;
      const decision = await userPromptSubmit(input.prompt, {
        record: (record) =>
          withSession(
            where.database,
            (store) => store.record(session, record, facts.now),
            facts.sessions,
          ),
        keepPastes: (pastes) => keepPastes(where.database, session, pastes),
      });
      return guide ? { kind: "context", text: guide } : decision;
    }
  }
}

/**
 * The session's working state as a guide; with `previous`, a session that
 * recorded nothing gets the platform's most recent one.
 */
async function restoredGuide(
  where: { database: string; project: string },
  session: { platform: string; sessionId: string },
  previous: boolean,
  facts: HookFacts,
): Promise<string | undefined> {
  const { restoreSession } = await loadEngineModule<
    { restoreSession: typeof RestoreSession }
  >("restore");
  const restored = await withSession(
    where.database,
    (store) =>
      restoreSession(store, session, {
        projectDir: where.project,
        previous,
        onNote: warn,
      }),
    facts.sessions,
  );
  return restored?.guide;
}

/** Indexes data pasted into a prompt under the session's sources. */
async function keepPastes(
  database: string,
  session: { platform: string; sessionId: string },
  pastes: readonly PastedData[],
): Promise<void> {
  try {
    const [{ KnowledgeBase }, { indexPastes }] = await Promise.all([
      loadEngineModule<{ KnowledgeBase: typeof KnowledgeBaseClass }>(
        "knowledgeBase",
      ),
      loadEngineModule<{ indexPastes: typeof IndexPastes }>("indexSession"),
    ]);
    using kb = KnowledgeBase.open(database);
    indexPastes(kb, session, pastes);
  } catch (error) {
    warn(`${firstLine(error)}; the pasted data is kept by reference only`);
  }
}
