/**
 * The guard policy: the level, the switched-off rules, the trusted temp dirs
 * and the user's permission rules, built from the policy files' text; and the
 * one check every caller uses — the guard's rules first, then the
 * permission rules, the strictest answer winning.
 *
 * A project file only tightens the user's policy, since whoever edits the
 * project (an agent, a cloned repository) can write it: the level in force is
 * the highest any file sets; `guard.disabledRules` and `guard.tmpDirs` count
 * only from the user's `<data home>/config.json`, or from a project
 * `.ctx-mode.json` whose SHA-256 the user recorded there (`ctx-mode trust`,
 * under `trustedProjectFiles`; an edited file is untrusted again). Deny rules
 * hold whatever scope they come from, then ask rules, then allow rules.
 *
 * Pure: takes file texts (see `src/config/policy_files.ts`), never reads,
 * writes or prints. Bad files and rules become notes, never exceptions.
 *
 * @module
 */

import type { PolicySource } from "../config/policy_files.ts";
import { isWithin, normalizeAbsolute } from "./_paths.ts";
import {
  CATASTROPHIC,
  loadSource,
  type PolicyFileReport,
} from "./_policy_file.ts";
import {
  analyseCommand,
  checkCommand,
  type CheckCommandOptions,
  checkReadPath,
  type Level,
  type ShellRead,
  type Verdict,
} from "./guard.ts";
import { checkWritePath } from "./check_write_path.ts";
import { checkCode } from "./code_check.ts";
import {
  checkPermissions,
  type PermissionRequest,
  type PermissionVerdict,
  type RuleScope,
} from "./permissions.ts";
import { checkShellReads, hasReadRules } from "./shell_read_rules.ts";

export type { PolicyFileReport } from "./_policy_file.ts";

/** The guard settings and permission rules in force for a project. */
export interface Policy {
  /** The guard level. */
  level: Level;
  /** The file that set the level, or null for the default. */
  levelFrom: string | null;
  /** Guard rule ids switched off (never `rm.root`, `rm.home`, `rm.git`); only from user or trusted files. */
  disabledRules: string[];
  /** Extra directories where recursive deletes count as temp-dir deletes; only from user or trusted files. */
  tmpDirs: string[];
  /** Permission rules, project scope first. */
  scopes: RuleScope[];
  /** Every candidate file and what became of it. */
  files: PolicyFileReport[];
  /** One line per problem found, for stderr and the doctor. */
  notes: string[];
}

/** Where a check happens. */
export interface PolicyWhere {
  /** The directory the command runs in, and relative paths start from. */
  cwd: string;
  /** The project root (for `/x` patterns). @default {cwd} */
  project?: string;
  /** The user's home directory. */
  home: string;
  /** Resolves symbolic links; null when the path does not exist. @default {undefined} */
  realPath?: (path: string) => string | null;
  /** `$TMPDIR` of the environment the command runs in; trusted when it is a plausible temp dir. @default {undefined} */
  envTmpDir?: string | undefined;
  /** A level that replaces the policy's (`explain --level`). @default {undefined} */
  level?: Level;
  /** ctx-mode's data home, whose `config.json` is a control file. @default {"<home>/.ctx-mode"} */
  dataHome?: string | undefined;
  /** Claude Code's user folder, whose `settings.json` is a control file. @default {"<home>/.claude"} */
  claudeDir?: string | undefined;
}

/** A check's answer: the verdict, and which layer gave it. */
export interface PolicyVerdict extends PermissionVerdict {
  /** `guard` (the built-in rules) or `permissions` (the user's rules); absent for a plain allow. */
  source?: "guard" | "permissions";
}

/** The policy when no file says anything: standard level, no rules. */
export const DEFAULT_POLICY: Policy = Object.freeze({
  level: "standard",
  levelFrom: null,
  disabledRules: [],
  tmpDirs: [],
  scopes: [],
  files: [],
  notes: [],
}) as Policy;

const RANK: Record<Level, number> = { standard: 0, strict: 1, paranoid: 2 };

