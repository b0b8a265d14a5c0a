/**
 * Reads a git subcommand's arguments as git's option parser does: short
 * letters bundled or with attached values, long options by unique prefix, and
 * `--no-…` switching off an earlier option and its short form, in order.
 *
 * Pure string logic.
 *
 * @module
 */

import { expandGitLong } from "./_git_options.ts";

/** Long options git's rules look for; a unique abbreviation (`--forc`) counts as the option. */
const WATCHED_LONG = [
  "--hard",
  "--merge",
  "--force",
  "--mirror",
  "--delete",
  "--abort",
  "--discard-changes",
  "--worktree",
  "--staged",
  "--dry-run",
  "--cached",
  "--pathspec-from-file",
];

/** Short options that are the same option as a watched long one, so `--no-force` undoes `-f`. */
const SHORT_OF: Record<string, string> = {
  "--force": "f",
  "--delete": "d",
  "--dry-run": "n",
  "--staged": "S",
  "--worktree": "W",
};

/** The full name of a long option: as the subcommand's parser reads it, else expanding an abbreviation of a watched one. */
function fullLong(name: string, sub: string): string {
  const known = expandGitLong(sub, name);
  if (known !== null) return known;
  if (name.length < 5 || WATCHED_LONG.includes(name)) return name;
  const matches = WATCHED_LONG.filter((w) => w.startsWith(name));
  return matches.length === 1 ? matches[0] ?? name : name;
}

/** A git subcommand's arguments, read with its value-taking options. */
export interface GitArgs {
  /** Short option letters given as flags. */
  shorts: Set<string>;
  /** Long options given (names without `=value`). */
  longs: Set<string>;
  /** Values of options, by option (`-b` → `x`, `--expire` → `now`). */
  values: Map<string, string>;
  /** Operands before `--`. */
  positionals: string[];
  /** Operands after `--`, or null when there is no `--`. */
  afterDashDash: string[] | null;
  /** Long options switched off by a later `--no-…`. */
  negated: Set<string>;
}

/**
 * Reads a git subcommand's arguments: `shortValues` are the letters that take a value (attached or
 * next), `longValues` the long options that take the next word, `optional` the
 * long options whose next word is theirs only when it is one of the given modes.
 *
 * @param args The words after the subcommand.
 * @param shortValues Short option letters that take a value. @default {""}
 * @param longValues Long options that take the next word. @default {[]}
 * @param optional Long options whose next word is theirs when it is one of these modes. @default {{}}
 * @param sub The subcommand, whose own long options abbreviations expand to. @default {""}
 * @returns The options, values and operands, with later `--no-…` applied.
 */
export function readGitArgs(
  args: string[],
  shortValues = "",
  longValues: readonly string[] = [],
  optional: Record<string, readonly string[]> = {},
  sub = "",
): GitArgs {
  const out: GitArgs = {
    shorts: new Set(),
    longs: new Set(),
    values: new Map(),
    positionals: [],
    afterDashDash: null,
    negated: new Set(),
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (out.afterDashDash !== null) out.afterDashDash.push(a);
    else if (a === "--") out.afterDashDash = [];
    else if (a === "-" || !a.startsWith("-")) out.positionals.push(a);
    else if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = fullLong(eq === -1 ? a : a.slice(0, eq), sub);
      const positive = `--${name.slice(5)}`;
      if (name.startsWith("--no-") && WATCHED_LONG.includes(positive)) {
        out.longs.delete(positive);
        out.negated.add(positive);
        const short = SHORT_OF[positive];
        if (short) out.shorts.delete(short);
        continue;
      }
      out.longs.add(name);
      out.negated.delete(name);
      if (eq !== -1) out.values.set(name, a.slice(eq + 1));
      else if (longValues.includes(name)) {
        out.values.set(name, args[i + 1] ?? "");
        i++;
      } else if (optional[name]?.includes(args[i + 1] ?? "")) {
        out.values.set(name, args[i + 1] ?? "");
        i++;
      }
    } else {
      for (let j = 1; j < a.length; j++) {
        const letter = a[j] ?? "";
        if (!shortValues.includes(letter)) {
          out.shorts.add(letter);
          continue;
        }
        const attached = a.slice(j + 1);
        out.values.set(
          `-${letter}`,
          attached !== "" ? attached : args[++i] ?? "",
        );
        break;
      }
    }
  }
  return out;
}
