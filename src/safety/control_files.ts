/**
 * The control files: files that configure a guard or run code later without
 * anyone asking, so that whoever writes them can loosen ctx-mode's policy or
 * an agent's permissions, or plant code the next plain `git status`, `cd` or
 * editor start runs unconfined.
 *
 * - ctx-mode's own policy: the project's `.ctx-mode.json`, the user's
 *   `<data home>/config.json`;
 * - agents' settings holding permission rules, hooks or MCP servers:
 *   `.claude/settings.json`, `.claude/settings.local.json`,
 *   `.gemini/settings.json`, `.cursor/hooks.json`, `.codex/config.toml`,
 *   `.qwen/settings.json`, `.kiro/hooks/`, `.kiro/settings/`,
 *   `.github/hooks/`, `.vscode/settings.json`, `.vscode/tasks.json`, and the
 *   user-level ones (`~/.claude/settings.json` or `$CLAUDE_CONFIG_DIR`,
 *   `~/.codex/config.toml` or `$CODEX_HOME`, …);
 * - files that run code: `.git/config`, `.git/config.worktree`,
 *   `.git/hooks/` (every file below it), `.envrc` (direnv), the user's
 *   `~/.gitconfig` and `~/.config/git/config`.
 *
 * Two views of the same list, for two kinds of callers:
 * - `paths`: absolute paths at the project root and in the user's folders,
 *   whether or not they exist yet (a sandbox binds the existing ones
 *   read-only, and must keep the missing ones from being created);
 * - `patterns`: the project-relative names, which the guard matches at any
 *   depth (`sub/.git/config`, `vendor/x/.envrc`), since a nested repository's
 *   config or an `.envrc` runs code as soon as someone works there.
 *
 * Pure string work; never touches the file system. Imports nothing but
 * `src/config`, so the sandbox can import it too; no `node:` modules, since
 * the hook process loads it on every tool call.
 *
 * @module
 */

import { isAbsolutePath, joinPath } from "../config/path_lite.ts";

/** One control file or folder. */
export interface ControlPath {
  /** The absolute path. */
  path: string;
  /** `file`, or `dir` when every file below it counts. */
  kind: "file" | "dir";
  /** Whether it belongs to the project or to the user. */
  scope: "project" | "user";
  /** What it controls, for messages (`git runs its hooks`). */
  what: string;
}

/** A control file name relative to a project (or to any folder, for the guard). */
export interface ControlPattern {
  /** The relative path, `/`-separated (`.git/config`, `.git/hooks`). */
  pattern: string;
  /** `file`, or `dir` when every file below it counts. */
  kind: "file" | "dir";
  /** What it controls, for messages. */
  what: string;
}

/** Every control file of a project and its user. */
export interface ControlFiles {
  /** Absolute paths: the patterns at the project root, then the user's files. */
  paths: ControlPath[];
  /** Project-relative names, which the guard also matches below any folder. */
  patterns: ControlPattern[];
}

/** Where the user's files are. */
export interface ControlFileOptions {
  /** The user's home directory. */
  home: string;
  /** ctx-mode's data home (`$CTX_MODE_HOME`, default `~/.ctx-mode`). */
  dataHome: string;
  /** Claude Code's user folder (`$CLAUDE_CONFIG_DIR`). @default {"<home>/.claude"} */
  claudeDir?: string | undefined;
  /** Codex's user folder (`$CODEX_HOME`). @default {"<home>/.codex"} */
  codexHome?: string | undefined;
}

const AGENT = "an agent's permission rules, hooks or MCP servers";

/** The project-relative control files, in one place for the guard and the sandbox. */
export const CONTROL_PATTERNS: readonly ControlPattern[] = Object.freeze([
  { pattern: ".ctx-mode.json", kind: "file", what: "ctx-mode's guard policy" },
  { pattern: ".claude/settings.json", kind: "file", what: AGENT },
  { pattern: ".claude/settings.local.json", kind: "file", what: AGENT },
  { pattern: ".gemini/settings.json", kind: "file", what: AGENT },
  { pattern: ".cursor/hooks.json", kind: "file", what: AGENT },
  { pattern: ".codex/config.toml", kind: "file", what: AGENT },
  { pattern: ".qwen/settings.json", kind: "file", what: AGENT },
  { pattern: ".kiro/hooks", kind: "dir", what: AGENT },
  { pattern: ".kiro/settings", kind: "dir", what: AGENT },
  { pattern: ".github/hooks", kind: "dir", what: AGENT },
  {
    pattern: ".vscode/settings.json",
    kind: "file",
    what: "the editor's settings, which can run programs",
  },
  {
    pattern: ".vscode/tasks.json",
    kind: "file",
    what: "the editor's tasks, which can run when the folder opens",
  },
  {
    pattern: ".git/config",
    kind: "file",
    what:
      "git's configuration, which can run programs (core.fsmonitor, aliases)",
  },
  {
    pattern: ".git/config.worktree",
    kind: "file",
    what:
      "git's configuration, which can run programs (core.fsmonitor, aliases)",
  },
  { pattern: ".git/hooks", kind: "dir", what: "git's hooks, which git runs" },
  { pattern: ".envrc", kind: "file", what: "direnv's script, run on cd" },
  { pattern: ".mcp.json", kind: "file", what: AGENT },
  { pattern: "opencode.json", kind: "file", what: AGENT },
  { pattern: ".opencode", kind: "dir", what: "an agent's plugins" },
  {
    pattern: ".husky",
    kind: "dir",
    what: "git hooks that husky points git at",
  },
  {
    pattern: ".devcontainer",
    kind: "dir",
    what: "the dev container's commands, run when it is built",
  },
]) as readonly ControlPattern[];

