/**
 * The user's permission rules applied to one request: a shell command (split
 * into every simple command it runs, `$(…)`, pipes, subshells and literal
 * `sh -c`/`eval` code included), a file read or edit, a fetch, or a bare tool
 * call.
 *
 * Precedence: a deny rule from any scope wins, then an ask rule from any
 * scope, then an allow rule (the project's before the user's, for the match
 * reported), so a project's allow never lifts a user's ask or deny. A compound command takes the strictest answer
 * of its parts.
 *
 * Pure: never reads the file system (a symlink resolver may be injected).
 *
 * @module
 */

import { baseName, expandHome, resolveFrom } from "./_paths.ts";
import {
  matchesCommand,
  matchesHost,
  matchesPath,
  matchesToolName,
  type PathBases,
  type PermissionRule,
} from "./permission_rule.ts";
import { parseShell, type SimpleCommand } from "./shell_parse.ts";

/** The three lists of a permissions block. */
export type RuleList = "deny" | "ask" | "allow";

/** A rule and where it was written. */
export interface SourcedRule {
  /** The parsed rule. */
  rule: PermissionRule;
  /** The list it sits in. */
  list: RuleList;
  /** The settings file it came from. */
  file: string;
}

/** The rules of one scope, most specific scope first in a policy. */
export interface RuleScope {
  /** `project` (the project's files) or `user` (the user's files). */
  scope: "project" | "user";
  /** Its rules, every list. */
  rules: SourcedRule[];
}

/** What is asked of the rules. */
export type PermissionRequest =
  | {
    kind: "shell";
    command: string;
    toolName?: string;
    /** The shell's language. @default {"posix"} */
    dialect?: "posix" | "powershell";
  }
  | { kind: "read" | "edit"; path: string; toolName?: string }
  | { kind: "fetch"; url: string; toolName?: string }
  | { kind: "tool"; toolName: string }
  | {
    /** A whole program a tool runs (Python, JavaScript, …); only tool rules name it. */
    kind: "code";
    language: string;
    code: string;
    toolName?: string;
  };

/** The rules' answer. */
export interface PermissionVerdict {
  /** `deny`, `ask`, or `allow` (also when no rule matched). */
  verdict: "allow" | "deny" | "ask";
  /** `permissions.deny` or `permissions.ask`; absent for allow. */
  rule?: string;
  /** Why, naming the rule, its file and the part of the command it matched. */
  reason?: string;
  /** The rule that decided, when one did. */
  match?: { rule: string; list: RuleList; file: string; subject: string };
}

/** Where the request happens. */
export interface PermissionWhere extends PathBases {
  /** Resolves symbolic links; null when the path does not exist. @default {undefined} */
  realPath?: (path: string) => string | null;
}

/** One thing to judge: its subject (for messages) and the texts or paths to match. */
interface Part {
  subject: string;
  /** Spellings that may earn an allow (as written, Claude Code's wrappers stripped). */
  plain: string[];
  /** Spellings that deny and ask rules also catch (paths, `sudo`/`env` stripped, `/bin/x`, case). */
  wide: string[];
}

const MAX_NESTING = 3;
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash"]);
const SUDO_VALUE_OPTIONS = new Set([
  "-u",
  "-g",
  "-C",
  "-D",
  "-h",
  "-p",
  "-r",
  "-t",
  "-T",
  "-U",
]);

/** Removes one leading wrapper: Claude Code's own (`timeout`, `nice`, `nohup`, `time`), or with `wide` also `sudo`, `env`, `command`, `builtin`, `exec`. */
function stripOne(words: string[], wide: boolean): string[] | null {
  const [name, ...rest] = words;
  const skipOptions = (from: number, valued: Set<string>): number => {
    let i = from;
    while (i < rest.length && rest[i]!.startsWith("-")) {
      if (rest[i] === "--") return i + 1;
      i += valued.has(rest[i]!) ? 2 : 1;
    }
    return i;
  };
  switch (name) {
    case "nohup":
      return rest;
    case "time":
      return rest.slice(skipOptions(0, new Set()));
    case "nice": {
      if (rest[0] === "-n") return rest.slice(2);
      return /^-(?:n)?-?\d+$/.test(rest[0] ?? "") ? rest.slice(1) : rest;
    }
    case "timeout": {
      const at = skipOptions(
        0,
        new Set(["-s", "-k", "--signal", "--kill-after"]),
      );
      return rest.slice(at + 1);
    }
  }
  if (!wide) return null;
  switch (name) {
    case "sudo":
      return rest.slice(skipOptions(0, SUDO_VALUE_OPTIONS));
    case "env": {
      let i = skipOptions(0, new Set(["-u", "-C", "--unset", "--chdir"]));
      while (i < rest.length && /^[A-Za-z_]\w*=/.test(rest[i]!)) i++;
      return rest.slice(i);
    }
    case "command":
    case "builtin":
    case "exec":
      return rest.slice(skipOptions(0, new Set()));
  }
  return null;
}

