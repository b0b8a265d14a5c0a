/**
 * The guard for whole programs that ctx-mode's tools run: Python,
 * JavaScript/TypeScript, Ruby, Perl and PHP code read call by call
 * (recursive deletes judged like `rm -rf`, shell commands in `os.system`,
 * `subprocess.run([...])`, `Deno.Command`, `execSync`, backticks judged by
 * the shell guard, secrets opened or deleted, writes to control files asked
 * of the user), and shell code by the shell guard. Other languages pass.
 *
 * Pure: reads code as text; never runs it. A tripwire against the plain
 * spellings of destructive calls; names and paths built at run time are not
 * followed, so confinement stays the sandbox's.
 *
 * @module
 */

import { checkCalls, languageOf } from "./_code_rules.ts";
import {
  checkCommand,
  type CheckCommandOptions,
  guardEnv,
  type Verdict,
} from "./guard.ts";

/** Options of {@linkcode checkCode}: those of `checkCommand` but the shell dialect. */
export type CheckCodeOptions = Omit<CheckCommandOptions, "shell">;

/**
 * Checks a program before a tool runs it.
 *
 * @param language The language: `python`, `javascript`, `typescript`, `ruby`,
 *   `perl`, `php` (or their usual aliases), or `shell`; others pass.
 * @param code The whole source.
 * @param options Working directory, home, project, level, switched-off rules.
 * @returns The verdict: deny for destructive calls and secrets, ask
 *   (`policy.write`) for writes to control files, else allow.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkCode } from "./code_check.ts";
 * const options = { cwd: "/p", home: "/h" };
 * assert.equal(checkCode("python", 'import shutil\nshutil.rmtree(".git")', options).rule, "rm.git");
 * assert.equal(checkCode("python", 'import shutil\nshutil.rmtree("build")', options).verdict, "allow");
 * assert.equal(checkCode("javascript", 'Deno.writeTextFileSync(".ctx-mode.json", "{}")', options).rule, "policy.write");
 * ```
 */
export function checkCode(
  language: string,
  code: string,
  options: CheckCodeOptions,
): Verdict {
  const name = language.toLowerCase();
  if (["shell", "sh", "bash"].includes(name)) {
    return checkCommand(code, options);
  }
  const lang = languageOf(name);
  if (lang === null) return { verdict: "allow" };
  const env = guardEnv(code, options);
  try {
    return checkCalls(lang, code, env.root, env);
  } catch (error) {
    return {
      verdict: "deny",
      rule: "guard.internal-error",
      reason: `The safety guard failed (${
        error instanceof Error ? error.message : String(error)
      }), so the code is blocked. Simplify the code or run it yourself`,
    };
  }
}
