/**
 * A `.gitignore` matcher of our own: the text of one `.gitignore` file is
 * compiled once into regular expressions, then paths relative to that file's
 * folder are tested against them.
 *
 * One compiled file answers for one path only, never for the path's parent
 * folders: git stops walking into an ignored folder, and a deeper `.gitignore`
 * may re-include a folder a shallower one ignores, so pruning and layering
 * belong to the walker (see `collect_files.ts`). This module must never touch
 * the file system, and never let a character of a pattern reach `RegExp` as
 * syntax unless the pattern meant it as a wildcard.
 *
 * @module
 */

/** What one `.gitignore` file says about one path. */
export type GitignoreVerdict = "ignored" | "included" | "unmatched";

/** One usable line of a `.gitignore` file. */
export interface GitignoreRule {
  /** The line as written, trailing spaces trimmed. */
  source: string;
  /** The 1-based line number in the file. */
  line: number;
  /** The line began with `!`: a match re-includes the path. */
  negated: boolean;
  /** The line ended with `/`: only folders match. */
  dirOnly: boolean;
  /** The compiled pattern, tested against the whole relative path. */
  regex: RegExp;
}

/** A compiled `.gitignore` file: its usable rules in file order. */
export interface GitignoreRules {
  /** The rules in file order; the last one that matches a path decides. */
  readonly rules: readonly GitignoreRule[];
}

/** Options of {@linkcode matchGitignore}. */
export interface MatchGitignoreOptions {
  /**
   * Whether the path names a folder; rules ending in `/` match folders only.
   * Symbolic links count as files, as they do for git.
   *
   * @default {false}
   */
  isDir?: boolean;
}

/**
 * Compiles the text of a `.gitignore` file.
 *
 * Blank lines, comments and lines git never matches with (a lone `!`, a
 * trailing unescaped backslash, an unclosed `[`) are dropped; nothing in the
 * text is an error. Like git, matching is case-sensitive; unlike git, `?` and
 * bracket expressions match one character rather than one byte.
 *
 * @param text The content of the file.
 * @returns The usable rules, ready for {@linkcode matchGitignore}.
 *
 * @example Compile once, test many paths
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileGitignore, matchGitignore } from "./_gitignore.ts";
 *
 * const rules = compileGitignore("*.log\n!keep.log\n/build/\n");
 * assert.equal(matchGitignore(rules, "logs/debug.log"), "ignored");
 * assert.equal(matchGitignore(rules, "keep.log"), "included");
 * assert.equal(matchGitignore(rules, "build", { isDir: true }), "ignored");
 * assert.equal(matchGitignore(rules, "src/build", { isDir: true }), "unmatched");
 * ```
 */