/** Every spelling of a command's words, wrappers peeled one at a time. */
function spellings(words: string[], wide: boolean): string[] {
  const out: string[] = [];
  let current: string[] | null = words;
  while (current && current.length > 0) {
    out.push(current.join(" "));
    if (wide) {
      const head = current[0]!;
      const bare = baseName(head).toLowerCase();
      if (bare !== head) out.push([bare, ...current.slice(1)].join(" "));
    }
    const next = stripOne(
      wide
        ? [baseName(current[0]!).toLowerCase(), ...current.slice(1)]
        : current,
      wide,
    );
    current = next && next.length < current.length ? next : null;
  }
  return out;
}

/** Literal code a command hands to a shell (`bash -c '…'`, `eval '…'`), or null. */
function nestedCode(command: SimpleCommand): string | null {
  const [head, ...args] = command.argv;
  if (!head || head.dynamic) return null;
  const name = baseName(head.value).toLowerCase();
  if (SHELLS.has(name)) {
    for (let i = 0; i < args.length; i++) {
      const word = args[i]!;
      if (!word.value.startsWith("-") || word.value.startsWith("--")) break;
      if (word.value.slice(1).includes("c")) {
        const code = args[i + 1];
        return code && !code.dynamic ? code.value : null;
      }
    }
    return null;
  }
  if (name === "eval" && args.length > 0 && args.every((w) => !w.dynamic)) {
    return args.map((w) => w.value).join(" ");
  }
  return null;
}

function commandParts(
  command: string,
  where: PermissionWhere,
  depth: number,
): Part[] {
  const parsed = parseShell(command, { cwd: where.cwd, home: where.home });
  const whole = command.trim().replace(/\s+/g, " ");
  if (!parsed.ok) return [{ subject: whole, plain: [whole], wide: [whole] }];
  const parts: Part[] = [];
  for (const simple of parsed.commands) {
    if (simple.argv.length === 0) continue;
    const words = simple.argv.map((w) => w.value);
    const raw = simple.argv.map((w) => w.raw).join(" ");
    const plain = [...spellings(words, false), raw];
    parts.push({
      subject: words.join(" "),
      plain,
      wide: [...plain, ...spellings(words, true)],
    });
    const nested = depth < MAX_NESTING ? nestedCode(simple) : null;
    if (nested !== null) parts.push(...commandParts(nested, where, depth + 1));
  }
  if (parts.length === 0 && whole !== "") {
    parts.push({ subject: whole, plain: [whole], wide: [whole] });
  }
  return parts;
}

