/**
 * The status line in an agent's settings: the entry that runs ctx-mode's,
 * and the decisions `install` and `uninstall` take about it. Ours is added
 * only where the user has no status line, and removed only when it is ours.
 *
 * Pure: settings objects in, settings objects out; never reads or writes a file.
 *
 * @module
 */

/** A status line entry in Claude Code's settings. */
export interface StatusLineSetting {
  type: "command";
  command: string;
  padding: number;
}

/** What to do about the status line when installing. */
export type StatusLineOffer =
  | {
    /** The user has none: offer ours; `settings` is theirs with ours added. */
    action: "add";
    settings: Record<string, unknown>;
  }
  | {
    /** Ours is already set (the same command or an older one). */
    action: "present";
  }
  | {
    /** The user has their own: leave it. */
    action: "keep";
    /** One line for the user, naming the command that would show ctx-mode's line. */
    note: string;
  };

/** A command that ends by running ctx-mode's status line: the binary, the plugin's launcher, the package or a checkout. */
const OURS =
  /(^|[\s/"'])(ctx-mode|ctx-mode\.sh|main\.ts|jsr:@ctx\/mode(@[\w.+-]+)?)"?\s+statusline\s*$/;

/**
 * The settings entry that runs ctx-mode's status line.
 *
 * @param command How ctx-mode is launched (`ctx-mode`, `deno run -A jsr:@ctx/mode@0.1.0`).
 * @returns The `statusLine` value.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { statusLineSetting } from "./offer.ts";
 * assert.deepEqual(statusLineSetting("ctx-mode"), { type: "command", command: "ctx-mode statusline", padding: 0 });
 * ```
 */
export function statusLineSetting(command: string): StatusLineSetting {
  return { type: "command", command: `${command} statusline`, padding: 0 };
}

/**
 * Whether a `statusLine` value is ctx-mode's.
 *
 * @param value The `statusLine` value of a settings file.
 * @returns True when its command runs `ctx-mode statusline`.
 */
export function isOurStatusLine(value: unknown): boolean {
  const command = (value as { command?: unknown } | null)?.command;
  return typeof command === "string" && OURS.test(command.trim());
}

/**
 * What `ctx-mode install claude-code` should do about the status line.
 *
 * @param settings The user's settings (`~/.claude/settings.json`), parsed; `{}` when the file is missing.
 * @param command How ctx-mode is launched.
 * @returns Add ours (with the new settings), already present, or keep theirs with a note.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { offerStatusLine } from "./offer.ts";
 * const offer = offerStatusLine({ model: "opus" }, "ctx-mode");
 * assert.equal(offer.action, "add");
 * assert.equal(offerStatusLine({ statusLine: { type: "command", command: "~/bin/mine.sh" } }, "ctx-mode").action, "keep");
 * ```
 */
export function offerStatusLine(
  settings: Record<string, unknown>,
  command: string,
): StatusLineOffer {
  const current = settings.statusLine;
  if (current === undefined || current === null) {
    return {
      action: "add",
      settings: { ...settings, statusLine: statusLineSetting(command) },
    };
  }
  if (isOurStatusLine(current)) return { action: "present" };
  return {
    action: "keep",
    note:
      `You have a status line of your own; to show ctx-mode's figures in it, call: ${command} statusline (it reads the same JSON on stdin)`,
  };
}

/**
 * The settings without ctx-mode's status line, for `uninstall`; a status line of the user's own stays.
 *
 * @param settings The parsed settings.
 * @returns The settings, and whether anything was removed.
 */
export function removeStatusLine(
  settings: Record<string, unknown>,
): { settings: Record<string, unknown>; removed: boolean } {
  if (!isOurStatusLine(settings.statusLine)) {
    return { settings, removed: false };
  }
  const { statusLine: _ours, ...rest } = settings;
  return { settings: rest, removed: true };
}
