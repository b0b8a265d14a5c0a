/**
 * Recursive deletes by target: where a path lies (root, home, `.git`, the
 * working directory, a temp dir, inside or outside the project) and the
 * verdict for deleting it, for `rm` and every other spelling of a recursive
 * delete (`find -delete`, `Remove-Item -Recurse`, `shutil.rmtree`).
 *
 * Pure: path arithmetic on strings; never touches the file system.
 *
 * @module
 */

import {
  allow,
  deny,
  type Env,
  type Invocation,
  literalWord,
  type Verdict,
} from "./_context.ts";
import {
  isStrictlyWithin,
  isWithin,
  resolveFrom,
  toPosixPath,
} from "./_paths.ts";
import type { Word } from "./shell_parse.ts";

/** Where a delete target lies. */
export type Place =
  | "root"
  | "home"
  | "git"
  | "temp"
  | "cwd"
  | "inside"
  | "outside"
  | "unknown";

/** Rules that may never be switched off. */
export const CATASTROPHIC = new Set(["rm.root", "rm.home", "rm.git"]);

const MAX_BRACE_EXPANSIONS = 64;

/** Whether an absolute path lies in a temp dir (`strict`: strictly below one). */
export function isTempPath(abs: string, env: Env, strict = false): boolean {
  return env.tmpDirs.some((t) => {
    const dir = resolveFrom("/", t);
    return strict ? isStrictlyWithin(abs, dir) : isWithin(abs, dir);
  });
}

/** The home's cache folders: their contents are rebuilt on demand. */
const HOME_CACHES = [
  ".cache",
  "Library/Caches",
  ".npm/_cacache",
  ".npm/_npx",
  ".yarn/cache",
  ".gradle/caches",
  ".cargo/registry/cache",
  ".m2/repository",
];

/** Whether an absolute path is a cache folder of the home, or lies in one (`~/.cache/pip`). */
export function isCachePath(abs: string, home: string): boolean {
  return HOME_CACHES.some((c) => isWithin(abs, `${home}/${c}`));
}

/**
 * Where a literal path lies. A relative path counts as temp only after a `cd`
 * into a temp dir: from a project that itself lives in a temp dir, `../x` is
 * judged against the project.
 */
export function place(path: string, cwd: string | null, env: Env): Place {
  if (!path.startsWith("/") && cwd === null) return "unknown";
  const abs = resolveFrom(cwd ?? "/", path);
  if (abs === "/") return "root";
  if (abs === env.home) return "home";
  if (abs.split("/").includes(".git")) return "git";
  const written = path.startsWith("/") ||
    (cwd !== null && cwd !== env.root && isTempPath(cwd, env));
  if (written && isTempPath(abs, env)) return "temp";
  if (isCachePath(abs, env.home)) return "temp";
  if (abs === env.root) return "cwd";
  const trusted = env.root !== "/" &&
    (env.root === env.home || !isWithin(env.home, env.root));
  if (trusted && isStrictlyWithin(abs, env.root)) return "inside";
  return "outside";
}

/** The text after a leading `$TMPDIR`/`${TMPDIR}`, or null when the word does not start with it. */
export function tmpdirSuffix(w: Word): string | null {
  const m = /^"?\$(?:\{TMPDIR\}|TMPDIR(?![A-Za-z0-9_]))"?/.exec(w.raw);
  if (m === null) return null;
  return w.raw.slice(m[0].length).replaceAll('"', "");
}

