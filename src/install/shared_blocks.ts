/**
 * Routing blocks that agents share: several agents read the same
 * instructions file (`~/.gemini/GEMINI.md` for Gemini CLI and Antigravity,
 * `.github/copilot-instructions.md` for the Copilot family, the project's
 * `AGENTS.md`), and ctx-mode writes one block there. A block counts as no
 * agent's registration of its own, and uninstalling one agent keeps the
 * block while another agent that reads the file is still registered.
 *
 * Reads files (through the given reader); never writes.
 *
 * @module
 */

import { isChange, planChanges, readExisting } from "./plan.ts";
import type { LaunchCommand } from "./launch_command.ts";
import type {
  InstallTarget,
  Registration,
  Scope,
  TargetWhere,
} from "./types.ts";

type Reader = (path: string) => string | undefined;

/** What a registration writes, as text: its kind, file and key. */
function placeOf(reg: Registration): string {
  const key = reg.kind === "toml-key"
    ? [...reg.table, reg.key]
    : "key" in reg
    ? reg.key
    : "table" in reg
    ? reg.table
    : [];
  const root = reg.kind === "json-hooks" ? [reg.root, reg.agent] : [];
  return JSON.stringify([reg.kind, reg.path, key, root]);
}

/**
 * Whether uninstall would remove something of the target's own in a scope:
 * a server, a hook, a plugin; a routing block alone does not count, nor the
 * places named in `except`.
 *
 * @throws {SyntaxError} When one of its files does not parse.
 */
export function hasOwnRegistration(
  target: InstallTarget,
  scope: Scope,
  where: TargetWhere,
  launch: LaunchCommand,
  read: Reader = readExisting,
  except: ReadonlySet<string> = new Set(),
): boolean {
  const own = target.registrations({ scope, where, launch }).filter((reg) =>
    reg.kind !== "markdown-block" && !except.has(placeOf(reg))
  );
  return planChanges(own, "uninstall", read).some(isChange);
}

/**
 * The instructions files of a target's scope whose block another agent,
 * still registered, reads too.
 *
 * @param target The agent being uninstalled.
 * @param agents Every install target (the others that may read the same file).
 * @param scope Its scope.
 * @param where The home and project.
 * @param launch This installation's command.
 * @param read Reads a file as the plans so far leave it. @default {readExisting}
 * @returns Their paths.
 */
export function blocksOthersUse(
  target: InstallTarget,
  agents: readonly InstallTarget[],
  scope: Scope,
  where: TargetWhere,
  launch: LaunchCommand,
  read: Reader = readExisting,
): Set<string> {
  const registrations = target.registrations({ scope, where, launch });
  const mine = new Set(
    registrations.filter((reg) => reg.kind === "markdown-block").map((reg) =>
      reg.path
    ),
  );
  // An entry both agents read (Antigravity's one MCP file) goes with either.
  const alsoMine = new Set(registrations.map(placeOf));
  const shared = new Set<string>();
  if (mine.size === 0) return shared;
  for (const other of agents) {
    if (other === target) continue;
    for (const otherScope of other.scopes) {
      const paths = other.registrations({ scope: otherScope, where, launch })
        .filter((reg) => reg.kind === "markdown-block" && mine.has(reg.path))
        .map((reg) => reg.path);
      if (paths.length === 0) continue;
      let registered = true;
      try {
        registered = hasOwnRegistration(
          other,
          otherScope,
          where,
          launch,
          read,
          alsoMine,
        );
      } catch {
        // Another agent's config does not parse: its block stays, to be safe.
      }
      if (registered) { for (const path of paths) shared.add(path); }
    }
  }
  return shared;
}
