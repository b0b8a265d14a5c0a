/**
 * One permission rule in Claude Code's notation — `Tool` or
 * `Tool(specifier)` — parsed into a matcher: shell command patterns
 * (`Bash(git:*)`, `Bash(npm run *)`, `Bash(npm test)`), gitignore-style path
 * patterns (`Read(**\/.env*)`, `Read(./secrets/**)`, `Read(~/x)`,
 * `Read(//abs)`, `Edit(/src/**)`), fetch domains (`WebFetch(domain:x.com)`)
 * and bare tool names (`WebSearch`, `mcp__server`).
 *
 * Pure: strings in, booleans out; never reads the file system.
 *
 * @module
 */

import { normalizeAbsolute } from "./_paths.ts";

/** What a rule applies to. */
export type RuleTarget = "shell" | "read" | "edit" | "fetch" | "tool";

/** A parsed rule, ready to match. */
export interface PermissionRule {
  /** The rule as written (`Bash(git push:*)`). */
  text: string;
  /** The tool name before the parenthesis. */
  tool: string;
  /** What kind of request it applies to. */
  target: RuleTarget;
  /** Whether it matches every request of its target (`Bash`, `Bash(*)`). */
  all: boolean;
  /** Command rules: the compiled command pattern. */
  command?: RegExp;
  /**
   * Path rules: the pattern's base (`project`, `cwd`, `home`, `root`), its
   * compiled glob, and the folders (relative to the base) its literal part
   * names, where a path known only at run time may be one it matches
   * (`secrets` for `./secrets/**`, `./secrets` and `./secrets/key.txt`; none
   * for `*.pem` or `**\/.env*`).
   */
  path?: {
    base: "project" | "cwd" | "home" | "root";
    glob: RegExp;
    folders: string[];
  };
  /** Fetch rules: the host, or `*.host` for any subdomain. */
  domain?: string;
}

/** Tool names whose specifier ctx-mode reads; any other tool only matches by its bare name. */
const TARGETS: Record<string, RuleTarget> = {
  Bash: "shell",
  Read: "read",
  Edit: "edit",
  Write: "edit",
  WebFetch: "fetch",
};

const RULE = /^([A-Za-z_][\w.-]*(?:__\*)?)(?:\((.*)\))?$/s;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * A shell command pattern as a regular expression over the command's words
 * joined by single spaces. `*` matches anything; a trailing ` *` (or the
 * legacy `:*`) also matches the bare command, so `git *` and `git:*` match
 * `git` and `git status` but not `gitk`; `\*` is a literal star.
 */
function compileCommand(specifier: string): RegExp {
  let text = specifier.trim().replace(/\s+/g, " ");
  let optionalTail = false;
  if (text.endsWith(":*")) {
    text = text.slice(0, -2).trimEnd();
    optionalTail = true;
  } else if (text.endsWith(" *") && !text.endsWith("\\ *")) {
    text = text.slice(0, -2);
    optionalTail = true;
  }
  let source = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\\" && text[i + 1] === "*") {
      source += "\\*";
      i++;
    } else if (char === "*") {
      source += ".*";
    } else {
      source += escapeRegExp(char);
    }
  }
  return new RegExp(`^${source}${optionalTail ? "(?: .*)?" : ""}$`, "s");
}

/** One path segment of a glob as a regular expression (`*`, `?`, `[…]`). */
function compileSegment(segment: string): string {
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i]!;
    if (char === "\\" && i + 1 < segment.length) {
      source += escapeRegExp(segment[++i]!);
    } else if (char === "*") {
      source += "[^/]*";
    } else if (char === "?") {
      source += "[^/]";
    } else if (char === "[") {
      const close = segment.indexOf("]", i + 2);
      if (close === -1) {
        source += "\\[";
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negated = body.startsWith("!") || body.startsWith("^");
      if (negated) body = body.slice(1);
      source += `[${negated ? "^" : ""}${body.replace(/[\\\]]/g, "\\$&")}]`;
      i = close;
    } else {
      source += escapeRegExp(char);
    }
  }
  return source;
}

