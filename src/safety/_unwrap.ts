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
  type UnwrapContext,
} from "./_context.ts";
import { scopedStarts } from "./_find_scope.ts";
import { resolveFrom } from "./_paths.ts";
import { invocation, readOptions } from "./_wrapper_args.ts";
import { expandParallel, expandXargs } from "./_xargs_parallel.ts";
import { parseShell, type Word } from "./shell_parse.ts";

const MAX_HOPS = 16;
const ASSIGNMENT_LIKE = /^[^/=]*=/;

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
    case "toybox":
      return rest[0]?.value.startsWith("-") ? [] : next(0);
    case "systemd-run":
      return next(
        readOptions(rest, "upEMH", [
          "--unit",
          "--property",
          "--description",
          "--slice",
          "--setenv",
          "--uid",
          "--gid",
          "--machine",
          "--host",
          "--working-directory",
          "--on-active",
          "--on-calendar",
          "--on-boot",
          "--on-unit-active",
        ]).index,
      );
    case "xargs":
      return expandXargs(rest, context, hops, unwrap);
    case "parallel":
      return expandParallel(rest, context, hops, unwrap);
    case "find":
      return [
        invocation(name, rest, context),
        ...expandFindExec(rest, context, hops),
      ];
    default:
      return [invocation(name, rest, context)];
  }
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

function expandFindExec(
  args: Word[],
  context: UnwrapContext,
  hops: number,
): Invocation[] {
  const out: Invocation[] = [];
  const starts = scopedStarts(args);
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
      ...unwrap(words, { ...context, origin: "find", stdin: null }, hops + 1)
        .map((inv) => starts === null ? inv : { ...inv, findStarts: starts }),
    );
    i = j;
  }
  return out;
}
