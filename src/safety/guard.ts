/**
 * The safety guard: decides whether a shell command or a file read may run,
 * blocking destructive deletes, work-destroying git commands, disk and device
 * writes and secret reads, and naming the safe alternative.
 *
 * Pure: never runs, reads or prints anything. It fails closed: text it cannot
 * parse within its limits, and any internal error, is a deny that says so.
 *
 * @module
 */

import { checkGitSubcommand, type RuleHit, splitGit } from "./_git.ts";
import { isStrictlyWithin, isWithin, resolveFrom } from "./_paths.ts";
import { classifySecretPath, classifySecretPrefix } from "./_secrets.ts";
import { parseShell, type SimpleCommand, type Word } from "./shell_parse.ts";

/** How much the guard blocks. */
export type Level = "standard" | "strict" | "paranoid";

/** The guard's answer. */
export interface Verdict {
  /** What to do with the command. */
  verdict: "allow" | "deny" | "ask";
  /** The id of the rule that decided (`rm.root`, `git.reset-hard`). */
  rule?: string;
  /** Why, and what to do instead. */
  reason?: string;
}

/** Options of {@linkcode checkCommand}. */
export interface CheckCommandOptions {
  /** The absolute directory the agent works in. */
  cwd: string;
  /** The user's home directory. */
  home: string;
  /**
   * `strict` also denies dynamic delete targets and unverifiable `eval`/`sh -c`;
   * `paranoid` also denies every non-temp recursive delete and interpreter one-liners.
   * @default {"standard"}
   */
  level?: Level;
  /**
   * Extra directories (a trusted `$TMPDIR`) where recursive deletes are allowed, besides `/tmp` and `/var/tmp`.
   * @default {[]}
   */
  tmpDirs?: string[];
  /**
   * Rule ids switched off; the catastrophic ones (`rm.root`, `rm.home`, `rm.git`) cannot be.
   * @default {[]}
   */
  disabledRules?: string[];
}

/** Options of {@linkcode checkReadPath}. */
export interface CheckReadPathOptions {
  /** The absolute directory relative paths start from. */
  cwd: string;
  /** The user's home directory. */
  home: string;
  /**
   * Resolves symbolic links (the caller's I/O); null when the path does not exist.
   * @default {undefined}
   */
  realPath?: (path: string) => string | null;
}

const CATASTROPHIC = new Set(["rm.root", "rm.home", "rm.git"]);
const MAX_NESTING = 4;
const SHELLS = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "mksh",
  "ash",
  "fish",
]);
const DOWNLOADERS = new Set(["curl", "wget", "fetch", "http", "https"]);
const READERS = new Set([
  "cat",
  "tac",
  "head",
  "tail",
  "less",
  "more",
  "bat",
  "batcat",
  "nl",
  "base64",
  "base32",
  "xxd",
  "hexdump",
  "od",
  "strings",
  "tar",
  "zip",
  "gzip",
  "source",
  ".",
  "sort",
  "uniq",
  "cut",
  "diff",
  "cmp",
  "jq",
  "yq",
  "paste",
  "column",
  "fold",
  "iconv",
  "view",
]);
const PATTERN_FIRST = new Set([
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "ag",
  "ack",
  "sed",
  "awk",
  "gawk",
]);
const COPIERS = new Set(["cp", "scp", "rsync"]);
const INTERPRETER_FLAGS: Record<string, string[]> = {
  python: ["-c"],
  python2: ["-c"],
  python3: ["-c"],
  node: ["-e", "--eval", "-p", "--print"],
  nodejs: ["-e", "--eval", "-p", "--print"],
  bun: ["-e", "--eval", "-p", "--print"],
  ruby: ["-e"],
  perl: ["-e", "-E"],
  php: ["-r"],
};
const DISK_DEVICES = [
  "/dev/sd",
  "/dev/hd",
  "/dev/vd",
  "/dev/xvd",
  "/dev/nvme",
  "/dev/mmcblk",
  "/dev/disk",
  "/dev/rdisk",
  "/dev/mapper/",
  "/dev/md",
  "/dev/dm-",
  "/dev/loop",
];
const HARMLESS_DEVICES = new Set([
  "/dev/null",
  "/dev/zero",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/stdin",
  "/dev/tty",
  "/dev/random",
  "/dev/urandom",
]);

interface Env {
  root: string;
  home: string;
  level: Level;
  tmpDirs: string[];
  disabled: Set<string>;
  depth: number;
}

interface Invocation {
  name: string;
  args: Word[];
  cwd: string | null;
}

function allow(): Verdict {
  return { verdict: "allow" };
}

function deny(rule: string, reason: string): Verdict {
  return { verdict: "deny", rule, reason };
}

function fromHit(h: RuleHit): Verdict {
  return deny(h.rule, h.reason);
}

