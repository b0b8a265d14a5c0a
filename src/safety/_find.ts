/**
 * `find` as a deleter: `-delete` anywhere but below an explicit temp dir,
 * `-exec rm` on root or home, and `-exec` readers over secret file names.
 *
 * Pure: reads the expression's words; never runs find.
 *
 * @module
 */

import {
  allow,
  commandName,
  deny,
  type Env,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import { scopedStarts } from "./_find_scope.ts";
import {
  confinedStarts,
  isTempPath,
  isTrustedTmpdirSuffix,
  place,
  placeDeny,
  tmpdirSuffix,
} from "./_rm.ts";
import { noteRead, readsContents, secretVerdict } from "./_secret_access.ts";
import { findOutputSecret } from "./_secret_patterns.ts";
import { classifySecretPath } from "./_secrets.ts";
import { resolveFrom } from "./_paths.ts";
import type { Word } from "./shell_parse.ts";
import { INPUT_LINE } from "./_xargs_parallel.ts";
import { uploadsFiles } from "./_uploads.ts";
import { checkFindEmptying } from "./_git_data.ts";

/** Tests that match a file's name or path. */
const NAME_TESTS = new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-iwholename",
]);

/** Predicates and actions that take one argument. */
const ONE_ARGUMENT = new Set([
  ...NAME_TESTS,
  "-regex",
  "-iregex",
  "-lname",
  "-ilname",
  "-type",
  "-xtype",
  "-mtime",
  "-mmin",
  "-atime",
  "-amin",
  "-ctime",
  "-cmin",
  "-newer",
  "-anewer",
  "-cnewer",
  "-size",
  "-user",
  "-group",
  "-uid",
  "-gid",
  "-perm",
  "-links",
  "-inum",
  "-samefile",
  "-maxdepth",
  "-mindepth",
  "-fstype",
  "-printf",
  "-fprint",
  "-fprint0",
  "-fls",
  "-used",
  "-context",
  "-regextype",
  "-files0-from",
]);

const DISPLAY = new Set(["echo", "printf", "true", "ls", "stat", "test"]);

/** The parts of a find command line that matter to the guard. */
export interface FindParts {
  /** Starting points (none means `.`). */
  starts: Word[];
  /** Whether `-delete` is an action of the expression. */
  deletes: boolean;
  /** Whether symbolic links are followed (`-L`, `-follow`, BSD `-f`). */
  follows: boolean;
  /** The values of name and path tests. */
  names: Word[];
  /** The command words of each `-exec`/`-execdir`/`-ok`/`-okdir`. */
  execs: Word[][];
}

/** Reads find's options, starting points and expression. */
export function parseFind(args: Word[]): FindParts {
  const parts: FindParts = {
    starts: [],
    deletes: false,
    follows: false,
    names: [],
    execs: [],
  };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a === "-L") parts.follows = true;
    else if (a === "-D") i++;
    else if (a === "-f") {
      parts.follows = true;
      const start = args[++i];
      if (start) parts.starts.push(start);
    } else if (!/^-([HPEXsxd]|O\d*)$/.test(a)) break;
  }
  for (; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a.startsWith("-") || a === "(" || a === "!" || a === ",") break;
    parts.starts.push(args[i] as Word);
  }
  for (; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir") {
      const words: Word[] = [];
      for (i++; i < args.length; i++) {
        const w = args[i] as Word;
        if (w.value === ";" || w.value === "+") break;
        words.push(w);
      }
      parts.execs.push(words);
    } else if (a === "-delete") parts.deletes = true;
    else if (a === "-follow") parts.follows = true;
    else if (ONE_ARGUMENT.has(a)) {
      const value = args[i + 1];
      if (NAME_TESTS.has(a) && value) parts.names.push(value);
      i++;
    } else if (a === "-fprintf" || /^-newer[aBcmt][aBcmt]$/.test(a)) {
      i += a === "-fprintf" ? 2 : 1;
    }
  }
  return parts;
}

/** Whether a starting point is written as a directory strictly below a temp dir. */
function isTempDescendant(start: Word, env: Env): boolean {
  const suffix = tmpdirSuffix(start);
  if (suffix !== null) {
    const rest = suffix.split("/").filter((s) => s !== "" && s !== ".");
    return rest.length > 0 && isTrustedTmpdirSuffix(suffix, env);
  }
  if (start.dynamic || !start.value.startsWith("/")) return false;
  if (start.value.split("/").includes("..")) return false;
  return isTempPath(resolveFrom("/", start.value), env, true);
}

function execProgram(words: Word[]): string {
  for (const w of words) {
    const name = w.value.slice(w.value.lastIndexOf("/") + 1).toLowerCase();
    if (!["sudo", "env", "command", "busybox", "nice"].includes(name)) {
      return name;
    }
  }
  return "";
}

/**
 * Checks a find invocation: `-delete` outside temp dirs, removal of root or
 * home, and secrets handed to an `-exec` reader.
 *
 * @param inv The find invocation.
 * @param env The analysis environment.
 * @returns The verdict (the commands inside `-exec` are checked separately).
 */
