/**
 * `ctx-mode hook <platform> <event>`: the hook entry point of every agent.
 * Reads one JSON payload from stdin, hands it to the platform's adapter and
 * the neutral handler, and answers in the platform's dialect.
 *
 * Fails open: empty or invalid input, an unknown platform or event, or an
 * internal error lets the call proceed (the platform's pass-through answer,
 * exit 0) with one line on stderr — ctx-mode never blocks an agent through a
 * fault of its own. This path loads no MCP SDK.
 *
 * @module
 */

import type { Command } from "./_context.ts";
import { adapterFor, PLATFORM_NAMES } from "../../adapters/registry.ts";
import type { Adapter, HookInput, HookOutput } from "../../adapters/types.ts";
import { preToolUse } from "../../hooks/pre_tool_use.ts";
import { guardToolCall } from "../../hooks/_guard.ts";
import { postToolUse } from "../../hooks/post_tool_use.ts";
import { preCompact } from "../../hooks/pre_compact.ts";
import { sessionStart } from "../../hooks/session_start.ts";
import { userPromptSubmit } from "../../hooks/user_prompt_submit.ts";
import { serverIsAlive } from "../config/heartbeat.ts";
import { dataHome, projectDatabasePath, projectDir } from "../config/paths.ts";
import { isAbsolutePath, resolvePath } from "../config/path_lite.ts";
import { listNames, readTextOrUndefined } from "../config/quiet_fs.ts";
import type { Decision } from "../routing/types.ts";
import type { HookLog } from "../store/hook_log.ts";
import { findRuleFiles } from "../session/rule_files.ts";
import type { SessionStore } from "../session/store.ts";
import type { PastedData } from "../session/types.ts";

const USAGE = `Usage: ctx-mode hook <platform> <event>

The command an agent's hook configuration runs. Reads the agent's JSON payload
on stdin and answers in the agent's own format on stdout. Platforms:
${PLATFORM_NAMES.join(", ")}.

Events are the platform's own names, case and "_" ignored, for example for
claude-code: PreToolUse, PostToolUse, PreCompact, SessionStart,
UserPromptSubmit. Any failure lets the agent's call proceed.
`;

/** How long the hook waits for its payload before letting the call proceed. */
const STDIN_TIMEOUT_MS = 5_000;

/** The outside facts of one hook run (injectable for tests). */
export interface HookFacts {
  env: Readonly<Record<string, string>>;
  parentPid: number;
  now: number;
}

/** The `hook` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const [platform, event] = args;
    const adapter = platform === undefined
      ? undefined
      : await adapterFor(platform);
    let output: HookOutput = { stdout: "", exitCode: 0 };
    try {
      if (!adapter) {
        throw new Error(
          `Cannot handle hook platform "${
            platform ?? ""
          }": known platforms are ${PLATFORM_NAMES.join(", ")}`,
        );
      }
      output = adapter.passThrough();
      const bytes = await context.readStdin(STDIN_TIMEOUT_MS);
      if (bytes === undefined) {
        throw new Error(
          `Cannot read the payload: nothing arrived within ${
            STDIN_TIMEOUT_MS / 1000
          } s`,
        );
      }
      const payload = new TextDecoder().decode(bytes);
      output = await runHook(adapter, event ?? "", payload, {
        env: context.env,
        parentPid: Deno.ppid,
        now: Date.now(),
      });
    } catch (error) {
      const message = error instanceof Error
        ? error.message.split("\n")[0]
        : String(error);
      await context.err(
        `ctx-mode hook: ${message}; letting the call proceed\n`,
      );
    }
    if (output.stdout) await context.out(output.stdout);
    return output.exitCode;
  },
};

/**
 * Runs one hook: parse, decide, format.
 *
 * @param adapter The platform's adapter.
 * @param eventName The platform's event name.
 * @param payloadText The stdin payload.
 * @param facts Environment, parent pid and clock.
 * @returns What to print and the exit code.
 * @throws {Error} One-line errors for bad input; the caller fails open.
 */