function literalWord(value: string): Word {
  return {
    value,
    raw: value,
    dynamic: false,
    literalPrefix: value,
    quoted: false,
    substitutions: [],
  };
}

function dynamicWord(value: string, prefix = ""): Word {
  return {
    value,
    raw: value,
    dynamic: true,
    literalPrefix: prefix,
    quoted: false,
    substitutions: [],
  };
}

/** The command name a word runs: basename, lower case (`/bin/RM` → `rm`). */
function commandName(word: Word | undefined): string {
  if (word === undefined || word.dynamic) return "";
  const slash = word.value.lastIndexOf("/");
  return word.value.slice(slash + 1).toLowerCase();
}

/**
 * Checks whether a shell command may run.
 *
 * @param command The command line as the agent would run it.
 * @param options Working directory, home, level, temp dirs and disabled rules.
 * @returns A verdict with the rule id and a reason naming the safe alternative.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkCommand } from "./guard.ts";
 * const v = checkCommand("git push --force", { cwd: "/p", home: "/h" });
 * assert.equal(v.rule, "git.push-force");
 * ```
 */
export function checkCommand(
  command: string,
  options: CheckCommandOptions,
): Verdict {
  const env: Env = {
    root: resolveFrom("/", options.cwd),
    home: options.home,
    level: options.level ?? "standard",
    tmpDirs: ["/tmp", "/var/tmp", "/private/tmp", ...(options.tmpDirs ?? [])],
    disabled: new Set(
      (options.disabledRules ?? []).filter((r) => !CATASTROPHIC.has(r)),
    ),
    depth: 0,
  };
  try {
    return analyse(command, options.cwd, env);
  } catch (error) {
    return deny(
      "guard.internal-error",
      `The safety guard failed (${
        error instanceof Error ? error.message : String(error)
      }), so the command is blocked. Simplify the command or run it yourself`,
    );
  }
}

/**
 * Checks whether an agent's file-read tool may read a path (the secret rules).
 *
 * @param path The path as the tool received it (absolute, relative or `~/…`).
 * @param options Working directory, home, and an optional symlink resolver.
 * @returns A verdict; a deny names the rule and what the file holds.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkReadPath } from "./guard.ts";
 * assert.equal(checkReadPath(".env", { cwd: "/p", home: "/h" }).verdict, "deny");
 * assert.equal(checkReadPath(".env.example", { cwd: "/p", home: "/h" }).verdict, "allow");
 * ```
 */
export function checkReadPath(
  path: string,
  options: CheckReadPathOptions,
): Verdict {
  const candidates = [path];
  const resolved = options.realPath?.(
    resolveFrom(options.cwd, path.replace(/^~(?=\/|$)/, options.home)),
  );
  if (resolved) candidates.push(resolved);
  for (const candidate of candidates) {
    const match = classifySecretPath(candidate, {
      cwd: options.cwd,
      home: options.home,
    });
    if (match) return secretVerdict(match.rule, match.what, candidate);
  }
  return allow();
}

function secretVerdict(rule: string, what: string, path: string): Verdict {
  return deny(
    rule,
    `"${path}" is ${what}; reading it would put secrets into the transcript. Read a template such as .env.example, or ask the user for the specific non-secret value`,
  );
}

function analyse(command: string, cwd: string | null, env: Env): Verdict {
  if (env.depth > MAX_NESTING) {
    return deny(
      "guard.too-complex",
      `Commands nested more than ${MAX_NESTING} levels deep (sh -c, eval) cannot be checked, so this is blocked. Run the inner command directly`,
    );
  }
  const parsed = parseShell(command, { cwd, home: env.home });
  if (!parsed.ok) {
    return parsed.tooComplex
      ? deny(
        "guard.too-complex",
        `The command is too complex to check safely (${parsed.reason}), so it is blocked. Split it into smaller commands`,
      )
      : deny(
        "guard.unparsable",
        `The command cannot be parsed (${parsed.reason}), so it cannot be checked and is blocked. Fix the quoting or split it up`,
      );
  }
  for (const cmd of parsed.commands) {
    const verdict = checkSimple(cmd, parsed.commands, env);
    if (verdict.verdict !== "allow") {
      if (verdict.rule && env.disabled.has(verdict.rule)) continue;
      return verdict;
    }
  }
  return allow();
}

function nested(code: string, cwd: string | null, env: Env): Verdict {
  return analyse(code, cwd, { ...env, depth: env.depth + 1 });
}