/**
 * A gitignore-style glob over a path relative to its base. A pattern with no
 * slash but a trailing one matches at any depth; `**` spans directories.
 */
function compileGlob(pattern: string, anchored: boolean): RegExp {
  const trimmed = pattern.replace(/\/+$/, "");
  const unanchored = !anchored && !trimmed.includes("/");
  const segments = trimmed.split("/").filter((segment) => segment !== "");
  if (segments.length === 0) segments.push("**");
  let source = unanchored ? "(?:[^/]+/)*" : "";
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === "**") source += last ? ".*" : "(?:[^/]+/)*";
    else source += compileSegment(segment) + (last ? "" : "/");
  });
  return new RegExp(`^${source}$`, "s");
}

/**
 * The folders a pattern's literal leading segments name: those before its
 * first wildcard; when every segment is literal, the path itself (a matched
 * folder covers what is inside) and the folder holding it. None for a
 * pattern that matches at any depth.
 */
function literalFolders(pattern: string, anchored: boolean): string[] {
  const trimmed = pattern.replace(/\/+$/, "");
  if (!anchored && !trimmed.includes("/")) return [];
  const segments = trimmed.split("/").filter((s) => s !== "" && s !== ".");
  const wild = segments.findIndex((s) => /[*?[\\]/.test(s));
  if (wild !== -1) {
    return wild === 0 ? [] : [segments.slice(0, wild).join("/")];
  }
  const parent = segments.slice(0, -1).join("/");
  return parent === "" ? [segments.join("/")] : [segments.join("/"), parent];
}

function compilePath(
  specifier: string,
): NonNullable<PermissionRule["path"]> {
  const text = specifier.trim();
  const at = (
    base: "project" | "cwd" | "home" | "root",
    pattern: string,
    anchored: boolean,
  ) => ({
    base,
    glob: compileGlob(pattern, anchored),
    folders: literalFolders(pattern, anchored),
  });
  if (text.startsWith("//")) return at("root", text.slice(2), true);
  if (text === "~" || text.startsWith("~/")) {
    return at("home", text.slice(1), true);
  }
  if (text.startsWith("/")) return at("project", text.slice(1), true);
  if (text.startsWith("./")) return at("cwd", text.slice(2), true);
  return at("cwd", text, false);
}

/**
 * Parses one rule string.
 *
 * @param text The rule as written in a settings file.
 * @returns The rule, or why it cannot be used.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePermissionRule } from "./permission_rule.ts";
 * const rule = parsePermissionRule("Bash(git push:*)");
 * assert.ok(!("error" in rule) && rule.command?.test("git push origin main"));
 * assert.ok("error" in parsePermissionRule("Bash(git"));
 * ```
 */
export function parsePermissionRule(
  text: string,
): PermissionRule | { error: string } {
  const match = RULE.exec(text.trim());
  if (!match) {
    return { error: "expected Tool or Tool(specifier)" };
  }
  const tool = match[1]!;
  const specifier = match[2];
  const target = TARGETS[tool] ?? "tool";
  const rule = { text: text.trim(), tool, target };
  if (specifier === undefined || specifier.trim() === "*") {
    return { ...rule, all: true };
  }
  if (specifier.trim() === "") {
    return { error: "the parentheses are empty" };
  }
  switch (target) {
    case "shell":
      return { ...rule, all: false, command: compileCommand(specifier) };
    case "read":
    case "edit":
      return { ...rule, all: false, path: compilePath(specifier) };
    case "fetch": {
      const domain = /^domain:(.+)$/.exec(specifier.trim())?.[1]?.trim()
        .toLowerCase();
      if (!domain) {
        return { error: "WebFetch takes domain:<host>" };
      }
      return { ...rule, all: false, domain };
    }
    case "tool":
      // Specifiers of tools ctx-mode does not model (Agent(Explore), Skill(x)) never match here.
      return { ...rule, all: false };
  }
}

/** Where relative path patterns start. */
export interface PathBases {
  /** The directory relative paths and `./x` patterns start from. */
  cwd: string;
  /** The project root, for `/x` patterns. */
  project: string;
  /** The home directory, for `~/x` patterns. */
  home: string;
}

/** The path relative to `base`, or null when outside it. */
function relativeTo(path: string, base: string): string | null {
  if (base === "/") return path.slice(1);
  if (path === base) return "";
  return path.startsWith(`${base}/`) ? path.slice(base.length + 1) : null;
}

/** The absolute folder a rule's path pattern starts from. */
function baseOf(
  path: NonNullable<PermissionRule["path"]>,
  bases: PathBases,
): string {
  return path.base === "root" ? "/" : normalizeAbsolute(bases[path.base]);
}

/**
 * Whether a path rule matches an absolute path: the path itself or any
 * folder above it within the pattern's base (as in gitignore, a matched
 * folder covers what is inside).
 */
export function matchesPath(
  rule: PermissionRule,
  path: string,
  bases: PathBases,
): boolean {
  if (rule.all) return true;
  if (!rule.path) return false;
  const base = baseOf(rule.path, bases);
  const relative = relativeTo(normalizeAbsolute(path), base);
  if (relative === null || relative === "") return false;
  const segments = relative.split("/");
  for (let end = segments.length; end > 0; end--) {
    if (rule.path.glob.test(segments.slice(0, end).join("/"))) return true;
  }
  return false;
}

/** A name no file can have (NUL is not allowed in one), so only wildcards match it. */
const ANY_NAME = "\u0000";

/**
 * Whether a path rule matches everything inside a folder (`secrets` under
 * `Read(./secrets/**)`), not merely some of it (`secrets` under
 * `Read(./secrets/*.key)`, or the project under `Read(**\/.env*)`).
 *
 * @param rule A path rule.
 * @param folder An absolute folder.
 * @param bases Where relative patterns start.
 * @returns Whether reading the whole folder reads only what the rule matches.
 */
export function coversFolder(
  rule: PermissionRule,
  folder: string,
  bases: PathBases,
): boolean {
  return matchesPath(rule, `${normalizeAbsolute(folder)}/${ANY_NAME}`, bases);
}

/**
 * Whether a folder lies in (or is) one of the folders a path rule's literal
 * part names: a path there known only at run time may be one it matches.
 *
 * @param rule A path rule.
 * @param folder An absolute folder.
 * @param bases Where relative patterns start.
 * @returns True for `/p/secrets/a` under `Read(./secrets/**)` with cwd `/p`; always for `Read`.
 */
export function inRuleFolder(
  rule: PermissionRule,
  folder: string,
  bases: PathBases,
): boolean {
  if (rule.all) return true;
  if (!rule.path) return false;
  const base = baseOf(rule.path, bases);
  const dir = normalizeAbsolute(folder);
  return rule.path.folders.some((f) => {
    const root = normalizeAbsolute(`${base}/${f}`);
    return dir === root || root === "/" || dir.startsWith(`${root}/`);
  });
}

/** Whether a command rule matches one command's text (words joined by spaces). */
export function matchesCommand(rule: PermissionRule, text: string): boolean {
  if (rule.all) return true;
  return rule.command?.test(text) ?? false;
}

/** Whether a fetch rule matches a URL's host. */
export function matchesHost(rule: PermissionRule, host: string): boolean {
  if (rule.all) return true;
  if (!rule.domain) return false;
  const wanted = host.toLowerCase();
  if (rule.domain.startsWith("*.")) {
    const parent = rule.domain.slice(2);
    return wanted === parent || wanted.endsWith(`.${parent}`);
  }
  return wanted === rule.domain;
}

/**
 * Whether a bare tool rule names this tool: the exact name, or for MCP tools
 * (`mcp__server__tool`) the server (`mcp__server`, `mcp__server__*`).
 */
export function matchesToolName(rule: PermissionRule, name: string): boolean {
  if (!rule.all) return false;
  if (rule.tool === name) return true;
  const server = rule.tool.replace(/__\*$/, "");
  return server.startsWith("mcp__") && !server.slice(5).includes("__") &&
    name.startsWith(`${server}__`);
}