/** Whether a project file's loosening fields count: its hash is the one the user trusted. */
function trustOf(
  report: PolicyFileReport,
  trusted: ReadonlyMap<string, string>,
): "trusted" | "changed" | "untrusted" {
  const recorded = trusted.get(report.path);
  if (recorded === undefined) return "untrusted";
  return recorded === report.sha256 ? "trusted" : "changed";
}

/**
 * Builds the policy from the policy files' texts.
 *
 * @param sources The files, most specific first (as `readPolicyFiles` gives them).
 * @param options The home directory, for `~` in temp dirs.
 * @returns The policy; problems are in `notes`, never thrown.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildPolicy } from "./policy.ts";
 * const policy = buildPolicy([
 *   { path: "/p/.ctx-mode.json", scope: "project", format: "ctx-mode", text: '{"guard": {"level": "strict"}}' },
 *   { path: "/h/.claude/settings.json", scope: "user", format: "claude", text: "{oops" },
 * ], { home: "/h" });
 * assert.equal(policy.level, "strict");
 * assert.match(policy.notes[0] ?? "", /settings\.json: ignored: not valid JSON/);
 * ```
 */
export function buildPolicy(
  sources: readonly PolicySource[],
  options: { home: string },
): Policy {
  const scopes: RuleScope[] = [
    { scope: "project", rules: [] },
    { scope: "user", rules: [] },
  ];
  const all = sources.map((source) => ({
    source,
    ...loadSource(source, options.home),
  }));
  const trusted = new Map<string, string>();
  let userLevel: Level = "standard";
  for (const { source, loaded } of all) {
    if (source.scope !== "user" || !loaded) continue;
    for (const [path, hash] of loaded.trusted) trusted.set(path, hash);
    if (loaded.level && RANK[loaded.level] > RANK[userLevel]) {
      userLevel = loaded.level;
    }
  }
  let level: Level = "standard";
  let levelFrom: string | null = null;
  const disabled = new Set<string>();
  const tmpDirs = new Set<string>();
  for (const { source, report, loaded } of all) {
    if (!loaded) continue;
    scopes[source.scope === "project" ? 0 : 1]!.rules.push(...loaded.rules);
    if (
      loaded.level &&
      (levelFrom === null || RANK[loaded.level] > RANK[level])
    ) {
      level = loaded.level;
      levelFrom = source.path;
    }
    if (source.scope === "project" && source.format === "ctx-mode") {
      report.trust = trustOf(report, trusted);
      if (loaded.level && RANK[loaded.level] < RANK[userLevel]) {
        report.problems.push(
          `"guard.level" ${loaded.level} ignored: the user's level ${userLevel} is higher, and a project file can only raise it`,
        );
      }
    }
    const loosens = loaded.disabledRules.length + loaded.tmpDirs.length > 0;
    if (source.scope === "project" && report.trust !== "trusted") {
      if (loosens) {
        report.problems.push(
          report.trust === "changed"
            ? '"guard.disabledRules" and "guard.tmpDirs" ignored: the file changed since the user trusted it; run `ctx-mode trust` to trust this version'
            : '"guard.disabledRules" and "guard.tmpDirs" ignored: a project file can only tighten the policy unless the user trusts it with `ctx-mode trust`',
        );
      }
      continue;
    }
    for (const id of loaded.disabledRules) disabled.add(id);
    for (const dir of loaded.tmpDirs) tmpDirs.add(dir);
  }
  const files = all.map(({ report }) => report);
  return {
    level,
    levelFrom,
    disabledRules: [...disabled],
    tmpDirs: [...tmpDirs],
    scopes: scopes.filter((scope) => scope.rules.length > 0),
    files,
    notes: files.flatMap((file) =>
      file.problems.map((problem) => `ctx-mode: ${file.path}: ${problem}`)
    ),
  };
}

/** `$TMPDIR` when it is an absolute directory that holds neither the home nor `/`. */
function trustedTmpDir(dir: string | undefined, home: string): string[] {
  if (!dir || !dir.startsWith("/")) return [];
  const path = normalizeAbsolute(dir);
  return path === "/" || isWithin(normalizeAbsolute(home), path) ? [] : [path];
}

function fromGuard(
  verdict: Verdict,
  disabled: readonly string[],
): PolicyVerdict {
  if (verdict.verdict === "allow") return { verdict: "allow" };
  if (
    verdict.rule && disabled.includes(verdict.rule) &&
    !CATASTROPHIC.has(verdict.rule)
  ) {
    return { verdict: "allow" };
  }
  return { ...verdict, source: "guard" };
}

