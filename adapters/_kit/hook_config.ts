/**
 * What the agents' hook set-ups share: which events are registered under
 * which of the platform's names, with which matcher and handler fields (one
 * list per agent, which `install` writes and `deno task configs` renders in
 * the agent's layout), and the command line.
 *
 * Pure.
 *
 * @module
 */

import { failOpen, type HookShell } from "../../src/install/fail_open.ts";
import type { HookSpec } from "../../src/install/types.ts";
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
 * The hooks ctx-mode registers with a command-hook agent, as `install`
 * writes them and `deno task configs` renders them: each registered event
 * under the platform's name, with its neutral event's matcher (if any) and
 * the handler's other fields.
 *
 * @param events The agent's event names.
 * @param matchers The matcher of each event that has one.
 * @param extra The handler's fields besides the command (`timeout`). @default {none}
 * @returns One spec per registered event.
 */
export function hookSpecs(
  events: AgentSpec["events"],
  matchers: Partial<Record<HookEvent, string>>,
  extra?: Record<string, unknown>,
): HookSpec[] {
  return registeredEvents(events).map(([event, name]) => ({
    event: name,
    ...(matchers[event] === undefined ? {} : { matcher: matchers[event] }),
    ...(extra === undefined ? {} : { extra }),
  }));
}

/** A hook's matcher as a member, or nothing when the event takes none. */
export function matcherOf(hook: HookSpec): { matcher?: string } {
  return hook.matcher === undefined ? {} : { matcher: hook.matcher };
}

/**
 * One hook handler: its `type` and `name` first, as the agents' docs show
 * them, then the members holding the command, then its other fields.
 *
 * @param hook The hook.
 * @param lines The members that hold the command (`{command}`, Copilot's `{bash, powershell}`).
 * @returns The handler object.
 */
export function hookHandler(
  hook: HookSpec,
  lines: Record<string, unknown>,
): Record<string, unknown> {
  const { type, name, ...rest } = hook.extra ?? {};
  return {
    ...(type === undefined ? {} : { type }),
    ...(name === undefined ? {} : { name }),
    ...lines,
    ...rest,
  };
}

/**
 * How Gemini CLI 0.61 runs a hook's `command` here: PowerShell on Windows
 * (where a command that cannot start exits 1, which it lets through: no
 * guard), bash elsewhere, killing only that shell on a timeout.
 */
export const GEMINI_SHELL: HookShell | undefined = Deno.build.os === "windows"
  ? undefined
  : "posix-exec";

/**
 * Claude Code's hook layout, which Codex, Gemini CLI, Qwen Code and
 * Antigravity CLI share: each event maps to one matcher group (with the
 * hook's matcher, if any) holding one command handler.
 *
 * @param hooks The hooks ctx-mode registers.
 * @param command The ctx-mode command.
 * @param platform The platform's name in the hook command.
 * @param options The shell whose fail-open ending each line gets (see
 *   `src/install/fail_open.ts`). @default {none}
 * @returns The events object.
 */
export function matcherGroups(
  hooks: readonly HookSpec[],
  command: string,
  platform: string,
  options: { failOpen?: HookShell | undefined } = {},
): Record<string, unknown> {
  return Object.fromEntries(hooks.map((hook) => {
    const line = hookCommand(command, platform, hook.event);
    return [hook.event, [{
      ...matcherOf(hook),
      hooks: [{
        type: "command",
        ...hookHandler(hook, {
          command: options.failOpen ? failOpen(line, options.failOpen) : line,
        }),
      }],
    }]];
  }));
}

/**
 * The flat hook layout (Cursor, Copilot, Kiro, Hermes): each event maps to
 * a list of one handler.
 *
 * @param hooks The hooks ctx-mode registers.
 * @param entry The handler of one hook, given its full command line.
 * @param options The ctx-mode command and the platform's name in the hook command.
 * @returns The events object.
 */
export function eventEntries(
  hooks: readonly HookSpec[],
  entry: (hook: HookSpec, line: string) => Record<string, unknown>,
  options: { command: string; platform: string },
): Record<string, unknown> {
  return Object.fromEntries(hooks.map((hook) => [hook.event, [
    entry(hook, hookCommand(options.command, options.platform, hook.event)),
  ]]));
}

/** The full hook command for an event. */
export function hookCommand(
  command: string,
  platform: string,
  eventName: string,
): string {
  return `${command} hook ${platform} ${eventName}`;
}
