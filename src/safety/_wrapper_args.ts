/**
 * Shared pieces of unwrapping a wrapper command (`sudo`, `env`, `xargs`,
 * `parallel`, …): its leading options, the invocation it leads to, and
 * placeholder substitution in the wrapped words.
 *
 * Pure: word manipulation only.
 *
 * @module
 */

import {
  dynamicWord,
  type Invocation,
  literalWord,
  type UnwrapContext,
} from "./_context.ts";
import type { Word } from "./shell_parse.ts";

export interface Options {
  /** Index of the first word after the options. */
  index: number;
  /** Option values by flag (`-u` → `root`, `--chdir` → `/x`). */
  values: Map<string, string>;
  /** Every option word seen. */
  flags: string[];
}

/**
 * Reads a wrapper's leading options: `short` lists the letters that take a
 * value (attached or separate), `long` the long options that take a separate
 * value.
 *
 * @param words The words after the wrapper's name.
 * @param short Letters that take a value.
 * @param long Long options that take a separate value. @default {[]}
 * @returns Where the wrapped command starts, and the options seen.
 */
export function readOptions(
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

/** An invocation of `name` with `args` in the context's directory, origin and environment. */
export function invocation(
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

/** Replaces `token` in each word by `value` (text), keeping the word literal when both are. */
export function substitute(words: Word[], token: string, value: Word): Word[] {
  return words.map((w) => {
    const at = w.value.indexOf(token);
    if (at === -1) return w;
    const text = w.value.split(token).join(value.value);
    return w.dynamic || value.dynamic
      ? dynamicWord(text, w.value.slice(0, at) + value.literalPrefix)
      : literalWord(text);
  });
}