export function checkFind(inv: Invocation, env: Env): Verdict {
  const parts = parseFind(inv.args);
  const removes = parts.deletes ||
    parts.execs.some((words) => execProgram(words) === "rm");
  if (removes) {
    for (const start of parts.starts) {
      const path = start.dynamic ? start.literalPrefix : start.value;
      if (start.dynamic && !path.includes("/")) continue;
      const where = place(
        start.dynamic ? path.slice(0, path.lastIndexOf("/")) || "/" : path,
        inv.cwd,
        env,
      );
      if (where === "root" || where === "home" || where === "git") {
        return placeDeny(where, start.value, env, inv.cwd) as Verdict;
      }
    }
  }
  if (parts.deletes) {
    const safe = (!parts.follows && parts.starts.length > 0 &&
      parts.starts.every((s) => isTempDescendant(s, env))) ||
      confinedStarts(scopedStarts(inv.args) ?? undefined, inv.cwd, env);
    if (!safe) {
      return deny(
        "find.delete",
        "find -delete removes every match for good, and a wrong test deletes far more than meant. Run the same find with -print first, then delete the specific paths by name",
      );
    }
  }
  const reader = parts.execs.map(execProgram).find(readsContents);
  if (reader !== undefined) {
    for (const start of parts.starts.length > 0 ? parts.starts : ["."]) {
      noteRead(env, start, inv.cwd, `find -exec ${reader}`);
    }
  }
  for (const name of parts.names) {
    const secret = !name.dynamic &&
      classifySecretPath(name.value, { cwd: inv.cwd, home: env.home });
    const reads = parts.execs.some((w) => !DISPLAY.has(execProgram(w)));
    if (secret && reads) {
      return deny(
        secret.rule,
        `find -name ${name.value} hands ${secret.what} to an -exec command, which would put secrets into the transcript. Ask the user for the specific non-secret value`,
      );
    }
  }
  return allow();
}

/** Checks a find run: the deleter rules, readers over secret names, and input from xargs or parallel. */
export function checkFindInvocation(inv: Invocation, env: Env): Verdict {
  const v = checkFind(inv, env);
  if (v.verdict !== "allow") return v;
  const modes = modesTree(inv, env) ?? checkFindEmptying(inv, env);
  if (modes) return modes;
  const secret = findFeedsReader(inv.args) &&
    findOutputSecret(inv.args, { cwd: inv.cwd, home: env.home });
  if (secret) return secretVerdict(secret, "the paths find passes on");
  if (inv.origin === "xargs" && !inputOnlyInStartingPoints(inv.args)) {
    return deny(
      "shell.from-input",
      "xargs appends its input to find's expression, where it can add -delete or -exec. Run find with the paths and tests written out",
    );
  }
  if (
    inv.origin === "parallel" && inv.args.some((w) => w.value === "-delete")
  ) {
    return deny(
      "find.delete",
      "find -delete fed by parallel deletes under paths taken from the input, which cannot be checked. Run find on named paths with -print first",
    );
  }
  return allow();
}

/**
 * `find ~ -exec chmod 000 {} +`: a mode or owner change over everything below
 * the root, home or a top-level folder, as `chmod -R` there would be.
 */
function modesTree(inv: Invocation, env: Env): Verdict | null {
  const changer = inv.args.find((w, i) =>
    /^-(?:exec|execdir|ok|okdir)$/.test(inv.args[i - 1]?.value ?? "") &&
    ["chmod", "chown", "chgrp"].includes(commandName(w))
  );
  if (changer === undefined) return null;
  const end = inv.args.findIndex((w) => /^[-(!]/.test(w.value));
  const starts = end === -1 ? inv.args : inv.args.slice(0, end);
  for (const start of starts) {
    if (start.dynamic || (inv.cwd === null && !start.value.startsWith("/"))) {
      continue;
    }
    const abs = resolveFrom(inv.cwd ?? "/", start.value);
    const top = abs.split("/").filter((p) => p !== "").length <= 1 &&
      abs !== "/tmp";
    if (top || abs === env.home) {
      return deny(
        commandName(changer) === "chmod"
          ? "chmod.recursive-root"
          : "chown.recursive-root",
        `find ${start.value} -exec ${
          commandName(changer)
        } changes every file of a system or home tree. Apply it to the specific project directory instead`,
      );
    }
  }
  return null;
}

/** Whether find's `-exec`/`-execdir`/`-ok` runs a program that reads what it finds. */
function findFeedsReader(args: Word[]): boolean {
  return parseFind(args).execs.some((words) => {
    const name = execProgram(words);
    return readsContents(name) ||
      ((name === "curl" || name === "wget") &&
        uploadsFiles(
          words.slice(words.findIndex((w) => commandName(w) === name) + 1),
        ));
  });
}

/** find tests whose next word is a value to match, never an action. */
const VALUE_TESTS = new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-iwholename",
  "-regex",
  "-iregex",
  "-lname",
  "-ilname",
  "-type",
  "-user",
  "-group",
  "-newer",
  "-size",
  "-perm",
  "-mtime",
  "-mmin",
  "-samefile",
]);

/**
 * Whether xargs's input only names find's starting points or the values of
 * its tests (`xargs -I{} find {} -name x`, `xargs -I{} find . -name {}`),
 * never an action such as `-delete` or a file `-fprint` writes.
 */
function inputOnlyInStartingPoints(args: Word[]): boolean {
  const expression = args.findIndex((w) => /^[-(!]/.test(w.value));
  const starts = expression === -1 ? args : args.slice(0, expression);
  return args.some((w) => w.value.includes(INPUT_LINE)) &&
    args.every((w, i) =>
      !w.dynamic || starts.includes(w) ||
      VALUE_TESTS.has(args[i - 1]?.value ?? "")
    );
}
