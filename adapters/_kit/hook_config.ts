/**
 * What the agents' generated hook configurations share: which events are
 * registered under which of the platform's names, the command line, and
 * the platform's user folder.
 *
 * Pure.
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import type { AgentSpec } from "./command_hooks.ts";
import type { HookEvent } from "../types.ts";

/**
 * Every event a spec registers, as `[event, the platform's name]`: the first
 * name of each event, and the failure variant of its post-tool event (which
 * carries the error) when the platform has one.
 */
export function registeredEvents(
  events: AgentSpec["events"],
): Array<[HookEvent, string]> {
  return Object.entries(events).flatMap(([event, names]) => {
    const first = names?.[0];
    if (!first) return [];
    const failure = names?.find((name) => /^posttoolusefailure$/i.test(name));
    return failure
      ? [[event as HookEvent, first], [event as HookEvent, failure]]
      : [[event as HookEvent, first]];
  });
}

/**
 * Claude Code's hook layout, which Codex, Gemini CLI and Qwen Code share:
 * each registered event name maps to one matcher group (with the event's
 * matcher, if any) holding one command handler.
 *
 * @param events The agent's event names.
 * @param matchers The matcher of each event that has one.
 * @param handler The handler object for a platform event name.
 * @returns The `hooks` object.
 */
export function matcherGroups(
  events: AgentSpec["events"],
  matchers: Partial<Record<HookEvent, string>>,
  handler: (eventName: string) => Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    registeredEvents(events).map(([event, name]) => [name, [{
      ...(matchers[event] ? { matcher: matchers[event] } : {}),
      hooks: [handler(name)],
    }]]),
  );
}

/** The full hook command for an event. */
export function hookCommand(
  command: string,
  platform: string,
  eventName: string,
): string {
  return `${command} hook ${platform} ${eventName}`;
}

/**
 * A platform's user folder: its variable when set, else `~/<folder>`.
 *
 * @param where The home directory and the environment.
 * @param variable The variable relocating the folder.
 * @param folder The folder under the home directory.
 * @returns The folder's path.
 */
export function userFolder(
  where: { home: string; env: Readonly<Record<string, string>> },
  variable: string | undefined,
  folder: string,
): string {
  return (variable && where.env[variable]) || joinPath(where.home, folder);
}
