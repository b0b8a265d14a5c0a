/**
 * `ctx-mode install` as a library: what to write for which agents and
 * scopes, whether an agent is registered, and the pieces the CLI, the doctor
 * and plugins share (the launch command, the engine). Agent-neutral: each
 * agent's install target lives in its folder under `adapters/`
 * (`adapters/install_targets.ts` lists them).
 *
 * Plans and applies; never prints and never asks.
 *
 * @module
 */

import { FolderLedger } from "./folder_ledger.ts";
import { blocksOthersUse } from "./shared_blocks.ts";
import {
  applyChange,
  type FileChange,
  isChange,
  type Mode,
  planChanges,
  readExisting,
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
export { hasOwnRegistration } from "./shared_blocks.ts";
export type { FoundAgent } from "./detect_agents.ts";
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
    /** Every install target: uninstall keeps a routing block another registered one reads too. */
    agents: readonly InstallTarget[];
    /** ctx-mode's status-line arguments, offered where the user has none. @default {undefined} */
    statusLine?: readonly string[] | undefined;
    /** The agent's plugin files for this installation. @default {undefined} */
    pluginFiles?: Readonly<Record<string, string>> | undefined;
    /** Reads a file (undefined: missing). @default {readExisting} */
    read?: ((path: string) => string | undefined) | undefined;
  },
): TargetPlan {
  const all: Registration[] = target.registrations({
    scope: options.scope,
    where: options.where,
    launch: options.launch,
    statusLine: options.statusLine,
    pluginFiles: options.pluginFiles,
  });
  // Uninstall keeps a routing block that another registered agent reads too.
  const shared = options.mode === "uninstall"
    ? blocksOthersUse(
      target,
      options.agents,
      options.scope,
      options.where,
      options.launch,
      options.read,
    )
    : new Set<string>();
  const registrations = all.filter((reg) =>
    reg.kind !== "markdown-block" || !shared.has(reg.path)
  );
  return {
    target,
    scope: options.scope,
    changes: planChanges(registrations, options.mode, options.read),
  };
}

/**
 * A reader that sees each file as the plans recorded so far leave it, so
 * that agents sharing a file (`GEMINI.md`, `.github/hooks/ctx-mode.json`)
 * are planned one after the other rather than each from the old text.
 */
export function plannedReader(): {
  read(path: string): string | undefined;
  record(plan: TargetPlan): TargetPlan;
} {
  const pending = new Map<string, string | undefined>();
  return {
    read: (path) => pending.has(path) ? pending.get(path) : readExisting(path),
    record(plan) {
      for (const change of plan.changes) pending.set(change.path, change.after);
      return plan;
    },
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
  // An entry another target writes too says nothing about this one, nor
  // does a routing block: agents share those files.
  const registrations = target.registrations(options).filter((reg) =>
    !("shared" in reg && reg.shared) && reg.kind !== "markdown-block"
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
