/**
 * The user's shrink settings, from the places ctx-mode already reads:
 * the `shrink` field of the project's `.ctx-mode.json` and of the user's
 * `<data home>/config.json`, and the environment (`CTX_MODE_SHRINK=off`,
 * `CTX_MODE_SHRINK_BYTES=8192`).
 *
 * `"shrink": false` switches shrinking off; an object may hold `enabled`
 * (false: off), `thresholdBytes` (a whole number of at least 1024),
 * `disabledAgents` (platform names, `claude-code`) and `disabledTools`
 * (tool names as the agent spells them, neutral kinds such as `shell`, or
 * patterns with `*`: `mcp__github__*`). Off anywhere holds (a project file
 * cannot switch on what the user switched off); the threshold comes from
 * the environment, else the project, else the user; lists add up.
 *
 * Parsing is pure ({@linkcode shrinkSettingsFrom}); {@linkcode readShrinkSettings}
 * reads the files, synchronously and without `node:` modules (the hook path
 * loads it). A bad field is skipped with a note, never thrown.
 *
 * @module
 */

import { dataHome } from "../config/paths.ts";
import { type PolicySource, readPolicyFiles } from "../config/policy_files.ts";

/** The size above which a result is shrunk when nothing says otherwise (6 KB). */
export const DEFAULT_THRESHOLD_BYTES = 6 * 1024;
/** The smallest threshold a setting may give: below it a view saves nothing. */
export const MIN_THRESHOLD_BYTES = 1024;

/** The shrink settings in force. */
export interface ShrinkSettings {
  /** False when some place switched shrinking off. */
  enabled: boolean;
  /** Where it was switched off, when it was. */
  disabledBy?: string;
  /** Results up to this many bytes are left alone. */
  thresholdBytes: number;
  /** Platforms shrinking is off for. */
  disabledAgents: string[];
  /** Tools (names, neutral kinds or `*` patterns) shrinking is off for. */
  disabledTools: string[];
  /** One line per problem in a setting. */
  notes: string[];
}

/** The settings when nothing says anything. */
export const DEFAULT_SHRINK_SETTINGS: Readonly<ShrinkSettings> = Object.freeze({
  enabled: true,
  thresholdBytes: DEFAULT_THRESHOLD_BYTES,
  disabledAgents: [],
  disabledTools: [],
  notes: [],
});

const OFF = new Set(["off", "0", "false", "no"]);
const ON = new Set(["on", "1", "true", "yes"]);

function threshold(value: unknown): number | undefined {
  const number = typeof value === "string" && /^\s*\d+\s*$/.test(value)
    ? Number(value)
    : value;
  return typeof number === "number" && Number.isInteger(number) &&
      number >= MIN_THRESHOLD_BYTES
    ? number
    : undefined;
}

function names(value: unknown, what: string, notes: string[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    notes.push(`${what} is not a list; ignored`);
    return [];
  }
  return value.filter((item, i) => {
    if (typeof item === "string" && item.trim() !== "") return true;
    notes.push(`${what}[${i}] is not a name; skipped`);
    return false;
  }).map((item: string) => item.trim());
}

/**
 * The shrink settings from the policy files' texts and the environment.
 *
 * @param sources The policy files, most specific first (as `readPolicyFiles` gives them); only ctx-mode's own files are read.
 * @param env The environment.
 * @returns The settings; problems in `notes`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shrinkSettingsFrom } from "./settings.ts";
 * const settings = shrinkSettingsFrom([
 *   { path: "/p/.ctx-mode.json", scope: "project", format: "ctx-mode", text: '{"shrink": {"thresholdBytes": 9000}}' },
 *   { path: "/h/.ctx-mode/config.json", scope: "user", format: "ctx-mode", text: '{"shrink": {"disabledTools": ["mcp__jira__*"]}}' },
 * ], {});
 * assert.equal(settings.thresholdBytes, 9000);
 * assert.deepEqual(settings.disabledTools, ["mcp__jira__*"]);
 * ```
 */
