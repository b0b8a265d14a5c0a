/**
 * Whether Gemini CLI trusts the project folder, read as Gemini CLI reads it:
 * `GEMINI_CLI_TRUST_WORKSPACE` and `GEMINI_RESTRICTED_MODE` first, then
 * `security.folderTrust.enabled` in the user's `settings.json` (on unless
 * false), then the longest matching rule of `trustedFolders.json`
 * (`$GEMINI_CLI_TRUSTED_FOLDERS_PATH`, default `~/.gemini/trustedFolders.json`:
 * `TRUST_FOLDER`, `TRUST_PARENT` (the rule's parent folder) or
 * `DO_NOT_TRUST`). A folder no rule covers is untrusted, and there Gemini
 * CLI keeps every MCP server "Disabled" and runs no hooks.
 *
 * Reads through the injected reader; never writes.
 *
 * @module
 */

import { parse } from "jsonc-parser";
import { dirname, join } from "node:path";

/** What Gemini CLI decides for a folder, and why. */
export interface GeminiTrust {
  /** Whether the folder is trusted. */
  trusted: boolean;
  /** Why, in words. */
  why: string;
  /** The file that decides (the trusted-folders file). */
  file: string;
}

function normal(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

function within(folder: string, path: string): boolean {
  const base = normal(folder);
  const target = normal(path);
  return target === base || target.startsWith(base === "/" ? "/" : `${base}/`);
}

/**
 * Gemini CLI's trust of a folder.
 *
 * @param where The environment, the user's Gemini folder and the folder.
 * @param read Reads a text file (undefined: missing).
 */
export function geminiTrust(
  where: {
    env: Readonly<Record<string, string>>;
    geminiDir: string;
    folder: string;
  },
  read: (path: string) => string | undefined,
): GeminiTrust {
  const file = where.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH ||
    join(where.geminiDir, "trustedFolders.json");
  const env = (why: string, trusted: boolean) => ({ trusted, why, file });
  if (
    where.env.GEMINI_RESTRICTED_MODE === "true" ||
    where.env.GEMINI_CLI_TRUST_WORKSPACE === "false"
  ) {
    return env("the environment turns trust off", false);
  }
  if (where.env.GEMINI_CLI_TRUST_WORKSPACE === "true") {
    return env("GEMINI_CLI_TRUST_WORKSPACE=true", true);
  }
  const settings = parse(read(join(where.geminiDir, "settings.json")) ?? "{}");
  if (settings?.security?.folderTrust?.enabled === false) {
    return env("folder trust is off (security.folderTrust.enabled)", true);
  }
  const rules = parse(read(file) ?? "{}") as Record<string, unknown> | null;
  let best: { rule: string; level: string } | undefined;
  for (const [rule, level] of Object.entries(rules ?? {})) {
    if (typeof level !== "string") continue;
    const folder = level === "TRUST_PARENT" ? dirname(rule) : rule;
    if (!within(folder, where.folder)) continue;
    if (!best || rule.length > best.rule.length) best = { rule, level };
  }
  if (best?.level === "TRUST_FOLDER" || best?.level === "TRUST_PARENT") {
    return env(`${best.rule}: ${best.level}`, true);
  }
  if (best?.level === "DO_NOT_TRUST") {
    return env(`${best.rule} is marked DO_NOT_TRUST`, false);
  }
  return env("no rule trusts it yet", false);
}
