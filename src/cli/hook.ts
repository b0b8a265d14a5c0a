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

import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { Command } from "./_context.ts";
import { adapterFor, PLATFORM_NAMES } from "../../adapters/registry.ts";
import type { Adapter, HookInput, HookOutput } from "../../adapters/types.ts";
import { preToolUse } from "../../hooks/pre_tool_use.ts";
import { postToolUse } from "../../hooks/post_tool_use.ts";
import { preCompact } from "../../hooks/pre_compact.ts";
import { sessionStart } from "../../hooks/session_start.ts";
import { userPromptSubmit } from "../../hooks/user_prompt_submit.ts";
import { serverIsAlive } from "../config/heartbeat.ts";
import { dataHome, projectDatabasePath, projectDir } from "../config/paths.ts";
import type { Decision } from "../routing/types.ts";
import { HookLog } from "../store/hook_log.ts";

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
      const payload = await readPayload(context.stdin);
      output = runHook(adapter, event ?? "", payload, {
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
export function runHook(
  adapter: Adapter,
  eventName: string,
  payloadText: string,
  facts: HookFacts,
): HookOutput {
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
  const decision = decide(input, facts);
  return adapter.format(input, decision);
}

function decide(input: HookInput, facts: HookFacts): Decision {
  switch (input.event) {
    case "pre_tool_use": {
      const { call } = input;
      const where = projectPaths(call.projectDir, facts);
      let log: HookLog | undefined;
      const session = { platform: call.platform, sessionId: call.sessionId };
      const decision = preToolUse(call, {
        toolsAvailable: serverIsAlive(where.home, where.project, facts.now),
        alreadyNoted: (kind) =>
          (log ??= openHookLog(where.database))?.noted(session, kind) ?? false,
        fileSize: (path) =>
          fileSize(isAbsolute(path) ? path : resolve(where.project, path)),
      });
      if (decision.kind === "context" && decision.noteKind) {
        (log ??= openHookLog(where.database))?.note(
          session,
          decision.noteKind,
          facts.now,
        );
      }
      log?.close();
      return decision;
    }
    case "post_tool_use": {
      const where = projectPaths(input.call.projectDir, facts);
      const log = openHookLog(where.database);
      log?.recordToolCall(
        { platform: input.call.platform, sessionId: input.call.sessionId },
        { ...postToolUse(input.call), at: facts.now },
      );
      log?.close();
      return { kind: "allow" };
    }
    case "session_start":
      return sessionStart();
    case "pre_compact":
      return preCompact();
    case "user_prompt_submit":
      return userPromptSubmit();
  }
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
function openHookLog(path: string): HookLog | undefined {
  try {
    return HookLog.open(path);
  } catch {
    return undefined;
  }
}

function fileSize(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

/** Reads stdin whole, or gives up after the timeout (an open pipe never hangs the agent). */
async function readPayload(stdin: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stdin.getReader();
  const chunks: Uint8Array[] = [];
  const timeout = new Promise<"timeout">((resolve) => {
    const timer = setTimeout(() => resolve("timeout"), STDIN_TIMEOUT_MS);
    Deno.unrefTimer(timer);
  });
  try {
    while (true) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === "timeout") {
        throw new Error(
          `Cannot read the payload: nothing arrived within ${
            STDIN_TIMEOUT_MS / 1000
          } s`,
        );
      }
      if (next.done) break;
      chunks.push(next.value);
    }
  } finally {
    reader.releaseLock();
  }
  return new TextDecoder().decode(concat(chunks));
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
