/**
 * Sees through the programs that run other programs: `sudo`, `env`,
 * `command`, `nohup`, `timeout`, `nice`, `time`, `busybox`, `watch`, and the
 * ones that build command lines from input (`xargs`, GNU `parallel`,
 * `find -exec`), turning one simple command into the invocations it runs.
 *
 * Pure: looks at words only; never runs anything.
 *
 * @module
 */

import {
  commandName,
  dynamicWord,
  type Invocation,
  literalWord,
  type Origin,
  SHELLS,
} from "./_context.ts";
import { resolveFrom } from "./_paths.ts";
import { parseShell, type Word } from "./shell_parse.ts";

/** Where a command runs and what feeds it. */
export interface UnwrapContext {
  /** The directory it runs in, or null when unknown. */
  cwd: string | null;
  /** The home directory, for parsing `env -S` and `watch` strings. */
  home: string;
  /** Where trailing arguments come from. */
  origin: Origin;
  /** Environment variable names set so far. */
  envNames: string[];
  /** Their values, null when only known at run time. */
  envValues: ReadonlyMap<string, string | null>;
  /** The words a literal `echo`/`printf` pipes in, or null when stdin is unknown. */
  stdin: Word[] | null;
}

const MAX_HOPS = 16;
/** What an `xargs -I{}` replacement string stands for: one whole input line. */
export const INPUT_LINE = "{line}";
const MAX_EXPANSIONS = 32;
const ASSIGNMENT_LIKE = /^[^/=]*=/;

interface Options {
  /** Index of the first word after the options. */
  index: number;
  /** Option values by flag (`-u` → `root`, `--chdir` → `/x`). */
  values: Map<string, string>;
  /** Every option word seen. */
  flags: string[];
}

/**
 * Reads leading options: `short` lists the letters that take a value (attached or
 * separate), `long` the long options that take a separate value.
 */
function readOptions(
  words: Word[],
  short: string,
  long: readonly string[] = [],
  dashIsOption = false,
): Options {
  const values = new Map<string, string>();
  const flags: string[] = [];
  let i = 0;
  while (i < words.length) {
    const a = words[i]?.value ?? "";
    if (a === "--") return { index: i + 1, values, flags };
    if (a === "-" && dashIsOption) {
      flags.push(a);
      i++;
      continue;
    }
    if (!a.startsWith("-") || a === "-") break;
    flags.push(a);
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      if (eq !== -1) values.set(a.slice(0, eq), a.slice(eq + 1));
      else if (long.includes(a)) {
        values.set(a, words[i + 1]?.value ?? "");
        i++;
      }
      i++;
      continue;
    }
    let consumed = false;
    for (let j = 1; j < a.length; j++) {
      const letter = a[j] ?? "";
      if (!short.includes(letter)) continue;
      const attached = a.slice(j + 1);
      if (attached !== "") values.set(`-${letter}`, attached);
      else {
        values.set(`-${letter}`, words[i + 1]?.value ?? "");
        consumed = true;
      }
      break;
    }
    i += consumed ? 2 : 1;
  }
  return { index: i, values, flags };
}

function chdir(cwd: string | null, dir: string): string | null {
  if (dir.startsWith("/")) return resolveFrom("/", dir);
  return cwd === null ? null : resolveFrom(cwd, dir);
}

function firstCommandWords(text: string, cwd: string | null, home: string) {
  const parsed = parseShell(text, { cwd, home });
  return parsed.ok ? (parsed.commands[0]?.argv ?? []) : [];
}

/**
 * Removes wrappers and expands `xargs`, `parallel` and `find -exec` into the
 * invocations they run.
 *
 * @param words The command words, name first.
 * @param context Directory, home, origin, env names and piped-in words.
 * @param hops How many wrappers were removed already (bounded).
 * @returns The invocations, outermost first.
 */