export function shrinkSettingsFrom(
  sources: readonly PolicySource[],
  env: Readonly<Record<string, string | undefined>>,
): ShrinkSettings {
  const settings: ShrinkSettings = {
    enabled: true,
    thresholdBytes: DEFAULT_THRESHOLD_BYTES,
    disabledAgents: [],
    disabledTools: [],
    notes: [],
  };
  let thresholdSet = false;
  const switchOff = (where: string) => {
    if (!settings.enabled) return;
    settings.enabled = false;
    settings.disabledBy = where;
  };
  const switchText = env.CTX_MODE_SHRINK?.trim().toLowerCase();
  if (switchText !== undefined && switchText !== "") {
    if (OFF.has(switchText)) switchOff("CTX_MODE_SHRINK");
    else if (!ON.has(switchText)) {
      settings.notes.push(
        `CTX_MODE_SHRINK "${env.CTX_MODE_SHRINK}" is neither on nor off; ignored`,
      );
    }
  }
  const bytesText = env.CTX_MODE_SHRINK_BYTES?.trim();
  if (bytesText !== undefined && bytesText !== "") {
    const bytes = threshold(bytesText);
    if (bytes === undefined) {
      settings.notes.push(
        `CTX_MODE_SHRINK_BYTES "${bytesText}" is not a whole number of at least ${MIN_THRESHOLD_BYTES}; ignored`,
      );
    } else {
      settings.thresholdBytes = bytes;
      thresholdSet = true;
    }
  }
  for (const source of sources) {
    if (source.format !== "ctx-mode" || source.text === null) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(source.text);
    } catch {
      continue; // The guard's policy reports a file that is not JSON.
    }
    if (typeof parsed !== "object" || parsed === null) continue;
    const shrink = (parsed as Record<string, unknown>).shrink;
    if (shrink === undefined) continue;
    const where = `${source.path}: "shrink`;
    if (shrink === false) {
      switchOff(source.path);
      continue;
    }
    if (shrink === true) continue;
    if (
      typeof shrink !== "object" || shrink === null || Array.isArray(shrink)
    ) {
      settings.notes.push(
        `${where}" is neither true, false nor an object; ignored`,
      );
      continue;
    }
    const fields = shrink as Record<string, unknown>;
    if (fields.enabled === false) switchOff(source.path);
    else if (fields.enabled !== undefined && fields.enabled !== true) {
      settings.notes.push(`${where}.enabled" is not true or false; ignored`);
    }
    if (fields.thresholdBytes !== undefined) {
      const bytes = threshold(fields.thresholdBytes);
      if (bytes === undefined) {
        settings.notes.push(
          `${where}.thresholdBytes" is not a whole number of at least ${MIN_THRESHOLD_BYTES}; ignored`,
        );
      } else if (!thresholdSet) {
        settings.thresholdBytes = bytes;
        thresholdSet = true;
      }
    }
    settings.disabledAgents.push(
      ...names(
        fields.disabledAgents,
        `${where}.disabledAgents"`,
        settings.notes,
      ),
    );
    settings.disabledTools.push(
      ...names(fields.disabledTools, `${where}.disabledTools"`, settings.notes),
    );
  }
  return settings;
}

/** Where {@linkcode readShrinkSettings} looks. */
export interface ReadShrinkOptions {
  /** The environment: `HOME`, `CTX_MODE_HOME` and the shrink variables. */
  env: Readonly<Record<string, string>>;
}

/**
 * The shrink settings of a project: its `.ctx-mode.json`, the user's
 * `<data home>/config.json` and the environment, read afresh (two small
 * files, so an edit counts at once).
 *
 * @param projectDir The project directory.
 * @param options The environment.
 * @returns The settings; an unreadable file counts as absent.
 */
export function readShrinkSettings(
  projectDir: string,
  options: ReadShrinkOptions,
): ShrinkSettings {
  const { env } = options;
  const home = env.HOME ?? env.USERPROFILE;
  let sources: PolicySource[] = [];
  if (home !== undefined || env.CTX_MODE_HOME) {
    sources = readPolicyFiles(projectDir, {
      home: home ?? "/",
      dataHome: dataHome(env),
    }).filter((source) => source.format === "ctx-mode");
  }
  return shrinkSettingsFrom(sources, env);
}