/**
 * Checks a request against the policy: the guard's built-in rules (shell
 * commands and program code; secret paths for reads; control files for edits) at the policy's level, then the user's
 * permission rules, and for shell commands the Read deny and ask rules
 * against the files the command reads. Deny beats ask beats allow; on a tie
 * the guard's answer is given, then the command rules'.
 *
 * @param request The command, path, URL or tool.
 * @param policy The policy in force.
 * @param where Working directory, project, home, tool name, symlink resolver.
 * @returns The verdict with its rule id, reason and source.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildPolicy, checkWithPolicy } from "./policy.ts";
 * const policy = buildPolicy([{
 *   path: "/p/.claude/settings.json", scope: "project", format: "claude",
 *   text: '{"permissions": {"deny": ["Bash(npm publish:*)"]}}',
 * }], { home: "/h" });
 * const where = { cwd: "/p", home: "/h" };
 * assert.equal(checkWithPolicy({ kind: "shell", command: "npm test && npm publish" }, policy, where).rule, "permissions.deny");
 * assert.equal(checkWithPolicy({ kind: "shell", command: "git reset --hard" }, policy, where).rule, "git.reset-hard");
 * ```
 */
export function checkWithPolicy(
  request: PermissionRequest,
  policy: Policy,
  where: PolicyWhere,
): PolicyVerdict {
  const level = where.level ?? policy.level;
  let guard: PolicyVerdict = { verdict: "allow" };
  let reads: ShellRead[] = [];
  if (request.kind === "shell" || request.kind === "code") {
    const options: CheckCommandOptions = {
      cwd: where.cwd,
      home: where.home,
      level,
      shell: request.kind === "shell" ? request.dialect ?? "posix" : "posix",
      project: where.project ?? where.cwd,
      ...(where.dataHome === undefined ? {} : { dataHome: where.dataHome }),
      claudeDir: where.claudeDir,
      disabledRules: policy.disabledRules,
      tmpDirs: [
        ...policy.tmpDirs,
        ...trustedTmpDir(where.envTmpDir, where.home),
      ],
    };
    // Reads are collected only when a Read rule could deny or ask about them.
    const analysis = request.kind === "code"
      ? { verdict: checkCode(request.language, request.code, options), reads }
      : hasReadRules(policy.scopes)
      ? analyseCommand(request.command, options)
      : { verdict: checkCommand(request.command, options), reads };
    guard = fromGuard(analysis.verdict, policy.disabledRules);
    reads = analysis.reads;
  } else if (request.kind === "read") {
    guard = fromGuard(
      checkReadPath(request.path, {
        cwd: where.cwd,
        home: where.home,
        ...(where.realPath ? { realPath: where.realPath } : {}),
      }),
      policy.disabledRules,
    );
  } else if (request.kind === "edit") {
    guard = fromGuard(
      checkWritePath(request.path, {
        cwd: where.cwd,
        home: where.home,
        project: where.project,
        dataHome: where.dataHome,
        claudeDir: where.claudeDir,
        realPath: where.realPath,
      }),
      policy.disabledRules,
    );
  }
  if (guard.verdict === "deny") return guard;
  const ruleWhere = {
    cwd: where.cwd,
    project: where.project ?? where.cwd,
    home: where.home,
    ...(where.realPath ? { realPath: where.realPath } : {}),
  };
  const rules: PolicyVerdict = checkPermissions(
    request,
    policy.scopes,
    ruleWhere,
  );
  if (rules.verdict === "deny") return { ...rules, source: "permissions" };
  const readRules = checkShellReads(reads, policy.scopes, {
    ...ruleWhere,
    level,
  });
  if (readRules.verdict === "deny") {
    return { ...readRules, source: "permissions" };
  }
  if (guard.verdict === "ask") return guard;
  if (rules.verdict === "ask") return { ...rules, source: "permissions" };
  if (readRules.verdict === "ask") {
    return { ...readRules, source: "permissions" };
  }
  return rules.match ? { ...rules, source: "permissions" } : rules;
}
