/**
 * One policy file's text read into rules, guard settings and trusted project
 * files, with one line per problem in its report.
 *
 * Pure: takes the file's text, never reads, writes or prints. Bad fields and
 * rules become problems, never exceptions.
 *
 * @module
 */

import type { PolicySource } from "../config/policy_files.ts";
import { sha256Hex } from "../config/sha256.ts";
import type { Level } from "./_context.ts";
import { expandHome, isWithin, normalizeAbsolute } from "./_paths.ts";
import { parsePermissionRule } from "./permission_rule.ts";
import type { RuleList, SourcedRule } from "./permissions.ts";

const LEVELS: readonly Level[] = ["standard", "strict", "paranoid"];
export const CATASTROPHIC = new Set(["rm.root", "rm.home", "rm.git"]);
const RULE_ID = /^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+$/;
const LISTS: readonly RuleList[] = ["deny", "ask", "allow"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function stringList(
  value: unknown,
  what: string,
  problems: string[],
): string[] {
  if (!Array.isArray(value)) {
    problems.push(`${what} is not a list; ignored`);
    return [];
  }
  return value.filter((item, i) => {
    if (typeof item === "string") return true;
    problems.push(`${what}[${i}] is not a string; skipped`);
    return false;
  });
}

/** What became of one policy file. */
export interface PolicyFileReport {
  /** The file. */
  path: string;
  /** `project` or `user`. */
  scope: "project" | "user";
  /** `missing`, `loaded`, or `ignored` (unreadable, not JSON, not an object). */
  status: "missing" | "loaded" | "ignored";
  /** Rules taken from it, per list. */
  counts: Record<RuleList, number>;
  /** What was wrong in it, one line each. */
  problems: string[];
  /**
   * For a project `.ctx-mode.json`: `trusted` (its hash is recorded in the
   * user's config), `changed` (a different hash is), or `untrusted`.
   */
  trust?: "trusted" | "changed" | "untrusted";
  /** The file's SHA-256, for a project `.ctx-mode.json`. */
  sha256?: string;
}

/** What a policy file gave. */
export interface Loaded {
  rules: SourcedRule[];
  level?: Level;
  disabledRules: string[];
  tmpDirs: string[];
  /** Trusted project files (path to SHA-256), from a user-scope ctx-mode file. */
  trusted: Map<string, string>;
}

function readPermissions(
  value: unknown,
  file: string,
  report: PolicyFileReport,
): SourcedRule[] {
  if (value === undefined) return [];
  if (!isRecord(value)) {
    report.problems.push('"permissions" is not an object; ignored');
    return [];
  }
  const rules: SourcedRule[] = [];
  for (const list of LISTS) {
    if (value[list] === undefined) continue;
    for (
      const text of stringList(
        value[list],
        `"permissions.${list}"`,
        report.problems,
      )
    ) {
      const rule = parsePermissionRule(text);
      if ("error" in rule) {
        report.problems.push(
          `permission rule ${JSON.stringify(text)} skipped: ${rule.error}`,
        );
        continue;
      }
      rules.push({ rule, list, file });
      report.counts[list]++;
    }
  }
  return rules;
}

type GuardPart = Omit<Loaded, "rules" | "trusted">;

function readTrusted(
  value: unknown,
  report: PolicyFileReport,
): Map<string, string> {
  const out = new Map<string, string>();
  if (value === undefined) return out;
  if (!isRecord(value)) {
    report.problems.push('"trustedProjectFiles" is not an object; ignored');
    return out;
  }
  for (const [path, hash] of Object.entries(value)) {
    if (typeof hash === "string" && /^[0-9a-f]{64}$/.test(hash)) {
      out.set(path, hash);
    } else {
      report.problems.push(
        `"trustedProjectFiles" entry for ${path} is not a SHA-256 in hex; skipped`,
      );
    }
  }
  return out;
}

function readGuard(
  value: unknown,
  home: string,
  report: PolicyFileReport,
): GuardPart {
  const out: GuardPart = { disabledRules: [], tmpDirs: [] };
  if (value === undefined) return out;
  if (!isRecord(value)) {
    report.problems.push('"guard" is not an object; ignored');
    return out;
  }
  if (value.level !== undefined) {
    if (LEVELS.includes(value.level as Level)) out.level = value.level as Level;
    else {
      report.problems.push(
        `"guard.level" ${
          JSON.stringify(value.level)
        } is not standard, strict or paranoid; ignored`,
      );
    }
  }
  if (value.disabledRules !== undefined) {
    for (
      const id of stringList(
        value.disabledRules,
        '"guard.disabledRules"',
        report.problems,
      )
    ) {
      if (CATASTROPHIC.has(id)) {
        report.problems.push(
          `rule ${id} cannot be switched off (it guards against catastrophic loss)`,
        );
      } else if (!RULE_ID.test(id)) {
        report.problems.push(
          `"${id}" is not a rule id (like git.push-force); skipped`,
        );
      } else out.disabledRules.push(id);
    }
  }
  if (value.tmpDirs !== undefined) {
    for (
      const dir of stringList(value.tmpDirs, '"guard.tmpDirs"', report.problems)
    ) {
      const expanded = expandHome(dir, home);
      if (!expanded.startsWith("/")) {
        report.problems.push(`temp dir "${dir}" is not absolute; skipped`);
        continue;
      }
      const path = normalizeAbsolute(expanded);
      if (isWithin(normalizeAbsolute(home), path)) {
        report.problems.push(
          `temp dir "${dir}" holds the home directory; skipped`,
        );
      } else out.tmpDirs.push(path);
    }
  }
  return out;
}

/** Reads one policy file into its report and what it gave (nothing when it is missing or ignored). */
export function loadSource(
  source: PolicySource,
  home: string,
): { report: PolicyFileReport; loaded?: Loaded } {
  const report: PolicyFileReport = {
    path: source.path,
    scope: source.scope,
    status: "missing",
    counts: { deny: 0, ask: 0, allow: 0 },
    problems: [],
  };
  if (source.error !== undefined) {
    report.status = "ignored";
    report.problems.push(`ignored: cannot be read (${source.error})`);
    return { report };
  }
  if (source.text === null) return { report };
  let data: unknown;
  try {
    data = JSON.parse(source.text);
  } catch (error) {
    report.status = "ignored";
    report.problems.push(
      `ignored: not valid JSON (${
        error instanceof Error ? error.message.split("\n")[0] : String(error)
      })`,
    );
    return { report };
  }
  if (!isRecord(data)) {
    report.status = "ignored";
    report.problems.push("ignored: not a JSON object");
    return { report };
  }
  report.status = "loaded";
  const rules = readPermissions(data.permissions, source.path, report);
  const guard = source.format === "ctx-mode"
    ? readGuard(data.guard, home, report)
    : { disabledRules: [], tmpDirs: [] };
  const trusted = source.format === "ctx-mode" && source.scope === "user"
    ? readTrusted(data.trustedProjectFiles, report)
    : new Map<string, string>();
  if (source.format === "ctx-mode" && source.scope === "project") {
    report.sha256 = sha256Hex(source.text);
  }
  return { report, loaded: { rules, ...guard, trusted } };
}