export function unwrap(
  words: Word[],
  context: UnwrapContext,
  hops = 0,
): Invocation[] {
  if (words.length === 0 || hops > MAX_HOPS) return [];
  const first = words[0] as Word;
  const rest = words.slice(1);
  const next = (
    from: number,
    patch: Partial<UnwrapContext> = {},
  ): Invocation[] =>
    unwrap(rest.slice(from), { ...context, ...patch }, hops + 1);
  if (!first.dynamic && ASSIGNMENT_LIKE.test(first.value)) {
    return unwrap(rest, withVariable(context, first), hops + 1);
  }
  const name = commandName(first);
  switch (name) {
    case "sudo":
    case "doas": {
      const o = readOptions(rest, "ugCDhprtTU", [
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
      ]);
      const dir = o.values.get("-D") ?? o.values.get("--chdir");
      return withAssignments(
        rest,
        o.index,
        context,
        hops,
        dir === undefined ? context.cwd : chdir(context.cwd, dir),
      );
    }
    case "env": {
      const o = readOptions(
        rest,
        "uCSP",
        ["--unset", "--chdir", "--split-string"],
        true,
      );
      const dir = o.values.get("-C") ?? o.values.get("--chdir");
      const cwd = dir === undefined ? context.cwd : chdir(context.cwd, dir);
      const split = o.values.get("-S") ?? o.values.get("--split-string");
      if (split !== undefined) {
        const inner = firstCommandWords(split, cwd, context.home);
        return unwrap(
          [...inner, ...rest.slice(o.index)],
          { ...context, cwd },
          hops + 1,
        );
      }
      return withAssignments(rest, o.index, context, hops, cwd);
    }
    case "command":
      if (/^-p?v$/.test(rest[0]?.value ?? "")) return [];
      return next(readOptions(rest, "").index);
    case "builtin":
    case "nohup":
    case "setsid":
    case "unbuffer":
      return next(readOptions(rest, "").index);
    case "exec":
      return next(readOptions(rest, "a").index);
    case "time":
      return next(
        readOptions(rest, "fo", ["--format", "--output"]).index,
      );
    case "nice":
      return next(readOptions(rest, "n", ["--adjustment"]).index);
    case "ionice":
      return next(readOptions(rest, "cnpPu").index);
    case "stdbuf":
      return next(readOptions(rest, "ioe").index);
    case "timeout":
      return next(
        readOptions(rest, "sk", ["--signal", "--kill-after"]).index + 1,
      );
    case "watch": {
      const o = readOptions(rest, "n", ["--interval"]);
      const tail = rest.slice(o.index);
      if (tail.length === 1 && tail[0]) {
        const inner = firstCommandWords(
          tail[0].value,
          context.cwd,
          context.home,
        );
        return unwrap(inner, context, hops + 1);
      }
      return next(o.index);
    }
    case "busybox":
      return rest[0]?.value.startsWith("-") ? [] : next(0);
    case "xargs":
      return expandXargs(rest, context, hops);
    case "parallel":
      return expandParallel(rest, context, hops);
    case "find":
      return [
        invocation(name, rest, context),
        ...expandFindExec(rest, context, hops),
      ];
    default:
      return [invocation(name, rest, context)];
  }
}

function invocation(
  name: string,
  args: Word[],
  context: UnwrapContext,
): Invocation {
  return {
    name,
    args,
    cwd: context.cwd,
    origin: context.origin,
    envNames: context.envNames,
    envValues: context.envValues,
  };
}

/** Skips `NAME=value` words after a wrapper's options, remembering the names. */
function withAssignments(
  rest: Word[],
  from: number,
  context: UnwrapContext,
  hops: number,
  cwd: string | null,
): Invocation[] {
  let i = from;
  let inner = { ...context, cwd };
  while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]?.value ?? "")) {
    inner = withVariable(inner, rest[i] as Word);
    i++;
  }
  return unwrap(rest.slice(i), inner, hops + 1);
}

/** The context with one more `NAME=value` environment variable. */
function withVariable(context: UnwrapContext, word: Word): UnwrapContext {
  const eq = word.value.indexOf("=");
  const name = word.value.slice(0, eq);
  const values = new Map(context.envValues);
  values.set(name, word.dynamic ? null : word.value.slice(eq + 1));
  return {
    ...context,
    envNames: [...context.envNames, name],
    envValues: values,
  };
}

/** Replaces `token` in each word by `value` (text), keeping the word literal when both are. */
function substitute(words: Word[], token: string, value: Word): Word[] {
  return words.map((w) => {
    const at = w.value.indexOf(token);
    if (at === -1) return w;
    const text = w.value.split(token).join(value.value);
    return w.dynamic || value.dynamic
      ? dynamicWord(text, w.value.slice(0, at) + value.literalPrefix)
      : literalWord(text);
  });
}

function expandXargs(
  rest: Word[],
  context: UnwrapContext,
  hops: number,
): Invocation[] {
  const o = readOptions(rest, "ILnPsdEaJRS", [
    "--max-args",
    "--max-procs",
    "--delimiter",
    "--arg-file",
    "--max-lines",
    "--eof",
    "--max-chars",
    "--process-slot-var",
  ]);
  let token = o.values.get("-I") ?? o.values.get("-J") ?? null;
  for (const flag of o.flags) {
    if (flag === "--replace" || flag.startsWith("--replace=")) {
      token = flag.slice(10) || "{}";
    } else if (!flag.startsWith("--")) {
      for (let j = 1; j < flag.length; j++) {
        const letter = flag[j] ?? "";
        if ("ILnPsdEaJRS".includes(letter)) break;
        if (letter === "i") {
          token = flag.slice(j + 1) || "{}";
          break;
        }
      }
    }
  }
  const child = rest.slice(o.index);
  const argFile = o.values.get("-a") ?? o.values.get("--arg-file");
  const reads = argFile === undefined || argFile === "-"
    ? []
    : [invocation("xargs", [literalWord(argFile)], context)];
  if (child.length === 0) return reads;
  const inner = { ...context, origin: "xargs" as const, stdin: null };
  const programs = unwrap(child, inner, hops + 1);
  if (programs.length === 0) return [...reads, invocation("", [], inner)];
  const fromFile = o.values.has("-a") || o.values.has("--arg-file");
  const literal = !fromFile && context.stdin !== null &&
    !SHELLS.has(programs[0]?.name ?? "");
  const inputs = literal
    ? (context.stdin ?? []).slice(0, MAX_EXPANSIONS)
    : [dynamicWord("{input}")];
  if (token !== null) {
    return [
      ...reads,
      ...unwrap(
        substitute(child, token, dynamicWord(INPUT_LINE)),
        inner,
        hops + 1,
      ),
    ];
  }
  return [...reads, ...unwrap([...child, ...inputs], inner, hops + 1)];
}

