/**
 * The `policy.write` rule for an agent's write and edit tools: writing a
 * control file (ctx-mode's policy, an agent's settings with permission rules
 * or hooks, `.git/config`, `.git/hooks/`, `.envrc`, …) is asked of the user.
 *
 * Pure: never reads the file system (a symlink resolver may be injected).
 *
 * @module
 */

import { joinPath } from "../config/path_lite.ts";
import { allow, type Verdict } from "./_context.ts";
import { controlWriteVerdict } from "./_control_writes.ts";
import { expandHome, resolveFrom, toPosixPath } from "./_paths.ts";
import { controlFiles, matchControlPath } from "./control_files.ts";

/** Options of {@linkcode checkWritePath}. */
export interface CheckWritePathOptions {
  /** The absolute directory relative paths start from. */
  cwd: string;
  /** The user's home directory. */
  home: string;
  /** The project root. @default {cwd} */
  project?: string | undefined;
  /** ctx-mode's data home. @default {"<home>/.ctx-mode"} */
  dataHome?: string | undefined;
  /** Claude Code's user folder (`$CLAUDE_CONFIG_DIR`). @default {"<home>/.claude"} */
  claudeDir?: string | undefined;
  /** Resolves symbolic links; null when the path does not exist. @default {undefined} */
  realPath?: ((path: string) => string | null) | undefined;
}

/**
 * Checks whether an agent's write or edit tool may write a path without
 * asking the user.
 *
 * @param path The path as the tool received it (absolute, relative or `~/…`).
 * @param options Working directory, home, project, data home, symlink resolver.
 * @returns Allow, or an ask with the rule `policy.write`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkWritePath } from "./check_write_path.ts";
 * const options = { cwd: "/p", home: "/h" };
 * assert.equal(checkWritePath(".claude/settings.json", options).rule, "policy.write");
 * assert.equal(checkWritePath("src/settings.json", options).verdict, "allow");
 * ```
 */
export function checkWritePath(
  path: string,
  options: CheckWritePathOptions,
): Verdict {
  const home = resolveFrom("/", toPosixPath(options.home));
  const files = controlFiles(
    resolveFrom("/", toPosixPath(options.project ?? options.cwd)),
    {
      home,
      dataHome: options.dataHome ?? joinPath(home, ".ctx-mode"),
      claudeDir: options.claudeDir,
    },
  );
  const abs = resolveFrom(
    resolveFrom("/", toPosixPath(options.cwd)),
    toPosixPath(expandHome(path, home)),
  );
  const real = options.realPath?.(abs);
  for (const candidate of real ? [abs, toPosixPath(real)] : [abs]) {
    const target = matchControlPath(candidate, files);
    if (target) return controlWriteVerdict(target, "writes");
  }
  return allow();
}
