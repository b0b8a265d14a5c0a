/**
 * Programs that `xargs` and `parallel` run with words from their input: the
 * input must not decide the code an interpreter runs (`xargs python -c`,
 * `parallel node --require {}`), the options of a destructive program
 * (`xargs -I{} rm -{} /`, `git reset --ha{}`), git's subcommand, or feed a
 * reader the secret paths a `find` printed (`find ~/.ssh | xargs cat`).
 *
 * Pure: looks at words only; never runs anything.
 *
 * @module
 */

import {
  commandName,
  deny,
  type Env,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import { codeFlags } from "./_interpreters.ts";
import { readsContents, secretOf, secretVerdict } from "./_secret_access.ts";
import { findsSecret } from "./_secret_patterns.ts";
import { classifySecretPrefix, type SecretMatch } from "./_secrets.ts";
import { uploadsFiles } from "./_uploads.ts";
import type { SimpleCommand } from "./shell_parse.ts";

/** Programs whose options decide how much they destroy. */
const OPTION_SENSITIVE = new Set([
  "rm",
  "git",
  "find",
  "rsync",
  "chmod",
  "chown",
  "truncate",
  "dd",
]);

/** Interpreters whose script, module or code may come from an argument. */
const RUNNERS = new Set(["deno", "npx", "bunx", "awk", "gawk", "perl", "php"]);

function fromInput(inv: Invocation, what: string): Verdict {
  return deny(
    "shell.from-input",
    `${inv.origin} puts its input into ${what} of ${inv.name}, so the input decides what runs. Write the command out, or pass the input as plain operands`,
  );
}

/**
 * Checks a program run by `xargs` or `parallel` for words of its input in
 * places that decide what it does.
 *
 * @param inv The invocation (origin `xargs` or `parallel`).
 * @param cmd The simple command it came from.
 * @param all Every simple command of the line.
 * @param env The analysis environment.
 * @returns A deny verdict, or null.
 */
export function checkFromInput(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  if (inv.origin !== "xargs" && inv.origin !== "parallel") return null;
  const { name, args } = inv;
  if (OPTION_SENSITIVE.has(name)) {
    // `--format={}` puts the input in an option's value, not its name.
    if (
      args.some((w) =>
        w.dynamic && w.literalPrefix.startsWith("-") &&
        !w.literalPrefix.includes("=")
      )
    ) {
      return fromInput(inv, "the options");
    }
    const sub = args.find((w) => w.dynamic || !w.value.startsWith("-"));
    if (name === "git" && sub?.dynamic) return fromInput(inv, "the subcommand");
  }
  if (codeFlags(name) !== undefined || RUNNERS.has(name)) {
    for (const w of args) {
      if (w.dynamic) return fromInput(inv, "the code, script or module");
      if (!w.value.startsWith("-") && w.value !== "") break;
    }
  }
  const uploads = (name === "curl" || name === "wget") && uploadsFiles(args);
  if (readsContents(name) || uploads) {
    const match = listedSecret(all, cmd, env);
    if (match) return secretVerdict(match, "the paths piped in");
  }
  return null;
}

/**
 * A reader or uploader given a variable that `while read f` filled from a
 * listing of a secret folder (`find ~/.ssh | while read f; do curl -T "$f" …`).
 *
 * @param inv The invocation.
 * @param cmd The simple command it came from.
 * @param all Every simple command of the line.
 * @param env The analysis environment.
 * @returns A deny verdict, or null.
 */
export function checkReadLoop(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  const { name, args } = inv;
  const uploads = (name === "curl" || name === "wget") && uploadsFiles(args);
  if (!readsContents(name) && !uploads) return null;
  const used = new Set(
    args.flatMap((w) =>
      w.dynamic
        ? [...w.raw.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) =>
          m[1] ?? ""
        )
        : []
    ),
  );
  if (used.size === 0) return null;
  for (const c of all.slice(0, all.indexOf(cmd))) {
    if (commandName(c.argv[0]) !== "read" || c.pipelineIndex === 0) continue;
    if (!c.argv.slice(1).some((w) => used.has(w.value))) continue;
    const match = listedSecret(all, c, env);
    if (match) return secretVerdict(match, "the paths read from the pipe");
  }
  return null;
}

/** Programs that pass their input's lines on, filtered or reordered. */
const FILTERS = new Set([
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "sort",
  "uniq",
  "head",
  "tail",
  "tr",
  "sed",
  "cut",
  "awk",
  "cat",
]);

/** Programs that print the paths they are given or find. */
const LISTERS = new Set(["ls", "echo", "printf", "fd", "fdfind", "tree"]);

/**
 * The secret the paths piped into `cmd` can be: printed by a `find` over a
 * secret folder or name, or by `ls`/`echo` of secret paths, also through
 * filters (`find ~/.ssh | grep id_ | xargs …`).
 */
function listedSecret(
  all: SimpleCommand[],
  cmd: SimpleCommand,
  env: Env,
): SecretMatch | null {
  let index = cmd.pipelineIndex - 1;
  while (index >= 0) {
    const feeder = all.find((c) =>
      c.pipeline === cmd.pipeline && c.pipelineIndex === index
    );
    if (feeder === undefined) return null;
    const name = commandName(feeder.argv[0]);
    if (name === "find") {
      return findsSecret([feeder], { cwd: feeder.cwd, home: env.home });
    }
    const operands = feeder.argv.slice(1).filter((w) =>
      !w.value.startsWith("-")
    );
    if (LISTERS.has(name)) {
      for (const w of operands) {
        const match = secretOf(w, feeder.cwd, env) ??
          (w.dynamic ? null : classifySecretPrefix(`${w.value}/`, {
            cwd: feeder.cwd,
            home: env.home,
          }));
        if (match) return match;
      }
      return null;
    }
    if (!FILTERS.has(name) || operands.length > (name === "cat" ? 0 : 1)) {
      return null;
    }
    index--;
  }
  return null;
}