export function compileGitignore(text: string): GitignoreRules {
  const rules: GitignoreRule[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((raw, index) => {
    const rule = compileLine(raw, index + 1);
    if (rule !== undefined) rules.push(rule);
  });
  return { rules };
}

/**
 * Tests a path against one compiled `.gitignore` file; the last matching
 * rule decides.
 *
 * The path's parent folders are not consulted: a caller walking a tree stops
 * at ignored folders, and asks deeper `.gitignore` files first.
 *
 * @param rules The compiled file.
 * @param path The path relative to the `.gitignore` file's folder, with `/`
 * separators; a leading `./` or `/` and a trailing `/` are ignored.
 * @param options Whether the path is a folder.
 * @returns `"ignored"` or `"included"` (a `!` rule matched last), or
 * `"unmatched"` when no rule matches, so an outer file may decide.
 *
 * @example A negation re-includes what an earlier rule ignored
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileGitignore, matchGitignore } from "./_gitignore.ts";
 *
 * const rules = compileGitignore("/dist/*\n!/dist/types/\n");
 * assert.equal(matchGitignore(rules, "dist/app.js"), "ignored");
 * assert.equal(matchGitignore(rules, "dist/types", { isDir: true }), "included");
 * assert.equal(matchGitignore(rules, "src/app.js"), "unmatched");
 * ```
 */
export function matchGitignore(
  rules: GitignoreRules,
  path: string,
  options: MatchGitignoreOptions = {},
): GitignoreVerdict {
  const isDir = options.isDir ?? false;
  const subject = path.replace(/^(?:\.\/|\/)+/, "").replace(/\/+$/, "");
  if (subject === "") return "unmatched";
  for (let i = rules.rules.length - 1; i >= 0; i--) {
    const rule = rules.rules[i];
    if (rule === undefined || (rule.dirOnly && !isDir)) continue;
    if (rule.regex.test(subject)) return rule.negated ? "included" : "ignored";
  }
  return "unmatched";
}

function compileLine(raw: string, line: number): GitignoreRule | undefined {
  const source = trimTrailingSpaces(raw);
  if (source === "" || source.startsWith("#")) return undefined;
  let pattern = source;
  const negated = pattern.startsWith("!");
  if (negated) pattern = pattern.slice(1);
  const dirOnly = pattern.endsWith("/");
  if (dirOnly) pattern = pattern.slice(0, -1);
  // A slash at the start or in the middle ties the pattern to this folder;
  // otherwise it may match at any depth.
  const anchored = pattern.includes("/");
  if (pattern.startsWith("/")) pattern = pattern.slice(1);
  if (pattern === "") return undefined;
  const body = translate(pattern, anchored);
  if (body === undefined) return undefined;
  // `s`: file names may hold line breaks, which `.` must match too.
  const regex = new RegExp(`^${anchored ? "" : ANY_FOLDERS}${body}$`, "su");
  return { source, line, negated, dirOnly, regex };
}

/** Git's rule: trailing spaces go, unless the last of them is escaped. */
function trimTrailingSpaces(raw: string): string {
  let end = raw.length;
  let spaceStart = -1;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === " ") {
      if (spaceStart < 0) spaceStart = i;
    } else if (ch === "\\") {
      i++;
      spaceStart = -1;
    } else {
      spaceStart = -1;
    }
  }
  if (spaceStart >= 0) end = spaceStart;
  return raw.slice(0, end);
}

const ANY_FOLDERS = "(?:.*/)?";

const REGEX_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

function escapeLiteral(ch: string): string {
  return ch.replace(REGEX_SYNTAX, "\\$&");
}

/** One piece of a translated glob. */
interface Token {
  /** `char` matches one character other than `/`; `star` is a lone `*`. */
  kind: "char" | "star" | "other";
  regex: string;
}

/**
 * Translates a glob (no leading or trailing `/`) into a regular expression
 * body, or `undefined` for a pattern git never matches: a malformed bracket
 * expression or a trailing lone backslash.
 */
function translate(pattern: string, anchored: boolean): string | undefined {
  const tokens = tokenize(pattern, anchored);
  if (tokens === undefined) return undefined;
  let out = "";
  let group = 0;
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t] as Token;
    if (token.kind !== "star") {
      out += token.regex;
      continue;
    }
    // Between two stars of one segment, the earliest match of the fixed part
    // is always a right one, so it is taken atomically (a lookahead and a
    // back-reference): `*a*a*a*b` would otherwise backtrack exponentially.
    let u = t + 1;
    while (tokens[u]?.kind === "char") u++;
    if (u > t + 1 && tokens[u]?.kind === "star") {
      const fixed = tokens.slice(t + 1, u).map((piece) => piece.regex).join("");
      group++;
      out += `(?=([^/]*?${fixed}))\\${group}`;
      t = u - 1;
    } else {
      out += token.regex;
    }
  }
  return out;
}