/**
 * What a sandboxed run may not write, relative to the project: stricter
 * than {@link CONTROL_PATTERNS}, since a run's changes are never asked
 * about. The agents' folders count whole (the scripts their hooks call, their
 * MCP server lists, commands and rules live there too); `git` is git's own
 * folder, where only {@link GIT_CONTROL_NAMES} count (or the `.git` file of
 * a worktree or submodule checkout).
 */
export const RUN_CONTROL_PATHS: readonly {
  path: string;
  kind: "whole" | "git";
}[] = Object.freeze([
  { path: ".git", kind: "git" },
  ...[
    ".claude",
    ".gemini",
    ".cursor",
    ".codex",
    ".qwen",
    ".kiro",
    ".github/hooks",
    ".vscode",
    ".husky",
    ".devcontainer",
    ".opencode",
    ".envrc",
    ".mcp.json",
    "opencode.json",
    ".ctx-mode.json",
    // Other agents' project folders and files: plugins, extensions, hooks, MCP servers, tasks.
    ".amp",
    ".agents",
    ".pi",
    ".omp",
    "mcp.json",
    ".zed",
    ".kimi-code",
    ".kilo",
    ".kilocode",
    "kilo.json",
    "kilo.jsonc",
    "opencode.jsonc",
    ".github/mcp.json",
    ".github/copilot",
    // Git hook managers and tool managers that run what their files name.
    ".pre-commit-config.yaml",
    "lefthook.yml",
    "lefthook.yaml",
    ".lefthook.yml",
    ".lefthook.yaml",
    "mise.toml",
    ".mise.toml",
  ].map((path) => ({ path, kind: "whole" as const })),
]);

/**
 * The entries of a git folder (`.git`, `.git/modules/<name>`,
 * `.git/worktrees/<name>`) from which git takes settings or programs:
 * everything else there (objects, refs, logs, the index, `HEAD`) is data
 * that ordinary git work changes.
 */
export const GIT_CONTROL_NAMES: readonly string[] = Object.freeze([
  "config",
  "config.worktree",
  "commondir",
  "gitdir",
  "hooks",
  "info",
  "remotes",
  "branches",
  "modules",
  "worktrees",
]);

/**
 * The project's control paths, absolute, existing or not.
 *
 * @param projectDir The project directory.
 * @returns One path per entry of {@link CONTROL_PATTERNS}.
 */
export function projectControlPaths(projectDir: string): string[] {
  return CONTROL_PATTERNS.map((p) =>
    joinPath(projectDir, ...p.pattern.split("/"))
  );
}

/**
 * The control files of a project and its user.
 *
 * @param projectDir The project directory (absolute).
 * @param options The home directory, the data home and the agents' user folders.
 * @returns The absolute paths and the project-relative patterns.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { controlFiles } from "./control_files.ts";
 * if (Deno.build.os !== "windows") {
 *   const files = controlFiles("/p", { home: "/h", dataHome: "/h/.ctx-mode" });
 *   const paths = files.paths.map((p) => p.path);
 *   assert.ok(paths.includes("/p/.git/config"));
 *   assert.ok(paths.includes("/h/.ctx-mode/config.json"));
 *   assert.ok(files.patterns.some((p) => p.pattern === ".git/hooks" && p.kind === "dir"));
 * }
 * ```
 */
