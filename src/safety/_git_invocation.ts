/**
 * A git run as git itself reads it: settings from `GIT_CONFIG_*` variables
 * and `-c`, shell aliases (`!…`) and commands git runs from configuration
 * judged as shell code, then the subcommand rules.
 *
 * Pure: never runs git.
 *
 * @module
 */

import {
  allow,
  deny,
  type Env,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import { checkGitConfig, gitConfigCommand } from "./_control_writes.ts";
import { checkGitSubcommand, splitGit } from "./_git.ts";
import { gitEnvConfig } from "./_git_env.ts";
import { checkSecretOperands } from "./_secret_access.ts";

/** Checks a git run: configuration from the environment and `-c`, shell aliases, then the subcommand rules. */
export function checkGit(inv: Invocation, env: Env): Verdict {
  const fromEnv = gitEnvConfig(inv.envValues);
  if (fromEnv.dynamic) {
    return deny(
      "git.config-env",
      "git reads configuration (aliases, ssh command, hooks) from GIT_CONFIG_* variables whose values are only known at run time. Write the settings out with -c, or leave them out",
    );
  }
  const split = splitGit(inv.args.map((w) => w.value), fromEnv.settings);
  if (split.shellAlias !== null) {
    return env.nested(split.shellAlias, inv.cwd, env);
  }
  if (split.sub === null) return allow();
  if (split.sub === "config") {
    const v = checkGitConfig(split.args);
    if (v) return v;
  }
  // `-c core.fsmonitor=…`, `-c core.pager=…`: git runs the value at once, so the shell rules judge it.
  for (const setting of split.config) {
    const command = gitConfigCommand(setting);
    if (command === null) continue;
    const v = env.nested(command, inv.cwd, env);
    if (v.verdict !== "allow" && !v.rule?.startsWith("guard.")) return v;
  }
  const h = checkGitSubcommand(split.sub, split.args, {
    envNames: inv.envNames,
    config: split.config,
  });
  if (h) return deny(h.rule, h.reason);
  return checkSecretOperands(inv, env) ?? allow();
}
