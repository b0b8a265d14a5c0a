/**
 * Whether Codex trusts ctx-mode's hooks: Codex runs a hook of `hooks.json`
 * only once the user has reviewed it in `/hooks`, which records
 * `[hooks.state."<hooks.json>:<event>:<group>:<handler>"] trusted_hash` in
 * `config.toml` (as `codex app-server`'s `hooks/list` reports them). A hook
 * with no recorded hash, or switched off (`enabled = false`), does not run.
 *
 * Reads through the injected reader; never writes.
 *
 * @module
 */

import { parse } from "smol-toml";

/** ctx-mode's hooks in one `hooks.json`, by their Codex keys, and which lack trust. */
export interface CodexHookTrust {
  /** Every key of ctx-mode's hooks. */
  keys: string[];
  /** The keys Codex would not run. */
  untrusted: string[];
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
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, i) => {
      const handlers = (group as { hooks?: unknown })?.hooks;
      if (!Array.isArray(handlers)) return;
      handlers.forEach((handler, j) => {
        const command = (handler as { command?: unknown })?.command;
        if (
          typeof command === "string" && /\bhook codex \S+\s*$/.test(command)
        ) {
          keys.push(`${hooksFile}:${snake(event)}:${i}:${j}`);
        }
      });
    });
  }
  if (keys.length === 0) return undefined;
  const untrusted = keys.filter((key) => {
    const entry = state[key] as { trusted_hash?: unknown; enabled?: unknown };
    return typeof entry?.trusted_hash !== "string" || entry.enabled === false;
  });
  return { keys, untrusted };
}
