/**
 * The safety library: a bounded shell parser, the guard that blocks
 * destructive commands and secret reads before an agent runs them, and the
 * user's permission rules and guard settings (the policy).
 *
 * Pure: importing it has no side effects, and nothing here runs, reads or
 * prints anything.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkCommand } from "./mod.ts";
 * const options = { cwd: "/home/u/proj", home: "/home/u" };
 * assert.equal(checkCommand("rm -rf node_modules", options).verdict, "allow");
 * assert.equal(checkCommand("rm -rf ~", options).rule, "rm.home");
 * ```
 *
 * @module
 */

export {
  analyseCommand,
  checkCommand,
  type CheckCommandOptions,
  checkReadPath,
  type CheckReadPathOptions,
  type CommandAnalysis,
  type Level,
  type ShellRead,
  type Verdict,
} from "./guard.ts";
export { checkCode, type CheckCodeOptions } from "./code_check.ts";
export {
  checkWritePath,
  type CheckWritePathOptions,
} from "./check_write_path.ts";
export {
  CONTROL_PATTERNS,
  type ControlFileOptions,
  type ControlFiles,
  controlFiles,
  type ControlPath,
  controlPathWithin,
  type ControlPattern,
  matchControlPath,
  projectControlPaths,
} from "./control_files.ts";
export {
  buildPolicy,
  checkWithPolicy,
  DEFAULT_POLICY,
  type Policy,
  type PolicyFileReport,
  type PolicyVerdict,
  type PolicyWhere,
} from "./policy.ts";
export {
  checkPermissions,
  type PermissionRequest,
  type PermissionVerdict,
  type PermissionWhere,
  type RuleList,
  type RuleScope,
  type SourcedRule,
} from "./permissions.ts";
export {
  parsePermissionRule,
  type PathBases,
  type PermissionRule,
  type RuleTarget,
} from "./permission_rule.ts";
export {
  checkShellReads,
  hasReadRules,
  type ShellReadWhere,
} from "./shell_read_rules.ts";
export {
  type Heredoc,
  type ParseOptions,
  type ParseResult,
  parseShell,
  type Redirect,
  type RedirectOperator,
  type SimpleCommand,
  type Word,
} from "./shell_parse.ts";
