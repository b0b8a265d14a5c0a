/**
 * `xargs` and `parallel`: the programs they run, with their input put where it
 * goes (appended, or in place of `-I{}` / `{}`), literal input from the line
 * (`echo a b | xargs rm`, `::: a b`) expanded, and input only known at run
 * time marked so the rules can refuse what it could decide.
 *
 * Pure: word manipulation only; never runs anything.
 *
 * @module
 */

import {
  dynamicWord,
  type Invocation,
  literalWord,
  type Origin,
  SHELLS,
  type UnwrapContext,
} from "./_context.ts";
import { invocation, readOptions, substitute } from "./_wrapper_args.ts";
import type { Word } from "./shell_parse.ts";

/** What an `xargs -I{}` replacement string stands for: one whole input line. */
export const INPUT_LINE = "{line}";
const MAX_EXPANSIONS = 32;

/** Unwraps the command a runner hands its input to (passed in: `unwrap` itself). */
type Unwrapper = (
  words: Word[],
  context: UnwrapContext,
  hops: number,
) => Invocation[];

/** Expands `xargs …`: the command it runs, once per literal input or with the input marked unknown. */
export function expandXargs(
  rest: Word[],
  context: UnwrapContext,
  hops: number,
  unwrap: Unwrapper,
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
    // Input the line shows is put in place of the token word by word, so
    // `echo --hard | xargs -I{} git reset {}` reads as `git reset --hard`.
    // Known input makes the command known: it is judged as typed.
    const known = { ...inner, origin: "direct" as const };
    return [
      ...reads,
      ...(literal && child.some((w) => w.value.includes(token))
        ? inputs.flatMap((line) =>
          unwrap(substitute(child, token, line), known, hops + 1)
        )
        : unwrap(
          substitute(child, token, dynamicWord(INPUT_LINE)),
          inner,
          hops + 1,
        )),
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

/** Expands `parallel …`: the commands it runs from its `:::` arguments, its input or its command-line input. */
export function expandParallel(
  rest: Word[],
  context: UnwrapContext,
  hops: number,
  unwrap: Unwrapper,
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