function pathParts(path: string, where: PermissionWhere): Part[] {
  const absolute = resolveFrom(where.cwd, expandHome(path, where.home));
  const parts: Part[] = [{
    subject: path,
    plain: [absolute],
    wide: [absolute],
  }];
  const real = where.realPath?.(absolute);
  if (real && real !== absolute) {
    parts.push({ subject: `${path} (→ ${real})`, plain: [real], wide: [real] });
  }
  return parts;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

function ruleMatches(
  rule: PermissionRule,
  request: PermissionRequest,
  texts: string[],
  where: PermissionWhere,
): boolean {
  if (rule.target === "tool") {
    return request.toolName !== undefined &&
      matchesToolName(rule, request.toolName);
  }
  if (rule.target !== request.kind) return false;
  switch (rule.target) {
    case "shell":
      return texts.some((text) => matchesCommand(rule, text));
    case "read":
    case "edit":
      return texts.some((path) => matchesPath(rule, path, where));
    case "fetch":
      return texts.some((host) => matchesHost(rule, host));
  }
}

function judgePart(
  part: Part,
  request: PermissionRequest,
  scopes: readonly RuleScope[],
  where: PermissionWhere,
): PermissionVerdict {
  const found = (
    list: RuleList,
    texts: string[],
    rules: readonly SourcedRule[],
  ) =>
    rules.find((r) =>
      r.list === list && ruleMatches(r.rule, request, texts, where)
    );
  for (const scope of scopes) {
    const hit = found("deny", part.wide, scope.rules);
    if (hit) return verdictFor(hit, part.subject);
  }
  // An allow never lifts an ask of another scope: a project file only tightens the user's rules.
  for (const scope of scopes) {
    const hit = found("ask", part.wide, scope.rules);
    if (hit) return verdictFor(hit, part.subject);
  }
  for (const scope of scopes) {
    const hit = found("allow", part.plain, scope.rules);
    if (hit) return verdictFor(hit, part.subject);
  }
  return { verdict: "allow" };
}

function verdictFor(hit: SourcedRule, subject: string): PermissionVerdict {
  const match = {
    rule: hit.rule.text,
    list: hit.list,
    file: hit.file,
    subject,
  };
  const where = `"${hit.rule.text}" in ${hit.file}`;
  switch (hit.list) {
    case "deny":
      return {
        verdict: "deny",
        rule: "permissions.deny",
        reason:
          `"${subject}" is denied by the permission rule ${where}. Do something else, or ask the user to run it themselves or to change the rule`,
        match,
      };
    case "ask":
      return {
        verdict: "ask",
        rule: "permissions.ask",
        reason:
          `"${subject}" needs the user's confirmation under the permission rule ${where}`,
        match,
      };
    case "allow":
      return { verdict: "allow", match };
  }
}

/**
 * Judges a request against the rule scopes.
 *
 * @param request The command, path, URL or tool name.
 * @param scopes The rule scopes, most specific (project) first.
 * @param where Working directory, project root, home and symlink resolver.
 * @returns The verdict; `allow` also when no rule matched (then without `match`).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPermissions } from "./permissions.ts";
 * import { parsePermissionRule, type PermissionRule } from "./permission_rule.ts";
 * const rule = parsePermissionRule("Bash(sudo *)") as PermissionRule;
 * const scopes = [{ scope: "user" as const, rules: [{ rule, list: "deny" as const, file: "~/.claude/settings.json" }] }];
 * const where = { cwd: "/p", project: "/p", home: "/h" };
 * assert.equal(checkPermissions({ kind: "shell", command: "ls && sudo reboot" }, scopes, where).verdict, "deny");
 * assert.equal(checkPermissions({ kind: "shell", command: "ls -la" }, scopes, where).verdict, "allow");
 * ```
 */
export function checkPermissions(
  request: PermissionRequest,
  scopes: readonly RuleScope[],
  where: PermissionWhere,
): PermissionVerdict {
  if (scopes.every((scope) => scope.rules.length === 0)) {
    return { verdict: "allow" };
  }
  let parts: Part[];
  switch (request.kind) {
    case "shell":
      parts = commandParts(request.command, where, 0);
      break;
    case "read":
    case "edit":
      parts = pathParts(request.path, where);
      break;
    case "fetch": {
      const host = hostOf(request.url);
      parts = [{
        subject: request.url,
        plain: host ? [host] : [],
        wide: host ? [host] : [],
      }];
      break;
    }
    case "tool":
      parts = [{ subject: request.toolName, plain: [], wide: [] }];
      break;
    case "code":
      parts = [{
        subject: request.toolName ?? `${request.language} code`,
        plain: [],
        wide: [],
      }];
  }
  const verdicts = parts.map((part) => judgePart(part, request, scopes, where));
  const strictest = verdicts.find((v) => v.verdict === "deny") ??
    verdicts.find((v) => v.verdict === "ask");
  if (strictest) return strictest;
  // An allow is reported as a rule's only when every part was allowed by one.
  return verdicts.length > 0 && verdicts.every((v) => v.match)
    ? verdicts[0]!
    : { verdict: "allow" };
}
