/**
 * Whether Codex trusts ctx-mode's hooks: Codex runs a hook of `hooks.json`
 * only once the user has reviewed it in `/hooks`, which records
 * `[hooks.state."<hooks.json>:<event>:<group>:<handler>"] trusted_hash` in
 * `config.toml` (as `codex app-server`'s `hooks/list` reports them). A hook
 * with no recorded hash, one whose hash is not that of the hook as it is now
 * (Codex's "modified": an install that changed the command, such as
 * `install --repair` after the clone moved), or one switched off
 * (`enabled = false`) does not run.
 *
 * The hash is Codex's: SHA-256 of the canonical JSON (keys sorted, no
 * spaces) of the hook's normalized identity, `{event_name, matcher, hooks:
 * [{type, command, timeout, async, statusMessage}]}`, the matcher only for
 * the events that use one and the timeout 600 s when unset (codex-rs
 * `command_hook_hash` and `version_for_toml`; checked against the
 * `currentHash` that Codex 0.171's `hooks/list` reports).
 *
 * Reads through the injected reader; never writes.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { parse } from "smol-toml";

/** ctx-mode's hooks in one `hooks.json`, by their Codex keys, and which lack trust. */
export interface CodexHookTrust {
  /** Every key of ctx-mode's hooks. */
  keys: string[];
  /** The keys Codex would not run. */
  untrusted: string[];
  /** Of those, the keys trusted once whose hook has changed since. */
  modified: string[];
}

/** The events whose matcher is part of a hook's identity in Codex. */
const MATCHER_EVENTS = new Set([
  "permission_request",
  "post_compact",
  "post_tool_use",
  "pre_compact",
  "pre_tool_use",
  "session_start",
]);

/** JSON with every object's keys sorted, as Codex hashes it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${
      entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
        .join(",")
    }}`;
  }
  return JSON.stringify(value);
}

/**
 * The hash Codex records as `trusted_hash` for one command hook.
 *
 * @param event The event in Codex's snake case (`pre_tool_use`).
 * @param matcher The group's matcher, if any.
 * @param handler The handler object of `hooks.json`.
 * @returns `sha256:<hex>`.
 */
export function codexHookHash(
  event: string,
  matcher: unknown,
  handler: Record<string, unknown>,
): string {
  const timeout = typeof handler.timeout === "number"
    ? Math.max(1, Math.trunc(handler.timeout))
    : 600;
  const identity = {
    "event_name": event,
    matcher: MATCHER_EVENTS.has(event) && typeof matcher === "string"
      ? matcher
      : undefined,
    hooks: [{
      type: "command",
      command: handler.command,
      timeout,
      async: false,
      statusMessage: typeof handler.statusMessage === "string"
        ? handler.statusMessage
        : undefined,
    }],
  };
  return `sha256:${
    createHash("sha256").update(canonical(identity)).digest("hex")
  }`;
}

function snake(event: string): string {
  return event.replace(/(?<=[a-z])(?=[A-Z])/g, "_").toLowerCase();
}

/**
 * The trust of ctx-mode's hooks in a `hooks.json`.
 *
 * @param hooksFile The `hooks.json`.
 * @param configFile The `config.toml` beside it.
 * @param read Reads a text file (undefined: missing).
 * @returns Undefined when the file holds none of ctx-mode's hooks or does not parse.
 */
export function codexHookTrust(
  hooksFile: string,
  configFile: string,
  read: (path: string) => string | undefined,
): CodexHookTrust | undefined {
  let hooks: Record<string, unknown>;
  let state: Record<string, unknown>;
  try {
    hooks = JSON.parse(read(hooksFile) ?? "{}")?.hooks ?? {};
    const config = parse(read(configFile) ?? "") as {
      hooks?: { state?: Record<string, unknown> };
    };
    state = config.hooks?.state ?? {};
  } catch {
    return undefined;
  }
  const keys: string[] = [];
  const untrusted: string[] = [];
  const modified: string[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, i) => {
      const handlers = (group as { hooks?: unknown })?.hooks;
      if (!Array.isArray(handlers)) return;
      handlers.forEach((handler, j) => {
        const command = (handler as { command?: unknown })?.command;
        if (
          typeof command !== "string" || !/\bhook codex \S+\s*$/.test(command)
        ) return;
        const key = `${hooksFile}:${snake(event)}:${i}:${j}`;
        keys.push(key);
        const entry = state[key] as {
          trusted_hash?: unknown;
          enabled?: unknown;
        };
        const trusted = entry?.trusted_hash;
        const current = codexHookHash(
          snake(event),
          (group as { matcher?: unknown }).matcher,
          handler as Record<string, unknown>,
        );
        if (trusted === current && entry?.enabled !== false) return;
        untrusted.push(key);
        if (typeof trusted === "string" && trusted !== current) {
          modified.push(key);
        }
      });
    });
  }
  if (keys.length === 0) return undefined;
  return { keys, untrusted, modified };
}