function checkSimple(
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict {
  for (const r of cmd.redirects) {
    const target = r.target;
    if (target === null) continue;
    if (r.op === "<" || r.op === "<>") {
      const v = checkSecretWord(target, cmd.cwd, env);
      if (v) return v;
    }
    if (r.op !== "<" && r.op !== "<<<" && r.op !== "<&") {
      const v = checkDeviceWrite(target.value);
      if (v) return v;
    }
  }
  const first = cmd.argv[0];
  if (
    cmd.functionName !== null && first && !first.dynamic &&
    first.value === cmd.functionName &&
    (cmd.pipelineLength > 1 || cmd.background)
  ) {
    return deny(
      "fork-bomb",
      "This function calls itself in a pipeline in the background: a fork bomb that exhausts the machine. Do not run it",
    );
  }
  for (const inv of unwrap(cmd.argv, cmd.cwd, env, 0)) {
    const v = checkInvocation(inv, cmd, all, env);
    if (v.verdict !== "allow") return v;
  }
  return allow();
}

/** Removes wrappers (`sudo`, `env`, `nohup`, …) and expands `xargs` and `find -exec`. */
function unwrap(
  words: Word[],
  cwd: string | null,
  env: Env,
  hops: number,
): Invocation[] {
  if (words.length === 0 || hops > 16) return [];
  const name = commandName(words[0]);
  const rest = words.slice(1);
  const skipOptions = (
    withValue: Set<string>,
    longWithValue: Set<string> = new Set(),
  ): { index: number; values: Map<string, string> } => {
    const values = new Map<string, string>();
    let i = 0;
    while (i < rest.length) {
      const a = rest[i]?.value ?? "";
      if (a === "--") return { index: i + 1, values };
      if (!a.startsWith("-") || a === "-") break;
      if (a.startsWith("--")) {
        const eq = a.indexOf("=");
        if (eq !== -1) values.set(a.slice(0, eq), a.slice(eq + 1));
        else if (longWithValue.has(a)) {
          values.set(a, rest[i + 1]?.value ?? "");
          i++;
        }
        i++;
        continue;
      }
      let consumed = false;
      for (let j = 1; j < a.length; j++) {
        const flag = `-${a[j]}`;
        if (withValue.has(flag)) {
          const attached = a.slice(j + 1);
          if (attached !== "") values.set(flag, attached);
          else {
            values.set(flag, rest[i + 1]?.value ?? "");
            consumed = true;
          }
          break;
        }
      }
      i += consumed ? 2 : 1;
    }
    return { index: i, values };
  };
  const recurse = (from: number, dir = cwd): Invocation[] =>
    unwrap(rest.slice(from), dir, env, hops + 1);
  switch (name) {
    case "sudo":
    case "doas": {
      const { index, values } = skipOptions(
        new Set(["-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-T", "-U"]),
        new Set([
          "--user",
          "--group",
          "--host",
          "--prompt",
          "--close-from",
          "--chdir",
          "--role",
          "--type",
          "--command-timeout",
          "--other-user",
        ]),
      );
      let i = index;
      while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]?.value ?? "")) i++;
      const dir = values.get("-D") ?? values.get("--chdir");
      return recurse(i, dir === undefined ? cwd : chdir(cwd, dir));
    }
    case "env": {
      const { index, values } = skipOptions(
        new Set(["-u", "-C", "-S"]),
        new Set(["--unset", "--chdir", "--split-string"]),
      );
      let i = index;
      while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]?.value ?? "")) i++;
      const dir = values.get("-C") ?? values.get("--chdir");
      const target = dir === undefined ? cwd : chdir(cwd, dir);
      const split = values.get("-S") ?? values.get("--split-string");
      if (split !== undefined) {
        const parsed = parseShell(split, { cwd: target, home: env.home });
        const words = parsed.ok ? (parsed.commands[0]?.argv ?? []) : [];
        return unwrap([...words, ...rest.slice(i)], target, env, hops + 1);
      }
      return recurse(i, target);
    }
    case "command": {
      if (rest.some((w) => w.value === "-v" || w.value === "-V")) return [];
      return recurse(skipOptions(new Set()).index);
    }
    case "builtin":
    case "nohup":
    case "exec":
      return recurse(skipOptions(new Set(["-a"])).index);
    case "time":
      return recurse(
        skipOptions(new Set(["-f", "-o"]), new Set(["--format", "--output"]))
          .index,
      );
    case "nice":
      return recurse(
        skipOptions(new Set(["-n"]), new Set(["--adjustment"])).index,
      );
    case "ionice":
      return recurse(
        skipOptions(new Set(["-c", "-n", "-p", "-P", "-u"])).index,
      );
    case "stdbuf":
      return recurse(skipOptions(new Set(["-i", "-o", "-e"])).index);
    case "timeout":
      return recurse(
        skipOptions(
          new Set(["-s", "-k"]),
          new Set(["--signal", "--kill-after"]),
        ).index + 1,
      );
    case "watch": {
      const { index } = skipOptions(
        new Set(["-n", "-d", "-q"]),
        new Set(["--interval", "--differences"]),
      );
      const words = rest.slice(index);
      if (words.length === 1 && words[0]) {
        const parsed = parseShell(words[0].value, { cwd, home: env.home });
        const inner = parsed.ok ? (parsed.commands[0]?.argv ?? []) : [];
        return unwrap(inner, cwd, env, hops + 1);
      }
      return recurse(index);
    }
    case "busybox":
      return rest[0]?.value.startsWith("-") ? [] : recurse(0);
    case "xargs": {
      const { index, values } = skipOptions(
        new Set(["-I", "-L", "-n", "-P", "-s", "-d", "-E", "-a"]),
        new Set([
          "--max-args",
          "--max-procs",
          "--delimiter",
          "--arg-file",
          "--max-lines",
          "--eof",
          "--max-chars",
        ]),
      );
      const replace = values.get("-I") ?? values.get("--replace");
      const inner = rest.slice(index).map((w) => {
        const at = replace ? w.value.indexOf(replace) : -1;
        return at === -1 ? w : dynamicWord(w.value, w.value.slice(0, at));
      });
      if (inner.length === 0) return [];
      return unwrap(
        [...inner, dynamicWord("{stdin}")],
        cwd,
        env,
        hops + 1,
      );
    }
    case "parallel": {
      let i = 0;
      while (rest[i]?.value.startsWith("-")) {
        i += /^-(j|N|n|L|S)$|^--(jobs|sshlogin)$/.test(rest[i]?.value ?? "")
          ? 2
          : 1;
      }
      const end = rest.findIndex((w) => w.value.startsWith(":::"));
      const inner = rest.slice(i, end === -1 ? undefined : end);
      return unwrap([...inner, dynamicWord("{}")], cwd, env, hops + 1);
    }
    case "find":
      return [{ name, args: rest, cwd }, ...findExec(rest, cwd, env, hops)];
    default:
      return [{ name, args: rest, cwd }];
  }
}

