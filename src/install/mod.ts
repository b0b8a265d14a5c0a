/**
 * `ctx-mode install` as a library: what to write for which agents and
 * scopes, whether an agent is registered, and the pieces the CLI, the doctor
 * and plugins share (the launch command, the targets, the engine).
 *
 * Plans and applies; never prints and never asks.
 *
 * @module
 */

import { FolderLedger } from "./folder_ledger.ts";
import {
  applyChange,
  type FileChange,
  isChange,
  type Mode,
  planChanges,
} from "./plan.ts";
import type {
  InstallTarget,
  Registration,
  Scope,
  TargetWhere,
} from "./types.ts";
import type { LaunchCommand } from "./launch_command.ts";

export { applyChange, isChange, planChanges, unifiedDiff } from "./plan.ts";
export type { FileChange, Mode } from "./plan.ts";
export {
  commandLine,
  currentLaunchCommand,
  launchCommand,
  looksLikeCtxMode,
} from "./launch_command.ts";
export type {
  InstallKind,
  LaunchCommand,
  LaunchFacts,
} from "./launch_command.ts";
export { detectAgents, onPath } from "./detect_agents.ts";
export type { FoundAgent } from "./detect_agents.ts";
export { INSTALL_TARGETS, installTarget } from "./targets/mod.ts";
export type * from "./types.ts";

/** One agent in one scope, and the changes to its files. */
export interface TargetPlan {
  /** The agent. */
  target: InstallTarget;
  /** The scope. */
  scope: Scope;
  /** One entry per file, changed or not. */
  changes: FileChange[];
}

/** The scope to use for a target: the one asked for when it supports it, else its default. */
export function scopeFor(
  target: InstallTarget,
  asked: Scope | undefined,
): Scope | undefined {
  if (asked === undefined) return target.defaultScope;
  return target.scopes.includes(asked) ? asked : undefined;
}

/**
 * Plans install or uninstall of one target in one scope.
 *
 * @param target The agent.
 * @param options The scope, mode, where and launch command.
 * @returns The plan.
 * @throws {SyntaxError} When one of its files does not parse.
 */
export function planTarget(
  target: InstallTarget,
  options: {
    scope: Scope;
    mode: Mode;
    where: TargetWhere;
    launch: LaunchCommand;
    /** ctx-mode's status-line arguments, offered where the user has none. @default {undefined} */
    statusLine?: readonly string[] | undefined;
    /** The agent's plugin files for this installation. @default {undefined} */
    pluginFiles?: Readonly<Record<string, string>> | undefined;
  },
): TargetPlan {
  const registrations: Registration[] = target.registrations({
    scope: options.scope,
    where: options.where,
    launch: options.launch,
    statusLine: options.statusLine,
    pluginFiles: options.pluginFiles,
  });
  return {
    target,
    scope: options.scope,
    changes: planChanges(registrations, options.mode),
  };
}

/**
 * Whether ctx-mode is registered with a target in a scope (uninstall would change something).
 *
 * @throws {SyntaxError} When one of its files does not parse.
 */
export function isInstalled(
  target: InstallTarget,
  options: {
    scope: Scope;
    where: TargetWhere;
    launch: LaunchCommand;
    /** The agent's plugin files for this installation. @default {undefined} */
    pluginFiles?: Readonly<Record<string, string>> | undefined;
  },
): boolean {
  // An entry another target writes too says nothing about this one.
  const registrations = target.registrations(options).filter((reg) =>
    !("shared" in reg && reg.shared)
  );
  return planChanges(registrations, "uninstall").some(isChange);
}

/**
 * Writes a plan's changes.
 *
 * @param plan The plan.
 * @param where The home and project folders, never removed.
 * @returns The files changed.
 */
export function applyPlan(plan: TargetPlan, where: TargetWhere): string[] {
  const changed = plan.changes.filter(isChange);
  const ledger = FolderLedger.of(where);
  for (const change of changed) {
    applyChange(change, [where.home, where.projectDir], ledger);
  }
  return changed.map((change) => change.path);
}