/** Whether a `$TMPDIR` suffix stays inside the temp dir (no `..`, nothing dynamic). */
export function isTrustedTmpdirSuffix(suffix: string, env: Env): boolean {
  return env.tmpdirTrusted && !suffix.split("/").includes("..") &&
    !/[$`*?[{]/.test(suffix);
}

/** The deny verdict for deleting something at `where`, or null when that place is not a hard stop. */
export function placeDeny(
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
    case "unknown":
      return deny(
        "rm.unknown-dir",
        `"${shown}" is relative to a directory that is only known at run time (after a cd to a variable). Use an absolute path inside the project`,
      );
    default:
      if (where !== "temp" && (env.root === env.home || cwd === env.home)) {
        return homeCwd();
      }
      return null;
  }
}

function homeCwd(): Verdict {
  return deny(
    "rm.home-cwd",
    "The working directory is the home directory, where a recursive force delete is too risky. cd into the project and delete by its path",
  );
}

function dynamicTarget(w: Word, env: Env): Verdict | null {
  if (env.level === "standard") return null;
  return deny(
    "rm.dynamic",
    `The delete target "${w.value}" is only known at run time. Write the literal path so it can be checked`,
  );
}

function paranoid(): Verdict {
  return deny(
    "rm.paranoid",
    "Paranoid level: recursive deletes outside temp directories are blocked. Ask the user to delete it",
  );
}

/**
 * The verdict for recursively deleting one target, or null when it may go.
 * Root, home and `.git` are denied even without force.
 */
export function classifyTarget(
  w: Word,
  cwd: string | null,
  env: Env,
  force: boolean,
): Verdict | null {
  const suffix = tmpdirSuffix(w);
  if (suffix !== null) {
    if (isTrustedTmpdirSuffix(suffix, env)) return null;
    return force ? dynamicTarget(w, env) : null;
  }
  if (w.value.startsWith("~") && w.literalPrefix === "") {
    return placeDeny("outside", w.value, env, cwd);
  }
  if (!w.dynamic) {
    const where = place(toPosixPath(w.value), cwd, env);
    if (where === "root" || where === "home" || where === "git") {
      return placeDeny(where, w.value, env, cwd);
    }
    if (where === "temp" || (!force && where !== "outside")) return null;
    const hard = placeDeny(where, w.value, env, cwd);
    if (hard) return hard;
    return env.level === "paranoid" ? paranoid() : null;
  }
  const prefix = w.literalPrefix;
  const slash = prefix.lastIndexOf("/");
  if (slash !== -1) {
    const dir = prefix.slice(0, slash) || "/";
    const where = place(dir, cwd, env);
    if (where === "root" || where === "home" || where === "git") {
      return placeDeny(where, w.value, env, cwd);
    }
    // Without -f too: nothing prompts an agent (`rm -r ~/Desktop/*`).
    if (!force && where !== "outside") return null;
    if (where === "temp") return dynamicTarget(w, env);
    if (where === "outside" || where === "unknown") {
      return placeDeny(where, w.value, env, cwd);
    }
  } else {
    // A glob without a slash expands in the working directory, which a
    // `cd` earlier in the line may have moved (`cd / && rm -rf *`).
    const where = cwd === null ? "unknown" : place(".", cwd, env);
    if (where === "root" || where === "home" || where === "git") {
      return placeDeny(where, w.value, env, cwd);
    }
    if (where === "outside" && (force || w.literalPrefix !== "")) {
      return placeDeny(where, w.value, env, cwd);
    }
    if (!force) return null;
  }
  if (env.root === env.home || cwd === env.home) return homeCwd();
  if (cwd === null && !prefix.startsWith("/")) {
    return placeDeny("unknown", w.value, env, cwd);
  }
  return dynamicTarget(w, env);
}

/** Expands `{a,b}` alternatives of a word (bounded), so `/{etc,usr}` is seen as `/etc` and `/usr`. */
export function expandBraces(w: Word): Word[] {
  if (!w.dynamic || !w.raw.includes("{")) return [w];
  const out: string[] = [];
  let overflow = false;
  const expand = (text: string): void => {
    if (out.length >= MAX_BRACE_EXPANSIONS) {
      overflow = true;
      return;
    }
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
  if (overflow) return [literalWord(`../${w.value}`)];
  if (out.length === 1 && out[0] === w.value) return [w];
  return out.map((value) => {
    const at = value.search(/[$*?[`]/);
    return at === -1 ? literalWord(value) : {
      ...literalWord(value),
      dynamic: true,
      literalPrefix: value.slice(0, at),
    };
  });
}

/** Reads rm's flags (GNU long options may be abbreviated). */
export function rmFlags(
  args: Word[],
): { recursive: boolean; force: boolean; targets: Word[] } {
  let recursive = false;
  let force = false;
  let rest = false;
  const targets: Word[] = [];
  for (const w of args) {
    const a = w.value;
    if (rest || !a.startsWith("-") || a === "-") targets.push(w);
    else if (a === "--") rest = true;
    else if (a.startsWith("--")) {
      const flag = a.split("=")[0] ?? a;
      if (flag.length >= 3 && "--recursive".startsWith(flag)) recursive = true;
      else if (flag.length >= 3 && "--force".startsWith(flag)) force = true;
    } else {
      if (/[rR]/.test(a)) recursive = true;
      if (a.includes("f")) force = true;
    }
  }
  return { recursive, force, targets };
}

/**
 * Whether every starting point of a confined `find` (see `_find_scope.ts`)
 * lies in the project or a temp dir, so its clean-up stays there.
 *
 * @param starts find's starting points, or undefined when not confined.
 * @param cwd Where find runs, or null when unknown.
 * @param env The analysis environment.
 * @returns True when the deleting action may run.
 */
export function confinedStarts(
  starts: Word[] | undefined,
  cwd: string | null,
  env: Env,
): boolean {
  if (starts === undefined || env.level === "paranoid") return false;
  return starts.every((s) => {
    const path = toPosixPath(s.value);
    const where = place(path, cwd, env);
    if (where === "cwd" || where === "inside") return true;
    // In a temp dir only strictly below it: /tmp itself holds other tools' files.
    const abs = resolveFrom(cwd ?? "/", path);
    return where === "temp" &&
      (isTempPath(abs, env, true) || isCachePath(abs, env.home));
  }) && env.root !== env.home;
}

/** Checks an `rm` invocation (also `rimraf`, which always recurses and forces). */
export function checkRm(inv: Invocation, env: Env): Verdict {
  const { recursive, force, targets } = rmFlags(inv.args);
  if (!recursive) return allow();
  const verdicts = targets.flatMap(expandBraces).map((t) =>
    classifyTarget(t, inv.cwd, env, force)
  );
  const catastrophic = verdicts.find((v) =>
    v && CATASTROPHIC.has(v.rule ?? "")
  );
  if (catastrophic) return catastrophic;
  if (force && inv.origin === "xargs") {
    return deny(
      "xargs.rm-dynamic",
      "xargs rm -rf deletes whatever the input lists, which cannot be checked. Delete the specific paths by name, or run find … -print first and review it",
    );
  }
  if (force && inv.origin === "parallel") {
    return deny(
      "parallel.rm-dynamic",
      "parallel rm -rf deletes whatever the input lists, which cannot be checked. Delete the specific paths by name",
    );
  }
  if (
    force && inv.origin === "find" &&
    !confinedStarts(inv.findStarts, inv.cwd, env)
  ) {
    return deny(
      "find.exec-rm",
      "find -exec rm -rf deletes every match recursively. Run the find with -print first, then delete the specific paths by name",
    );
  }
  return verdicts.find((v) => v !== null) ?? allow();
}