export function controlFiles(
  projectDir: string,
  options: ControlFileOptions,
): ControlFiles {
  const { home } = options;
  const user = (path: string, what: string): ControlPath => ({
    path,
    kind: "file",
    scope: "user",
    what,
  });
  const git = "git's configuration, which can run programs";
  return {
    paths: [
      ...CONTROL_PATTERNS.map((p): ControlPath => ({
        path: joinPath(projectDir, ...p.pattern.split("/")),
        kind: p.kind,
        scope: "project",
        what: p.what,
      })),
      user(
        joinPath(options.dataHome, "config.json"),
        "ctx-mode's guard policy",
      ),
      user(
        joinPath(
          options.claudeDir ?? joinPath(home, ".claude"),
          "settings.json",
        ),
        AGENT,
      ),
      user(
        joinPath(options.codexHome ?? joinPath(home, ".codex"), "config.toml"),
        AGENT,
      ),
      user(joinPath(home, ".gemini", "settings.json"), AGENT),
      user(joinPath(home, ".qwen", "settings.json"), AGENT),
      user(joinPath(home, ".cursor", "hooks.json"), AGENT),
      user(joinPath(home, ".gitconfig"), git),
      user(joinPath(home, ".config", "git", "config"), git),
    ],
    patterns: [...CONTROL_PATTERNS],
  };
}

function segments(path: string): string[] {
  return path.split(/[\\/]+/).filter((s) => s !== "" && s !== ".");
}

function startsWithSegments(path: string[], prefix: string[]): boolean {
  return prefix.length <= path.length &&
    prefix.every((s, i) => s.toLowerCase() === path[i]?.toLowerCase());
}

/**
 * The control file a path names, if any: one of the absolute paths, or a
 * pattern below any folder. Case-insensitive, since macOS and Windows file
 * systems are. The path must be absolute and normalised (no `..`); links
 * are the caller's to resolve.
 *
 * @param path The absolute path written, deleted or moved.
 * @param files The control files.
 * @returns The control file (a pattern's match as a project path), or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { controlFiles, matchControlPath } from "./control_files.ts";
 * const files = controlFiles("/p", { home: "/h", dataHome: "/h/.ctx-mode" });
 * assert.equal(matchControlPath("/p/.git/hooks/pre-commit", files)?.kind, "dir");
 * assert.equal(matchControlPath("/p/vendor/lib/.envrc", files)?.path, "/p/vendor/lib/.envrc");
 * assert.equal(matchControlPath("/p/.git/HEAD", files), null);
 * assert.equal(matchControlPath("/p/config.json", files), null);
 * ```
 */
export function matchControlPath(
  path: string,
  files: ControlFiles,
): ControlPath | null {
  if (!isAbsolutePath(path)) return null;
  const parts = segments(path);
  for (const entry of files.paths) {
    const own = segments(entry.path);
    const hit = entry.kind === "dir"
      ? startsWithSegments(parts, own)
      : own.length === parts.length && startsWithSegments(parts, own);
    if (hit) return entry;
  }
  for (const p of files.patterns) {
    const own = p.pattern.split("/");
    for (let at = 0; at + own.length <= parts.length; at++) {
      const rest = parts.slice(at);
      const hit = p.kind === "dir"
        ? startsWithSegments(rest, own)
        : rest.length === own.length && startsWithSegments(rest, own);
      if (hit) {
        return {
          path: `/${parts.slice(0, at + own.length).join("/")}`,
          kind: p.kind,
          scope: "project",
          what: p.what,
        };
      }
    }
  }
  return null;
}

/**
 * The control files inside a folder that is written, deleted or moved as a
 * whole (`rm -r .claude`, `mv .git old`): the first one found, or null.
 *
 * @param dir The absolute, normalised folder.
 * @param files The control files.
 * @returns A control file at or below the folder, or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { controlFiles, controlPathWithin } from "./control_files.ts";
 * const files = controlFiles("/p", { home: "/h", dataHome: "/h/.ctx-mode" });
 * assert.equal(controlPathWithin("/p/.claude", files)?.path, "/p/.claude/settings.json");
 * assert.equal(controlPathWithin("/p/src", files), null);
 * ```
 */
export function controlPathWithin(
  dir: string,
  files: ControlFiles,
): ControlPath | null {
  const own = segments(dir);
  if (own.length === 0) return files.paths[0] ?? null;
  const below = files.paths.find((entry) =>
    startsWithSegments(segments(entry.path), own) &&
    segments(entry.path).length > own.length
  );
  if (below) return below;
  const last = own[own.length - 1]?.toLowerCase();
  const pattern = files.patterns.find((p) =>
    p.pattern.split("/")[0]?.toLowerCase() === last
  );
  if (pattern) {
    return matchControlPath(
      `${dir}/${pattern.pattern.split("/").slice(1).join("/")}`,
      files,
    );
  }
  return matchControlPath(dir, files);
}