const PARALLEL_PLACEHOLDER = /\{\d*\}/;
/** Replacement strings whose text the guard does not derive (`{.}`, `{/}`, `{#}`…). */
const UNVERIFIED_PLACEHOLDER = /\{\d*(?:\.|\/|\/\/|\/\.|#|%)\}/;
const PARALLEL_MARKERS = new Set([":::", "::::", ":::+", "::::+"]);
/** Options after which parallel runs nothing: it prints its version, help or the commands. */
const PARALLEL_NO_RUN = new Set([
  "--version",
  "--help",
  "-h",
  "--dry-run",
  "--dryrun",
  "--citation",
  "--bibtex",
  "--number-of-cpus",
  "--number-of-cores",
  "--number-of-threads",
  "--max-line-length-allowed",
  "--minversion",
]);

function expandParallel(
  rest: Word[],
  context: UnwrapContext,
  hops: number,
): Invocation[] {
  const o = readOptions(rest, "jNnLSdEIa", [
    "--jobs",
    "--sshlogin",
    "--results",
    "--joblog",
    "--tmpdir",
    "--workdir",
    "--delay",
    "--timeout",
    "--memfree",
    "--load",
    "--colsep",
    "--delimiter",
    "--arg-sep",
    "--arg-file-sep",
    "--arg-file",
    "--basefile",
    "--return",
    "--env",
    "--nice",
    "--retries",
    "--max-args",
    "--tag-string",
    "--sshloginfile",
  ]);
  if (o.flags.some((f) => PARALLEL_NO_RUN.has(f))) return [];
  const words = rest.slice(o.index);
  const marker = words.findIndex((w) => PARALLEL_MARKERS.has(w.value));
  const template = words.slice(0, marker === -1 ? undefined : marker);
  let values: Word[];
  let origin: Origin = "direct";
  if (template.some((w) => UNVERIFIED_PLACEHOLDER.test(w.value))) {
    return [invocation("", template, { ...context, origin: "parallel" })];
  }
  if (marker === -1) {
    if (template.length === 0) {
      return [invocation("", [], { ...context, origin: "parallel" })];
    }
    values = [dynamicWord("{input}")];
    origin = "parallel";
  } else {
    let fromFile = false;
    values = [];
    for (const w of words.slice(marker)) {
      if (PARALLEL_MARKERS.has(w.value)) fromFile = w.value.startsWith("::::");
      else values.push(fromFile ? dynamicWord("{file}") : w);
    }
    values = values.slice(0, MAX_EXPANSIONS);
    if (values.some((v) => v.dynamic)) origin = "parallel";
  }
  const inner = { ...context, origin, stdin: null };
  if (template.length === 0) {
    return values.map((v) => invocation("sh", [literalWord("-c"), v], inner));
  }
  return values.flatMap((value) => {
    const placed = template.some((w) => PARALLEL_PLACEHOLDER.test(w.value));
    const line = placed
      ? template.map((w) => {
        let out = w;
        let m = PARALLEL_PLACEHOLDER.exec(out.value);
        while (m !== null) {
          out = substitute([out], m[0], value)[0] as Word;
          m = PARALLEL_PLACEHOLDER.exec(out.value);
        }
        return out;
      })
      : [...template, value];
    return unwrap(line, inner, hops + 1);
  });
}

function expandFindExec(
  args: Word[],
  context: UnwrapContext,
  hops: number,
): Invocation[] {
  const out: Invocation[] = [];
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]?.value;
    if (
      flag !== "-exec" && flag !== "-execdir" && flag !== "-ok" &&
      flag !== "-okdir"
    ) continue;
    const words: Word[] = [];
    let j = i + 1;
    for (; j < args.length; j++) {
      const w = args[j] as Word;
      if (w.value === ";" || w.value === "+") break;
      words.push(
        w.value.includes("{}")
          ? dynamicWord(w.value, w.value.slice(0, w.value.indexOf("{}")))
          : w,
      );
    }
    out.push(
      ...unwrap(words, { ...context, origin: "find", stdin: null }, hops + 1),
    );
    i = j;
  }
  return out;
}
