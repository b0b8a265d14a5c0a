/**
 * Git configuration given through the environment, which git reads like
 * `-c name=value`: `GIT_CONFIG_COUNT` with `GIT_CONFIG_KEY_<n>` and
 * `GIT_CONFIG_VALUE_<n>`, and `GIT_CONFIG_PARAMETERS` (`'name=value' …` or
 * `'name'='value' …`). Aliases and `core.sshCommand` set there run programs.
 *
 * Pure: reads the values the command line sets; never the real environment.
 *
 * @module
 */

/** The settings the environment gives git, and whether any is only known at run time. */
export interface GitEnvConfig {
  /** `name=value` settings, in the order git applies them. */
  settings: string[];
  /** Whether a configuration variable's value is only known at run time. */
  dynamic: boolean;
}

/**
 * Reads the git configuration a command's environment sets.
 *
 * @param env The command's environment variables (null = only known at run time).
 * @returns The settings.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gitEnvConfig } from "./_git_env.ts";
 * const env = new Map([["GIT_CONFIG_COUNT", "1"], ["GIT_CONFIG_KEY_0", "alias.x"], ["GIT_CONFIG_VALUE_0", "!ls"]]);
 * assert.deepEqual(gitEnvConfig(env).settings, ["alias.x=!ls"]);
 * ```
 */
export function gitEnvConfig(
  env: ReadonlyMap<string, string | null>,
): GitEnvConfig {
  const out: GitEnvConfig = { settings: [], dynamic: false };
  const parameters = env.get("GIT_CONFIG_PARAMETERS");
  if (parameters === null) out.dynamic = true;
  else if (parameters !== undefined) {
    for (const m of parameters.matchAll(/'([^']*)'(?:='([^']*)')?/g)) {
      out.settings.push(m[2] === undefined ? m[1] ?? "" : `${m[1]}=${m[2]}`);
    }
  }
  const count = env.get("GIT_CONFIG_COUNT");
  if (count === null) out.dynamic = true;
  if (count === undefined || count === null) return out;
  const n = Math.min(Number.parseInt(count, 10) || 0, 64);
  for (let i = 0; i < n; i++) {
    const key = env.get(`GIT_CONFIG_KEY_${i}`);
    const value = env.get(`GIT_CONFIG_VALUE_${i}`);
    if (key === null || value === null) out.dynamic = true;
    if (typeof key === "string") out.settings.push(`${key}=${value ?? ""}`);
  }
  return out;
}
