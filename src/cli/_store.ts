/**
 * Opening the knowledge base a command works on: `--db`, else the project's
 * file under the data home.
 *
 * @module
 */

import { resolve } from "node:path";
import { dataHome, projectDatabasePath, projectDir } from "../config/paths.ts";
import { secureDataHome } from "../config/private_files.ts";
import type { KnowledgeBase } from "../store/knowledge_base.ts";
import { KnowledgeBaseKeeper } from "../store/knowledge_base_keeper.ts";
import { scrubberFromEnv } from "../sandbox/options_from_env.ts";
import type { CliContext } from "./_context.ts";
import { UsageError } from "./_usage_error.ts";

/** The `--project` and `--db` values of a command. */
export interface StoreFlags {
  project?: string | undefined;
  db?: string | undefined;
}

/**
 * The project a command works on: `--project`, else the agent's project
 * variable, else the working directory.
 *
 * @throws {UsageError} When `--project` names no directory: nothing is created for it.
 */
export function projectFor(
  flags: StoreFlags,
  context: CliContext,
  command: string,
): string {
  const project = projectDir(context.cwd, {
    explicit: flags.project,
    env: context.env,
  });
  if (flags.project !== undefined && !isDirectory(project)) {
    throw new UsageError(
      `Cannot use --project "${flags.project}": no such directory`,
      command,
    );
  }
  return project;
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/** The database file a command should use; the data home is tightened on the way when others can read it. */
export function databasePathFor(
  flags: StoreFlags,
  context: CliContext,
  command = "",
): string {
  if (flags.db) return resolve(context.cwd, flags.db);
  const project = projectFor(flags, context, command);
  const home = dataHome(context.env);
  secureDataHome(home);
  return projectDatabasePath(project, home);
}

/**
 * Opens the knowledge base a command should use, scrubbing the environment's
 * secrets from what it indexes. A file that is not SQLite or is damaged (at
 * open, or by `PRAGMA quick_check`) is moved aside with its `-wal` and `-shm`
 * and a new one started, with one note on stderr, as the server does.
 */
export function openStoreFor(
  flags: StoreFlags,
  context: CliContext,
): KnowledgeBase {
  return keepStoreFor(flags, context).get();
}

/**
 * Moves a damaged database aside before a command that reads it another way
 * (session history, the savings report, doctor), with one note on stderr.
 * What moving aside cannot fix (a lock, permissions, a newer schema) is left
 * to the command's own opening to report.
 *
 * @param path The database file.
 * @param context Where the note goes.
 */
export function setAsideIfDamaged(path: string, context: CliContext): void {
  if (!isFile(path)) return;
  const keeper = keeperOf(path, context, true);
  try {
    keeper.get();
  } catch {
    // Not damage: the command's own opening reports it.
  } finally {
    keeper.close();
  }
}

/**
 * A keeper of the knowledge base a command should use, for commands whose
 * main work must not depend on it (`exec`): a damaged file is moved aside
 * with a note on stderr.
 */
export function keepStoreFor(
  flags: StoreFlags,
  context: CliContext,
): KnowledgeBaseKeeper {
  return keeperOf(databasePathFor(flags, context), context, true);
}

function keeperOf(
  path: string,
  context: CliContext,
  checkFirst: boolean,
): KnowledgeBaseKeeper {
  return new KnowledgeBaseKeeper(path, {
    checkFirst,
    scrubber: scrubberFromEnv(context.env),
    onNote: (line) => void context.err(`ctx-mode: ${line}\n`),
  });
}
