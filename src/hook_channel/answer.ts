/**
 * Answers one hook-channel request with the same engine as the command hook
 * (the hook engine's `runHook`: the agent's adapter, the neutral handlers,
 * the guard, the session store), so both paths decide alike. Fails open per request: a
 * request that cannot be answered gets the agent's pass-through reply and
 * the one stderr line the command hook would have written.
 *
 * @module
 */

import { adapterFor, PLATFORM_NAMES } from "../../adapters/registry.ts";
import { runHook } from "../../hooks/engine/run_hook.ts";
import { PolicyCache } from "../safety/policy_cache.ts";
import { SessionStoreCache } from "../session/store_cache.ts";
import type { ChannelReply, ChannelRequest } from "./protocol.ts";

/** The guard policy, read again only when its files change (checked per request). */
const POLICIES = new PolicyCache();

/** The project databases, kept open between requests. */
const SESSIONS = new SessionStoreCache();

/**
 * Work earlier answers left to do (indexing a shrunk result), in order:
 * every request waits for it before it is decided, so that the hook of the
 * next tool call, and so the call itself, finds what the last one indexed.
 */
let backlog: Promise<void> = Promise.resolve();

/**
 * Queues work to run once `answered` settles, ahead of every request
 * decided after this call.
 *
 * @param answered Settles when the answer that left the work is out.
 * @param work The work, in order.
 * @returns Settles when the work is done (it never rejects).
 */
export function afterAnswer(
  answered: Promise<unknown>,
  work: readonly (() => Promise<void>)[],
): Promise<void> {
  backlog = backlog.then(async () => {
    await answered.catch(() => {});
    for (const piece of work) await piece().catch(() => {});
  });
  return backlog;
}

/** What a request does not say for itself. */
export interface AnswerDefaults {
  /** The agent the channel serves (`hook --serve <agent>`). */
  agent?: string;
  /** The environment of the process that asks. */
  env: Readonly<Record<string, string>>;
  /** That process's parent id. */
  parentPid: number;
  /** Takes work to run after the answer is out. @default {undefined: it runs before the answer} */
  defer?: ((work: () => Promise<void>) => void) | undefined;
}

/**
 * The reply of one request.
 *
 * @param request The request.
 * @param defaults The agent, environment and parent id it does not carry.
 * @returns What the command hook would print, its exit code and stderr line.
 */
export async function answerRequest(
  request: ChannelRequest,
  defaults: AnswerDefaults,
): Promise<ChannelReply> {
  const agent = request.agent ?? defaults.agent ?? "";
  const adapter = await adapterFor(agent);
  if (!adapter) {
    return failOpen(
      { stdout: "", exitCode: 0 },
      `Cannot handle hook platform "${agent}": known platforms are ${
        PLATFORM_NAMES.join(", ")
      }`,
    );
  }
  await backlog;
  try {
    const payload = typeof request.payload === "string"
      ? request.payload
      : JSON.stringify(request.payload ?? null);
    const output = await runHook(adapter, request.event, payload, {
      env: request.env ?? defaults.env,
      parentPid: request.ppid ?? defaults.parentPid,
      now: Date.now(),
      policies: POLICIES,
      sessions: SESSIONS,
      defer: defaults.defer,
    });
    return { stdout: output.stdout, exitCode: output.exitCode };
  } catch (error) {
    return failOpen(adapter.passThrough(), firstLine(error));
  }
}

/**
 * A pass-through reply with the command hook's stderr line.
 *
 * @param passThrough The agent's pass-through output.
 * @param reason Why the request was not answered.
 * @returns The reply.
 */
export function failOpen(
  passThrough: { stdout: string; exitCode: number },
  reason: string,
): ChannelReply {
  return {
    stdout: passThrough.stdout,
    exitCode: passThrough.exitCode,
    stderr: `ctx-mode hook: ${reason}; letting the call proceed\n`,
  };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split(
    "\n",
  )[0] ?? "";
}