function tokenize(pattern: string, anchored: boolean): Token[] | undefined {
  const chars = Array.from(pattern);
  // Git compares an anchored pattern's literal head by itself and globs the
  // rest as a new pattern, so a `**` right after that head starts a segment.
  const head = anchored ? chars.findIndex((ch) => "*?[\\".includes(ch)) : 0;
  const tokens: Token[] = [];
  const literal = (ch: string): Token => ({
    kind: ch === "/" ? "other" : "char",
    regex: escapeLiteral(ch),
  });
  let i = 0;
  while (i < chars.length) {
    const ch = chars[i] as string;
    if (ch === "\\") {
      const escaped = chars[i + 1];
      if (escaped === undefined) return undefined;
      tokens.push(literal(escaped));
      i += 2;
    } else if (ch === "*") {
      let run = 1;
      while (chars[i + run] === "*") run++;
      // Like git, a run of two or more stars that starts a segment and ends
      // one is `**`; other runs are one star.
      const wholeSegment = run >= 2 &&
        (i === 0 || i === head || chars[i - 1] === "/");
      const next = chars[i + run];
      if (wholeSegment && next === "/") {
        // `**/`: zero or more whole folders; `**/**/` is the same, and
        // repeating it would only make the RegExp backtrack more.
        if (tokens.at(-1)?.regex !== ANY_FOLDERS) {
          tokens.push({ kind: "other", regex: ANY_FOLDERS });
        }
        i += run + 1;
      } else if (
        wholeSegment && next === "\\" && chars[i + run + 1] === "/"
      ) {
        // Git's quirk: `**\/` is `**` then a slash, so one folder at least.
        tokens.push({ kind: "other", regex: ".*/" });
        i += run + 2;
      } else if (wholeSegment && next === undefined) {
        // A trailing `**` (or a lone one): everything below.
        tokens.push({ kind: "other", regex: ".*" });
        i += run;
      } else {
        // Any other run of stars is one star: it never crosses a `/`.
        tokens.push({ kind: "star", regex: "[^/]*" });
        i += run;
      }
    } else if (ch === "?") {
      tokens.push({ kind: "char", regex: "[^/]" });
      i++;
    } else if (ch === "[") {
      const parsed = parseClass(chars, i);
      if (parsed === undefined) return undefined;
      tokens.push({ kind: "char", regex: parsed.regex });
      i = parsed.end;
    } else {
      tokens.push(literal(ch));
      i++;
    }
  }
  return tokens;
}

const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alnum: "a-zA-Z0-9",
  alpha: "a-zA-Z",
  blank: " \\t",
  cntrl: "\\x00-\\x1f\\x7f",
  digit: "0-9",
  graph: "\\x21-\\x7e",
  lower: "a-z",
  print: "\\x20-\\x7e",
  punct: "!-\\/:-@\\[-`{-~",
  space: " \\t\\n\\r\\f\\v",
  upper: "A-Z",
  xdigit: "0-9A-Fa-f",
};

function escapeInClass(ch: string): string {
  return /[\\\]^[-]/.test(ch) ? `\\${ch}` : ch;
}

/**
 * Parses a bracket expression starting at `chars[start] === "["`, the way
 * git's wildmatch does. Returns `undefined` when it is malformed (no closing
 * `]`, or an unknown `[:name:]`).
 */
function parseClass(
  chars: readonly string[],
  start: number,
): { regex: string; end: number } | undefined {
  let i = start + 1;
  const negated = chars[i] === "!" || chars[i] === "^";
  if (negated) i++;
  let items = "";
  let first = true;
  while (i < chars.length) {
    let ch = chars[i] as string;
    if (ch === "]" && !first) {
      // A folder separator never matches inside brackets, as in git.
      const regex = negated ? `[^/${items}]` : `(?!/)[${items}]`;
      return { regex, end: i + 1 };
    }
    first = false;
    if (ch === "[" && chars[i + 1] === ":") {
      const close = chars.indexOf("]", i + 2);
      if (close < 0) return undefined;
      if (close - 1 >= i + 2 && chars[close - 1] === ":") {
        const set = POSIX_CLASSES[chars.slice(i + 2, close - 1).join("")];
        if (set === undefined) return undefined;
        items += set;
        i = close + 1;
        continue;
      }
      // Without a `:]`, git adds the `[` to the set and skips the `:`.
      items += "\\[";
      i += 2;
      continue;
    }
    if (ch === "\\") {
      i++;
      if (i >= chars.length) return undefined;
      ch = chars[i] as string;
    }
    i++;
    if (
      chars[i] === "-" && chars[i + 1] !== undefined && chars[i + 1] !== "]"
    ) {
      let hi = chars[i + 1] as string;
      i += 2;
      if (hi === "\\") {
        if (i >= chars.length) return undefined;
        hi = chars[i] as string;
        i++;
      }
      // A reversed range matches nothing in git; in a RegExp it would throw.
      if ((ch.codePointAt(0) ?? 0) <= (hi.codePointAt(0) ?? 0)) {
        items += `${escapeInClass(ch)}-${escapeInClass(hi)}`;
      }
    } else {
      items += escapeInClass(ch);
    }
  }
  return undefined;
}