const FIND_FILTERS = new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-regex",
  "-iregex",
  "-type",
  "-mtime",
  "-mmin",
  "-atime",
  "-amin",
  "-ctime",
  "-cmin",
  "-newer",
  "-size",
  "-user",
  "-group",
  "-perm",
  "-empty",
  "-links",
  "-inum",
  "-samefile",
  "-lname",
]);

function findStarts(args: Word[]): Word[] {
  const starts: Word[] = [];
  for (const w of args) {
    if (w.value.startsWith("-") || w.value === "(" || w.value === "!") break;
    starts.push(w);
  }
  return starts;
}

function findExec(
  args: Word[],
  cwd: string | null,
  env: Env,
  hops: number,
): Invocation[] {
  const out: Invocation[] = [];
  const filtered = args.some((w) => FIND_FILTERS.has(w.value));
  const starts = findStarts(args);
  const only = starts.length === 1 ? starts[0] : undefined;
  const prefix = !filtered && only && !only.dynamic
    ? `${only.value.replace(/\/$/, "")}/`
    : "";
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]?.value;
    if (
      flag !== "-exec" && flag !== "-execdir" && flag !== "-ok" &&
      flag !== "-okdir"
    ) continue;
    const words: Word[] = [];
    let j = i + 1;
    for (; j < args.length; j++) {
      const w = args[j];
      if (w === undefined || w.value === ";" || w.value === "+") break;
      words.push(w.value.includes("{}") ? dynamicWord(w.value, prefix) : w);
    }
    out.push(...unwrap(words, cwd, env, hops + 1));
    i = j;
  }
  return out;
}

function chdir(cwd: string | null, dir: string): string | null {
  if (dir.startsWith("/")) return resolveFrom("/", dir);
  return cwd === null ? null : resolveFrom(cwd, dir);
}

