/**
 * The user's `Read(…)` deny and ask rules applied to the files a shell
 * command reads, as the guard collects them (`cat`, `grep`'s files, a copy's
 * sources, `tar`, `< file`, `source`, paths in interpreter code…), so a Read
 * deny holds for shell readers too, not only for the agent's read tool.
 *
 * Allow rules never count here: a Read allow lifts nothing, and a command's
 * Bash allow does not lift a Read deny. A folder read whole (`tar czf x
 * secrets`, `grep -r k secrets`) counts when the rule covers everything in it,
 * not when it merely holds a matched file (`grep -r k .`). A path known only
 * at run time (`$F`, a glob) counts when its literal part lies in a folder the
 * rule covers whole (`cat secrets/*` under `Read(./secrets/**)`: whatever it
 * expands to is denied); above the standard level also when that folder is
 * merely named by the rule's literal part.
 *
 * Pure: never reads the file system (a symlink resolver may be injected).
 *
 * @module
 */

import type { Level, ShellRead } from "./_context.ts";
import { expandHome, resolveFrom } from "./_paths.ts";
import {
  coversFolder,
  inRuleFolder,
  matchesPath,
  type PermissionRule,
} from "./permission_rule.ts";
import type {
  PermissionVerdict,
  PermissionWhere,
  RuleScope,
  SourcedRule,
} from "./permissions.ts";

/** Where the reads are judged. */
export interface ShellReadWhere extends PermissionWhere {
  /**
   * The guard level: a path known only at run time counts when it lies in a
   * folder a rule covers whole; above `standard` also in one a rule names.
   * @default {"standard"}
   */
  level?: Level;
}

/** One read, resolved: its absolute path (and the file a link reaches), or the folder of a dynamic one. */
interface Target {
  read: ShellRead;
  /** Absolute path as written, then the link's target when it differs. */
  paths: string[];
  /** For a path known only at run time: the absolute folder its literal part names. */
  folder: string | null;
}

type How = "path" | "link" | "folder" | "dynamic" | "dynamic-covered";

/**
 * Whether any scope holds a `Read(…)` rule in its deny or ask list (when none
 * does, a command's reads need not be collected).
 *
 * @param scopes The rule scopes.
 * @returns True when shell reads can be denied or asked about.
 */
export function hasReadRules(scopes: readonly RuleScope[]): boolean {
  return scopes.some((scope) =>
    scope.rules.some((r) => r.list !== "allow" && r.rule.target === "read")
  );
}

function resolveTarget(read: ShellRead, where: ShellReadWhere): Target | null {
  if (read.dynamic) {
    const prefix = expandHome(read.prefix, where.home);
    const slash = prefix.lastIndexOf("/");
    const dir = slash === -1 ? "." : prefix.slice(0, slash) || "/";
    if (!dir.startsWith("/") && read.cwd === null) return null;
    return { read, paths: [], folder: resolveFrom(read.cwd ?? "/", dir) };
  }
  const path = expandHome(read.path, where.home);
  if (!path.startsWith("/") && read.cwd === null) return null;
  const absolute = resolveFrom(read.cwd ?? "/", path);
  const real = where.realPath?.(absolute);
  return {
    read,
    paths: real && real !== absolute ? [absolute, real] : [absolute],
    folder: null,
  };
}

function howMatched(
  rule: PermissionRule,
  target: Target,
  where: ShellReadWhere,
): How | null {
  if (target.folder !== null) {
    if (coversFolder(rule, target.folder, where)) return "dynamic-covered";
    const strict = (where.level ?? "standard") !== "standard";
    return strict && inRuleFolder(rule, target.folder, where)
      ? "dynamic"
      : null;
  }
  for (const [i, path] of target.paths.entries()) {
    if (matchesPath(rule, path, where)) return i === 0 ? "path" : "link";
  }
  return target.paths.some((path) => coversFolder(rule, path, where))
    ? "folder"
    : null;
}

