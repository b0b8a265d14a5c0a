/**
 * Where ctx-mode keeps its data: the data home, the project directory and the
 * per-project database file.
 *
 * Pure functions of their inputs (environment and paths come in as
 * parameters); the only I/O is resolving a project's real path. This module
 * must never create, write or delete anything.
 *
 * @module
 */

import {
  basenameOf,
  isAbsolutePath,
  joinPath,
  resolvePath,
} from "./path_lite.ts";

/** A read-only view of environment variables. */
export type Env = Readonly<Record<string, string>>;

/** The variables agents set to tell a hook or server which project it serves, in order of trust. */
const PROJECT_DIR_VARIABLES = [
  "CTX_MODE_PROJECT_DIR",
  "CLAUDE_PROJECT_DIR",
  "GEMINI_PROJECT_DIR",
  "QWEN_PROJECT_DIR",
  "CURSOR_PROJECT_DIR",
  "KIRO_PROJECT_DIR",
  "VSCODE_CWD",
] as const;

/** The variables agents set, for the MCP servers they start, to name the agent's session. */
const AGENT_SESSION_VARIABLES = [
  "CTX_MODE_SESSION_ID",
  "CLAUDE_CODE_SESSION_ID",
] as const;

/**
 * The agent's session a server runs for, when the agent names it: the id
 * its hooks and status line see, so their figures can be joined.
 *
 * @param env The environment.
 * @returns The id (printable, at most 128 characters), or undefined.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentSessionId } from "./paths.ts";
 * assert.equal(agentSessionId({ CLAUDE_CODE_SESSION_ID: "abc-1" }), "abc-1");
 * assert.equal(agentSessionId({ CLAUDE_CODE_SESSION_ID: "a\nb" }), undefined);
 * ```
 */
export function agentSessionId(env: Env): string | undefined {
  const value = AGENT_SESSION_VARIABLES.map((name) => env[name]?.trim()).find(
    (value) => value,
  );
  return value && /^[\x21-\x7e]{1,128}$/.test(value) ? value : undefined;
}

/**
 * The data home: `$CTX_MODE_HOME`, else `~/.ctx-mode`.
 *
 * @param env The environment to read.
 * @returns An absolute path; it may not exist yet.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dataHome } from "./paths.ts";
 * assert.equal(dataHome({ CTX_MODE_HOME: "/srv/ctx" }), "/srv/ctx");
 * assert.equal(dataHome({ HOME: "/home/ada" }), "/home/ada/.ctx-mode");
 * ```
 */
export function dataHome(env: Env): string {
  const explicit = env.CTX_MODE_HOME?.trim();
  if (explicit) return resolvePath(explicit);
  const home = env.HOME ?? env.USERPROFILE;
  if (!home) {
    throw new TypeError(
      'Cannot find the data home "": neither CTX_MODE_HOME nor HOME is set',
    );
  }
  return joinPath(home, ".ctx-mode");
}

/**
 * The project directory: an explicit choice, else the agent's project
 * variable, else the working directory; always its real path when it exists.
 *
 * @param cwd The working directory of the process.
 * @param options An explicit project directory and the environment.
 * @returns An absolute, symlink-resolved path when the directory exists.
 */
export function projectDir(
  cwd: string,
  options: {
    /** A directory the user named (`--project`). @default {undefined} */
    explicit?: string | undefined;
    /** The environment. @default {{}} */
    env?: Env;
  } = {},
): string {
  const env = options.env ?? {};
  const fromEnv = PROJECT_DIR_VARIABLES.map((name) => env[name]?.trim()).find(
    (value) => value,
  );
  const chosen = resolvePath(cwd, options.explicit ?? fromEnv ?? cwd);
  try {
    return Deno.realPathSync(chosen);
  } catch {
    return chosen;
  }
}

/**
 * A short stable hash of a project path, used to name its database.
 *
 * @param path The project's real path.
 * @returns 16 lowercase hex characters.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { projectHash } from "./paths.ts";
 * assert.match(projectHash("/src/app"), /^[0-9a-f]{16}$/);
 * assert.equal(projectHash("/src/app"), projectHash("/src/app"));
 * ```
 */
export function projectHash(path: string): string {
  // FNV-1a, 64 bits: stable, well spread, and cheap to load on the hook path
  // (a SHA from node:crypto costs a hook process tens of milliseconds).
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(path)) {
    hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, "0");
}

/**
 * The database file of a project: `<data home>/projects/<name>-<hash>.db`.
 *
 * @param project The project's real path.
 * @param home The data home.
 * @returns An absolute file path.
 */
export function projectDatabasePath(project: string, home: string): string {
  if (!isAbsolutePath(project)) {
    throw new TypeError(
      `Cannot name the database of "${project}": the project path is not absolute`,
    );
  }
  const name =
    basenameOf(project).replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 40) ||
    "root";
  return joinPath(home, "projects", `${name}-${projectHash(project)}.db`);
}