function checkInvocation(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict {
  const { name } = inv;
  if (name === "rm") return checkRm(inv, env);
  if (name === "rimraf") {
    return checkRm({ ...inv, args: [literalWord("-rf"), ...inv.args] }, env);
  }
  if (name === "find") return checkFindDelete(inv, env);
  if (name === "git") return checkGit(inv, env);
  if (SHELLS.has(name)) return checkShell(inv, cmd, all, env);
  if (name === "eval") return checkEval(inv, env);
  if (name === "dd") {
    const of = inv.args.find((w) => w.value.startsWith("of="));
    const path = of?.value.slice(3) ?? "";
    if (path.startsWith("/dev/") && !HARMLESS_DEVICES.has(path)) {
      return deny(
        "disk.dd",
        `dd writing to ${path} overwrites a device. Write to a regular file instead`,
      );
    }
    return allow();
  }
  if (
    name.startsWith("mkfs") || name === "mke2fs" || name === "wipefs" ||
    name === "mkswap"
  ) {
    return deny(
      "disk.mkfs",
      `${name} erases a file system. Ask the user to format disks themselves`,
    );
  }
  if (name === "shred") {
    return deny(
      "disk.shred",
      "shred destroys file contents beyond recovery. Use `rm` on the specific file, or ask the user",
    );
  }
  if (name === "tee") {
    for (const w of inv.args) {
      const v = checkDeviceWrite(w.value);
      if (v) return v;
    }
  }
  if (name === "chmod" || name === "chown" || name === "chgrp") {
    return checkOwnership(inv, env);
  }
  if (name in INTERPRETER_FLAGS) return checkInterpreter(inv, cmd, env);
  if (name === "curl" || name === "wget") return checkUpload(inv, env);
  if (
    (name === "source" || name === ".") &&
    inv.args.some((w) => fromDownload(w.substitutions))
  ) {
    return remoteExec(name);
  }
  return checkReaders(inv, env);
}

function checkDeviceWrite(path: string): Verdict | null {
  if (DISK_DEVICES.some((d) => path.startsWith(d))) {
    return deny(
      "disk.redirect",
      `Writing to ${path} overwrites a disk. Write to a regular file instead`,
    );
  }
  return null;
}

type Place =
  | "root"
  | "home"
  | "git"
  | "cwd"
  | "temp"
  | "inside"
  | "outside"
  | "unknown";

function place(path: string, cwd: string | null, env: Env): Place {
  if (!path.startsWith("/") && cwd === null) return "unknown";
  const abs = resolveFrom(cwd ?? "/", path);
  if (abs === "/") return "root";
  if (abs === env.home) return "home";
  if (abs.split("/").includes(".git")) return "git";
  if (abs === env.root) return "cwd";
  if (env.tmpDirs.some((t) => isStrictlyWithin(abs, resolveFrom("/", t)))) {
    return "temp";
  }
  const trusted = env.root !== "/" &&
    (env.root === env.home || !isWithin(env.home, env.root));
  if (trusted && isStrictlyWithin(abs, env.root)) return "inside";
  return "outside";
}

function rmDeny(
  where: Place,
  shown: string,
  env: Env,
  cwd: string | null,
): Verdict | null {
  switch (where) {
    case "root":
      return deny(
        "rm.root",
        "This deletes the whole file system. Name the specific directory inside the project you mean to remove",
      );
    case "home":
      return deny(
        "rm.home",
        "This deletes your home directory or everything in it. Name the specific subdirectory you mean, or move it to the trash",
      );
    case "git":
      return deny(
        "rm.git",
        "This deletes the repository's .git metadata and its history. Use `git clean -n`/`git worktree remove`, or back the repository up first",
      );
    case "cwd":
      return deny(
        "rm.cwd",
        "This deletes the working directory itself. Delete the specific files or subdirectories you mean",
      );
    case "outside":
      return deny(
        "rm.outside",
        `"${shown}" is outside the working directory. Only delete inside the project, or ask the user to do it`,
      );
    default:
      if ((env.root === env.home || cwd === env.home) && where !== "temp") {
        return deny(
          "rm.home-cwd",
          "The working directory is the home directory, where a recursive force delete is too risky. cd into the project and delete by its path",
        );
      }
      return null;
  }
}

/** Expands `{a,b}` alternatives of a word (bounded), so `/{etc,usr}` is seen as `/etc` and `/usr`. */
function expandBraces(w: Word): Word[] {
  if (!w.dynamic || !w.raw.includes("{")) return [w];
  const out: string[] = [];
  const expand = (text: string): void => {
    if (out.length >= 64) return;
    let depth = 0;
    let open = -1;
    const commas: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === "{" && depth++ === 0) open = i;
      else if (c === "," && depth === 1) commas.push(i);
      else if (c === "}" && depth > 0 && --depth === 0) {
        if (commas.length === 0) {
          open = -1;
          continue;
        }
        const cuts = [open, ...commas, i];
        for (let k = 0; k + 1 < cuts.length; k++) {
          const part = text.slice((cuts[k] ?? 0) + 1, cuts[k + 1]);
          expand(text.slice(0, open) + part + text.slice(i + 1));
        }
        return;
      }
    }
    out.push(text);
  };
  expand(w.value);
  if (out.length === 1 && out[0] === w.value) return [w];
  return out.map((value) => {
    const at = value.search(/[$*?[`]/);
    return at === -1
      ? literalWord(value)
      : dynamicWord(value, value.slice(0, at));
  });
}

function classifyTarget(
  w: Word,
  cwd: string | null,
  env: Env,
  force: boolean,
): Verdict | null {
  if (w.value.startsWith("~") && w.literalPrefix === "") {
    return rmDeny("outside", w.value, env, cwd);
  }
  if (!w.dynamic) {
    const where = place(w.value, cwd, env);
    if (!force && where !== "root" && where !== "home") return null;
    const hard = rmDeny(where, w.value, env, cwd);
    if (hard) return hard;
    if (where === "unknown") return dynamicTarget(w, env);
    if (env.level === "paranoid" && where !== "temp") {
      return deny(
        "rm.paranoid",
        "Paranoid level: recursive deletes outside temp directories are blocked. Ask the user to delete it",
      );
    }
    return null;
  }
  const prefix = w.literalPrefix;
  const slash = prefix.lastIndexOf("/");
  if (slash !== -1) {
    const dir = prefix.slice(0, slash) || "/";
    if (isTemp(dir, cwd, env)) return null;
    const where = place(dir, cwd, env);
    if (where === "root" || where === "home" || where === "git") {
      return rmDeny(where, w.value, env, cwd);
    }
    if (!force) return null;
    if (where === "outside") return rmDeny(where, w.value, env, cwd);
    if (where === "temp") return null;
  } else if (!force) return null;
  if (env.root === env.home || cwd === env.home) {
    return rmDeny("inside", w.value, env, cwd);
  }
  return dynamicTarget(w, env);
}

function isTemp(dir: string, cwd: string | null, env: Env): boolean {
  if (!dir.startsWith("/") && cwd === null) return false;
  const abs = resolveFrom(cwd ?? "/", dir);
  return env.tmpDirs.some((t) => isWithin(abs, resolveFrom("/", t)));
}

function dynamicTarget(w: Word, env: Env): Verdict | null {
  if (env.level === "standard") return null;
  return deny(
    "rm.dynamic",
    `The delete target "${w.value}" is only known at run time. Write the literal path so it can be checked`,
  );
}

function checkRm(inv: Invocation, env: Env): Verdict {
  let recursive = false;
  let force = false;
  const targets: Word[] = [];
  let rest = false;
  for (const w of inv.args) {
    const a = w.value;
    if (rest || !a.startsWith("-") || a === "-") targets.push(w);
    else if (a === "--") rest = true;
    else if (a === "--recursive") recursive = true;
    else if (a === "--force") force = true;
    else if (!a.startsWith("--")) {
      if (/[rR]/.test(a)) recursive = true;
      if (a.includes("f")) force = true;
    }
  }
  if (!recursive) return allow();
  for (const t of targets.flatMap(expandBraces)) {
    const v = classifyTarget(t, inv.cwd, env, force);
    if (v) return v;
  }
  return allow();
}

function checkFindDelete(inv: Invocation, env: Env): Verdict {
  if (!inv.args.some((w) => w.value === "-delete")) return allow();
  if (inv.args.some((w) => FIND_FILTERS.has(w.value))) return allow();
  const starts = findStarts(inv.args);
  for (const s of starts.length > 0 ? starts : [literalWord(".")]) {
    const v = classifyTarget(s, inv.cwd, env, true);
    if (v) return v;
  }
  return allow();
}

function checkGit(inv: Invocation, env: Env): Verdict {
  const split = splitGit(inv.args.map((w) => w.value));
  if (split.shellAlias !== null) return nested(split.shellAlias, inv.cwd, env);
  if (split.sub === null) return allow();
  const h = checkGitSubcommand(split.sub, split.args);
  return h ? fromHit(h) : allow();
}

/** Wrapper unwrapping only, for spotting downloaders: paths and levels do not matter. */
const NEUTRAL_ENV: Env = {
  root: "/",
  home: "/",
  level: "standard",
  tmpDirs: [],
  disabled: new Set(),
  depth: 0,
};

function fromDownload(commands: SimpleCommand[]): boolean {
  return commands.some((c) =>
    unwrap(c.argv, c.cwd, NEUTRAL_ENV, 0).some((i) => DOWNLOADERS.has(i.name))
  );
}

function remoteExec(name: string): Verdict {
  return deny(
    "remote.exec",
    `Running code downloaded from the network through ${name} executes it unseen. Download it to a file, read it, then run it`,
  );
}

function checkShell(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict {
  let hasC = false;
  let readsStdin = false;
  let i = 0;
  for (; i < inv.args.length; i++) {
    const a = inv.args[i]?.value ?? "";
    if (a === "--") {
      i++;
      break;
    }
    if (!(a.startsWith("-") || a.startsWith("+")) || a === "-") break;
    if (a === "-o" || a === "+o" || a === "-O" || a === "+O") {
      i++;
      continue;
    }
    if (!a.startsWith("--") && a.slice(1).includes("c")) hasC = true;
    if (!a.startsWith("--") && a.slice(1).includes("s")) readsStdin = true;
    if (a === "--command") hasC = true;
  }
  const script = inv.args[i];
  if (hasC) {
    if (script === undefined) return allow();
    if (fromDownload(script.substitutions)) return remoteExec(inv.name);
    if (script.dynamic) {
      return env.level === "standard" ? allow() : deny(
        "shell.dynamic",
        `The code given to ${inv.name} -c is only known at run time. Run the commands directly`,
      );
    }
    return nested(script.value, inv.cwd, env);
  }
  if (
    !readsStdin && script !== undefined && script.value !== "-" &&
    script.value !== "/dev/stdin"
  ) {
    return fromDownload(script.substitutions) ? remoteExec(inv.name) : allow();
  }
  for (const r of cmd.redirects) {
    if (r.heredoc) return nested(r.heredoc.body, inv.cwd, env);
    if (r.op === "<<<" && r.target) {
      if (r.target.dynamic && env.level !== "standard") {
        return deny(
          "shell.dynamic",
          `The code given to ${inv.name} is only known at run time. Run the commands directly`,
        );
      }
      return nested(r.target.value, inv.cwd, env);
    }
  }
  const upstream = all.filter((c) =>
    c.pipeline === cmd.pipeline && c.pipelineIndex < cmd.pipelineIndex
  );
  if (fromDownload(upstream)) {
    return deny(
      "remote.pipe-shell",
      `Piping a download into ${inv.name} runs unseen code. Download it to a file, read it, then run it`,
    );
  }
  const feeder = upstream.find((c) =>
    c.pipelineIndex === cmd.pipelineIndex - 1
  );
  const feederName = commandName(feeder?.argv[0]);
  if (feeder && (feederName === "echo" || feederName === "printf")) {
    const words = feeder.argv.slice(1).filter((w) =>
      !/^-[neE]+$/.test(w.value)
    );
    if (words.every((w) => !w.dynamic)) {
      const text = words.map((w) => w.value).join(" ").replaceAll("\\n", "\n");
      return nested(text, inv.cwd, env);
    }
  }
  return allow();
}

function checkEval(inv: Invocation, env: Env): Verdict {
  if (inv.args.some((w) => fromDownload(w.substitutions))) {
    return remoteExec("eval");
  }
  if (inv.args.some((w) => w.dynamic)) {
    return env.level === "standard" ? allow() : deny(
      "eval.dynamic",
      "The code given to eval is only known at run time. Run the commands directly",
    );
  }
  return nested(inv.args.map((w) => w.value).join(" "), inv.cwd, env);
}

function checkOwnership(inv: Invocation, env: Env): Verdict {
  const recursive = inv.args.some((w) =>
    w.value === "--recursive" ||
    (/^-[^-]/.test(w.value) && w.value.includes("R"))
  );
  if (!recursive) return allow();
  const positional = inv.args.filter((w) => !w.value.startsWith("-"));
  const hasReference = inv.args.some((w) => w.value.startsWith("--reference"));
  for (const t of positional.slice(hasReference ? 0 : 1)) {
    const path = t.dynamic ? t.literalPrefix : t.value;
    if (t.dynamic && !path.includes("/")) continue;
    if (!path.startsWith("/") && inv.cwd === null) continue;
    const abs = resolveFrom(inv.cwd ?? "/", path);
    const topLevel = abs.split("/").filter((s) => s !== "").length <= 1 &&
      abs !== "/tmp";
    if (topLevel || abs === env.home) {
      const rule = inv.name === "chmod"
        ? "chmod.recursive-root"
        : "chown.recursive-root";
      return deny(
        rule,
        `${inv.name} -R on ${t.value} changes a system or home tree. Apply it to the specific project directory instead`,
      );
    }
  }
  return allow();
}

function checkSecretWord(
  w: Word,
  cwd: string | null,
  env: Env,
): Verdict | null {
  const match = w.dynamic
    ? classifySecretPrefix(w.literalPrefix, { cwd: cwd, home: env.home })
    : classifySecretPath(w.value, { cwd: cwd, home: env.home });
  return match ? secretVerdict(match.rule, match.what, w.value) : null;
}

function checkReaders(inv: Invocation, env: Env): Verdict {
  const { name } = inv;
  let files: Word[];
  if (READERS.has(name)) {
    files = inv.args.filter((w) => !w.value.startsWith("-"));
  } else if (PATTERN_FIRST.has(name)) {
    const explicit = inv.args.some((w) =>
      /^-(e|f)|^--(regexp|file)|^--expression/.test(w.value)
    );
    const positional: Word[] = [];
    for (let i = 0; i < inv.args.length; i++) {
      const a = inv.args[i]?.value ?? "";
      if (/^-[efmABCgtTjM]$/.test(a)) i++;
      else if (!a.startsWith("-")) positional.push(inv.args[i] as Word);
    }
    files = explicit ? positional : positional.slice(1);
  } else if (COPIERS.has(name)) {
    files = inv.args.filter((w) => !w.value.startsWith("-")).slice(0, -1);
  } else return allow();
  for (const f of files) {
    const v = checkSecretWord(f, inv.cwd, env);
    if (v) return v;
  }
  return allow();
}

function checkUpload(inv: Invocation, env: Env): Verdict {
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]?.value ?? "";
    let path: string | null = null;
    if (a === "-T" || a === "--upload-file") {
      path = inv.args[i + 1]?.value ?? null;
    } else if (a.startsWith("--post-file=") || a.startsWith("--body-file=")) {
      path = a.slice(a.indexOf("=") + 1);
    } else {
      const at = a.indexOf("@");
      if (at === 0 || (at > 0 && a[at - 1] === "=")) path = a.slice(at + 1);
    }
    if (path) {
      const match = classifySecretPath(path, { cwd: inv.cwd, home: env.home });
      if (match) return secretVerdict(match.rule, match.what, path);
    }
  }
  return allow();
}

/** Extracts the string literals of a one-liner in any of the usual languages. */
function stringLiterals(code: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  for (let i = 0; i < code.length; i++) {
    const q = code[i];
    if (q !== "'" && q !== '"' && q !== "`") continue;
    let text = "";
    let j = i + 1;
    for (; j < code.length && code[j] !== q; j++) {
      if (code[j] === "\\") j++;
      text += code[j] ?? "";
    }
    out.push({ text, at: i });
    i = j;
  }
  return out;
}

const EXEC_MARKERS = [
  "system",
  "popen",
  "subprocess",
  "exec",
  "spawn",
  "child_process",
  "`",
  "qx",
];
const DELETE_MARKERS = [
  "rmtree",
  "rmSync",
  "rm_rf",
  "rm_r",
  "rimraf",
  "remove_dir_all",
  "fs.rm(",
  "rmdirSync",
];

/** The code an interpreter reads from a heredoc or here-string when given no script (or `-`). */
function stdinCode(inv: Invocation, cmd: SimpleCommand): string | undefined {
  const script = inv.args.find((w) =>
    !w.value.startsWith("-") || w.value === "-"
  );
  if (script !== undefined && script.value !== "-") return undefined;
  for (const r of cmd.redirects) {
    if (r.heredoc) return r.heredoc.body;
    if (r.op === "<<<" && r.target) return r.target.value;
  }
  return undefined;
}

function checkInterpreter(
  inv: Invocation,
  cmd: SimpleCommand,
  env: Env,
): Verdict {
  const flags = INTERPRETER_FLAGS[inv.name] ?? [];
  const index = inv.args.findIndex((w) =>
    flags.includes(w.value) ||
    (w.value.startsWith("-") && !w.value.startsWith("--") &&
      flags.some((f) => f.length === 2 && w.value.endsWith(f.slice(1))))
  );
  const code = index === -1 ? stdinCode(inv, cmd) : inv.args[index + 1]?.value;
  if (code === undefined) return checkReaders(inv, env);
  if (env.level === "paranoid") {
    return deny(
      "interpreter.one-liner",
      `Paranoid level: ${inv.name} one-liners are blocked. Write the code to a file in the project and run that`,
    );
  }
  if (inv.name === "perl" || inv.name === "ruby") {
    for (const file of inv.args.slice(index + 2)) {
      const v = file.value.startsWith("-")
        ? null
        : checkSecretWord(file, inv.cwd, env);
      if (v) return v;
    }
  }
  const literals = stringLiterals(code);
  const runsShell = EXEC_MARKERS.some((m) => code.includes(m));
  for (const lit of literals) {
    const secret = classifySecretPath(lit.text, {
      cwd: inv.cwd,
      home: env.home,
    });
    if (secret && !lit.text.includes(" ") && lit.text !== "") {
      return secretVerdict(secret.rule, secret.what, lit.text);
    }
    if (runsShell && lit.text.includes(" ")) {
      const v = nested(lit.text, inv.cwd, env);
      if (v.verdict === "deny" && !v.rule?.startsWith("guard.")) return v;
    }
  }
  for (const marker of DELETE_MARKERS) {
    let from = code.indexOf(marker);
    while (from !== -1) {
      const lit = literals.find((l) => l.at > from);
      if (lit && lit.text !== "") {
        const recursive = !marker.startsWith("fs.rm(") &&
            marker !== "rmSync" && marker !== "rmdirSync" ||
          code.includes("recursive");
        const v = recursive
          ? classifyTarget(
            literalWord(lit.text.replace(/^~(?=\/|$)/, env.home)),
            inv.cwd,
            env,
            true,
          )
          : null;
        if (v && v.rule !== "rm.dynamic") return v;
      }
      from = code.indexOf(marker, from + marker.length);
    }
  }
  return allow();
}