/** How the reader is named in a reason. */
function readerName(program: string): string {
  if (program === "") return "a program named at run time";
  return program === "." ? "source (.)" : program;
}

function verdictFor(
  hit: SourcedRule,
  target: Target,
  how: How,
  cwd: string,
): PermissionVerdict {
  const { read } = target;
  const by = readerName(read.program);
  // After a `cd`, a relative path is named with the folder it is read in.
  const moved = read.cwd !== null && read.cwd !== resolveFrom("/", cwd) &&
    !/^[/~]/.test(read.path);
  const path = moved ? `"${read.path}" (in ${read.cwd})` : `"${read.path}"`;
  const phrase = {
    path: `${path}, read by ${by},`,
    link: `${path} (→ ${target.paths[1]}), read by ${by},`,
    folder: `The folder ${path}, read whole by ${by},`,
    dynamic:
      `${path}, read by ${by}, is only known at run time and lies in a folder the rule names (strict level), so it`,
    "dynamic-covered":
      `${path}, read by ${by}, is only known at run time but lies in a folder the rule covers whole, so it`,
  }[how];
  const where = `"${hit.rule.text}" in ${hit.file}`;
  const match = {
    rule: hit.rule.text,
    list: hit.list,
    file: hit.file,
    subject: read.path,
  };
  return hit.list === "deny"
    ? {
      verdict: "deny",
      rule: "permissions.deny",
      reason:
        `${phrase} is denied by the permission rule ${where}. Do something else, or ask the user to run it themselves or to change the rule`,
      match,
    }
    : {
      verdict: "ask",
      rule: "permissions.ask",
      reason:
        `${phrase} needs the user's confirmation under the permission rule ${where}`,
      match,
    };
}

/**
 * Judges a shell command's reads against the Read rules of the deny and ask
 * lists: a deny from any scope wins, then an ask; within a list the project's
 * rules are tried before the user's, and the first read that matches is named.
 *
 * @param reads The files the command reads (`analyseCommand(…).reads`).
 * @param scopes The rule scopes, most specific (project) first.
 * @param where Working directory, project root, home, symlink resolver and level.
 * @returns A deny or ask naming the rule, its file, the path and its reader; else allow.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { analyseCommand } from "./guard.ts";
 * import { checkShellReads } from "./shell_read_rules.ts";
 * import { parsePermissionRule, type PermissionRule } from "./permission_rule.ts";
 * const rule = parsePermissionRule("Read(./secrets/**)") as PermissionRule;
 * const scopes = [{ scope: "project" as const, rules: [{ rule, list: "deny" as const, file: "/p/.claude/settings.json" }] }];
 * const where = { cwd: "/p", project: "/p", home: "/h" };
 * const reads = (command: string) => analyseCommand(command, where).reads;
 * assert.equal(checkShellReads(reads("cd secrets && head -5 key.txt"), scopes, where).verdict, "deny");
 * assert.equal(checkShellReads(reads("ls secrets && echo secrets/key.txt"), scopes, where).verdict, "allow");
 * ```
 */
export function checkShellReads(
  reads: readonly ShellRead[],
  scopes: readonly RuleScope[],
  where: ShellReadWhere,
): PermissionVerdict {
  if (reads.length === 0 || !hasReadRules(scopes)) return { verdict: "allow" };
  const seen = new Set<string>();
  const targets = reads.flatMap((read) => {
    // Each distinct path is resolved (and its links followed) once.
    const key = `${read.cwd}\0${read.path}\0${read.dynamic}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return resolveTarget(read, where) ?? [];
  });
  for (const list of ["deny", "ask"] as const) {
    for (const target of targets) {
      for (const scope of scopes) {
        for (const hit of scope.rules) {
          if (hit.list !== list || hit.rule.target !== "read") continue;
          const how = howMatched(hit.rule, target, where);
          if (how !== null) return verdictFor(hit, target, how, where.cwd);
        }
      }
    }
  }
  return { verdict: "allow" };
}