export async function runHook(
  adapter: Adapter,
  eventName: string,
  payloadText: string,
  facts: HookFacts,
): Promise<HookOutput> {
  const event = adapter.event(eventName.toLowerCase().replace(/[_-]/g, ""));
  if (!event) {
    throw new Error(
      `Cannot handle ${adapter.name} event "${eventName}": not a hook ctx-mode uses`,
    );
  }
  if (payloadText.trim() === "") {
    throw new Error(`Cannot read the ${adapter.name} payload: stdin is empty`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(payloadText);
  } catch {
    throw new Error(
      `Cannot read the ${adapter.name} payload: it is not valid JSON`,
    );
  }
  const input = adapter.parse(event, payload, {
    env: facts.env,
    parentPid: facts.parentPid,
  });
  const decision = await decide(adapter, input, facts);
  return adapter.format(input, decision);
}

async function decide(
  adapter: Adapter,
  input: HookInput,
  facts: HookFacts,
): Promise<Decision> {
  switch (input.event) {
    case "pre_tool_use": {
      const { call } = input;
      const where = projectPaths(call.projectDir, facts);
      const decision = preToolUse(call, {
        toolsAvailable: serverIsAlive(where.home, where.project, facts.now) &&
          (!input.subagent ||
            canSubagentCallServer(adapter, input.agentType, call, facts)),
        subagentCanCallTools: (agentType) =>
          canSubagentCallServer(adapter, agentType, call, facts),
        // Notes are checked against the session's memory afterwards, so that
        // the SQLite module loads only for the calls that carry a note.
        alreadyNoted: () => false,
        guard: (guarded) =>
          guardToolCall(guarded, {
            home: userHome(facts.env),
            dataHome: where.home,
            now: facts.now,
            tmpDir: facts.env.TMPDIR,
          }),
        fileSize: (path) =>
          fileSize(
            isAbsolutePath(path) ? path : resolvePath(where.project, path),
          ),
      });
      if (decision.kind !== "context" || !decision.noteKind) return decision;
      const log = await openHookLog(where.database);
      if (!log) return decision;
      try {
        const session = { platform: call.platform, sessionId: call.sessionId };
        if (log.noted(session, decision.noteKind)) return { kind: "allow" };
        log.note(session, decision.noteKind, facts.now);
        return decision;
      } finally {
        log.close();
      }
    }
    case "post_tool_use": {
      const { call } = input;
      const session = { platform: call.platform, sessionId: call.sessionId };
      const { database } = projectPaths(call.projectDir, facts);
      return await postToolUse(call, {
        record: (record) =>
          withSession(
            database,
            (store) => store.record(session, record, facts.now),
          ),
      }, { error: input.error });
    }
    case "session_start": {
      const session = { platform: input.platform, sessionId: input.sessionId };
      const where = projectPaths(input.projectDir, facts);
      return await sessionStart({ source: input.source }, {
        ruleFiles: () => findRuleFiles(where.project),
        record: (record) =>
          withSession(
            where.database,
            (store) => store.record(session, record, facts.now),
          ),
        cleanup: (maxAgeMs) =>
          withSession(
            where.database,
            (store) => store.cleanup(facts.now - maxAgeMs),
          ),
        restore: async () => {
          const { restoreSession } = await import("../session/restore.ts");
          const restored = await withSession(
            where.database,
            (store) =>
              restoreSession(store, session, {
                projectDir: where.project,
                previous: input.source === "resume",
                onNote: warn,
              }),
          );
          return restored?.guide;
        },
      });
    }
    case "pre_compact": {
      const session = { platform: input.platform, sessionId: input.sessionId };
      const where = projectPaths(input.projectDir, facts);
      return await preCompact({ trigger: input.trigger }, {
        snapshot: async (trigger) => {
          const { takeSnapshot } = await import("../session/take_snapshot.ts");
          await withSession(
            where.database,
            (store) =>
              takeSnapshot(store, session, {
                at: facts.now,
                trigger,
                projectDir: where.project,
              }),
          );
        },
      });
    }
    case "user_prompt_submit": {
      const session = { platform: input.platform, sessionId: input.sessionId };
      const { database } = projectPaths(input.projectDir, facts);
      return await userPromptSubmit(input.prompt, {
        record: (record) =>
          withSession(
            database,
            (store) => store.record(session, record, facts.now),
          ),
        keepPastes: (pastes) => keepPastes(database, session, pastes),
      });
    }
  }
}

/**
 * Runs work on the project's session store. Session continuity never fails a
 * hook: an error is one line on stderr and the hook goes on without it.
 */
async function withSession<T>(
  database: string,
  work: (store: SessionStore) => T,
): Promise<T | undefined> {
  try {
    const { withSessionStore } = await import("../session/store.ts");
    return withSessionStore(database, work, { onNote: warn });
  } catch (error) {
    warn(`${firstLine(error)}; letting the call proceed`);
    return undefined;
  }
}

/** Indexes data pasted into a prompt under the session's sources. */
async function keepPastes(
  database: string,
  session: { platform: string; sessionId: string },
  pastes: readonly PastedData[],
): Promise<void> {
  try {
    const [{ KnowledgeBase }, { indexPastes }] = await Promise.all([
      import("../store/knowledge_base.ts"),
      import("../session/index_session.ts"),
    ]);
    using kb = KnowledgeBase.open(database);
    indexPastes(kb, session, pastes);
  } catch (error) {
    warn(`${firstLine(error)}; the pasted data is kept by reference only`);
  }
}

/** One line on stderr from the hook (stdout carries the platform's answer). */
function warn(line: string): void {
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(`ctx-mode hook: ${line}\n`));
  } catch {
    // Nowhere left to report to; the hook still answers.
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split(
    "\n",
  )[0] ?? "";
}

/** Whether the subagent behind a call can reach ctx-mode's tools (its definition decides). */
function canSubagentCallServer(
  adapter: Adapter,
  agentType: string | undefined,
  call: { projectDir: string },
  facts: HookFacts,
): boolean {
  return adapter.subagentCanCallServer?.(agentType, {
    home: userHome(facts.env),
    projectDir: call.projectDir,
    readText: readTextOrUndefined,
    listNames,
  }) ?? true;
}

function userHome(env: Readonly<Record<string, string>>): string {
  return env.HOME ?? env.USERPROFILE ?? "/";
}

function projectPaths(
  dir: string,
  facts: HookFacts,
): { home: string; project: string; database: string } {
  const home = dataHome(facts.env);
  const project = projectDir(dir, {});
  return { home, project, database: projectDatabasePath(project, home) };
}

/** The hook log, or undefined when the database cannot be opened (hooks never fail the agent for it). */
async function openHookLog(path: string): Promise<HookLog | undefined> {
  try {
    const { HookLog } = await import("../store/hook_log.ts");
    return HookLog.open(path);
  } catch {
    return undefined;
  }
}

function fileSize(path: string): number | undefined {
  try {
    return Deno.statSync(path).size;
  } catch {
    return undefined;
  }
}
