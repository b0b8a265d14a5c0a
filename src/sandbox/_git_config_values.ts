/**
 * Reading git's configuration for what it makes git run: the values of a few
 * keys in a config text, and the project paths that the user's and the
 * system's configuration (and the files they include, and
 * `GIT_CONFIG_KEY_<n>` variables) name as hooks or as an fsmonitor. A
 * relative `core.hooksPath` or `core.fsmonitor` there is taken in every
 * repository, so `core.hooksPath = .githooks` in `~/.gitconfig` makes each
 * project's `.githooks/` a folder of programs that the user's next
 * `git commit` runs.
 *
 * Reads only; a file that cannot be read, or is larger than 1 MiB, is passed
 * over.
 *
 * @module
 */

import { dirname, isAbsolute, join } from "node:path";
import { insideProject } from "./_nested_repos.ts";

const MAX_CONFIG_BYTES = 1024 * 1024;
const MAX_INCLUDE_DEPTH = 5;
const BOOLEAN = /^(?:true|false|yes|no|on|off|[01])$/i;

/**
 * The values of some keys in a git config text.
 *
 * @param text The config file's text.
 * @param wanted Keys as `section.name`, lower case; a subsection's key counts
 *   under its section (`includeif.path` for `[includeIf "gitdir:…"] path`).
 * @returns The values, unquoted, in file order.
 */
export function configValues(
  text: string,
  wanted: ReadonlySet<string>,
): string[] {
  const values: string[] = [];
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
    if (header) {
      section = header[1]!.toLowerCase();
      continue;
    }
    const pair = /^([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (!pair) continue;
    if (!wanted.has(`${section}.${pair[1]!.toLowerCase()}`)) continue;
    let value = pair[2]!.replace(/\s[#;].*$/, "").trim();
    if (value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1);
    }
    if (value) values.push(value);
  }
  return values;
}

/** Where git looks for configuration outside a repository, as the user's git would. */
function configFiles(
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const files: string[] = [];
  if (!env.GIT_CONFIG_NOSYSTEM) {
    files.push(env.GIT_CONFIG_SYSTEM ?? "/etc/gitconfig");
  }
  if (env.GIT_CONFIG_GLOBAL !== undefined) {
    files.push(env.GIT_CONFIG_GLOBAL);
  } else if (env.HOME) {
    files.push(
      join(env.XDG_CONFIG_HOME || join(env.HOME, ".config"), "git", "config"),
    );
    files.push(join(env.HOME, ".gitconfig"));
  }
  return files.filter((file) => file !== "" && file !== "/dev/null");
}

function readSmall(path: string): string | undefined {
  try {
    const info = Deno.statSync(path);
    if (!info.isFile || info.size > MAX_CONFIG_BYTES) return undefined;
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

function expandHome(value: string, home: string | undefined): string | null {
  if (!value.startsWith("~")) return value;
  if (value !== "~" && !value.startsWith("~/")) return null;
  return home ? join(home, value.slice(1)) : null;
}

/** A program or folder named by a value, inside the project: relative to the project's root. */
function programTarget(
  project: string,
  value: string,
  home: string | undefined,
): string | null {
  const path = expandHome(value, home);
  return path === null ? null : insideProject(project, project, path);
}

function serverEnv(): Record<string, string> {
  try {
    return Deno.env.toObject();
  } catch {
    return {};
  }
}

/**
 * The project paths the user's and the system's git configuration make git
 * run: `core.hooksPath` folders, `core.fsmonitor` programs, and config files
 * they include that lie in the project.
 *
 * @param project The project (real path).
 * @param env The environment the user's git runs with. @default {Deno.env}
 * @returns Project-relative paths, each to be protected whole.
 */
export function userGitConfigTargets(
  project: string,
  env: Readonly<Record<string, string | undefined>> = serverEnv(),
): string[] {
  const found = new Set<string>();
  const home = env.HOME;
  const take = (key: string, value: string) => {
    if (
      key === "core.hookspath" ||
      (key === "core.fsmonitor" && !BOOLEAN.test(value))
    ) {
      const path = programTarget(
        project,
        key === "core.fsmonitor" ? value.split(/\s+/)[0]! : value,
        home,
      );
      if (path) found.add(path);
    }
  };
  const seen = new Set<string>();
  const visit = (file: string, depth: number) => {
    if (depth > MAX_INCLUDE_DEPTH || seen.has(file)) return;
    seen.add(file);
    const text = readSmall(file);
    if (text === undefined) return;
    for (const key of ["core.hookspath", "core.fsmonitor"]) {
      for (const value of configValues(text, new Set([key]))) take(key, value);
    }
    for (
      const value of configValues(
        text,
        new Set(["include.path", "includeif.path"]),
      )
    ) {
      const expanded = expandHome(value, home);
      if (expanded === null) continue;
      const included = isAbsolute(expanded)
        ? expanded
        : join(dirname(file), expanded);
      const inProject = insideProject(project, project, included);
      if (inProject) found.add(inProject);
      visit(included, depth + 1);
    }
  };
  for (const file of configFiles(env)) visit(file, 0);
  const count = Number(env.GIT_CONFIG_COUNT ?? 0);
  for (let i = 0; Number.isInteger(count) && i < Math.min(count, 100); i++) {
    const key = env[`GIT_CONFIG_KEY_${i}`]?.toLowerCase();
    const value = env[`GIT_CONFIG_VALUE_${i}`];
    if (key && value) take(key, value);
  }
  return [...found].filter((path) =>
    path !== ".git" && !path.startsWith(".git/")
  );
}
